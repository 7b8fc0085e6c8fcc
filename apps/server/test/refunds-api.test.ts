import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parisIsoDate } from '@mutua/contracts/dates';
import { REFUNDS_EXPORT_SHEET_NAME, ZRefundDetail, ZRefundPage, type TRefundSummary } from '@mutua/contracts/refunds';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { DEMO_MEMBERS } from '../src/modules/members/seed';
import { DEMO_REFUND_COUNTS } from '../src/modules/guarantees/demo-claims';
import { ACCESS_DENIED_AUDIT_KIND } from '../src/http/deny-access';
import { formatEuroCents, formatFrenchDate } from '../src/modules/refunds/french-format';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './support/auth';
import { hasPdftotext, memberIdOf } from './support/database';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { pdfText } from './support/pdf-text';

let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;
let lea: AuthClient;
let julienId: string;
let all: TRefundSummary[];

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  julien = await signIn(t, DEMO_ACCOUNTS.julien.loginEmail);
  lea = await signIn(t, DEMO_ACCOUNTS.lea.loginEmail, { host: 'azur.localhost' });
  julienId = await memberIdOf(t.database.db, 'mutua', DEMO_MEMBERS.julien);
  const res = await camille.get('/api/refunds?limit=200');
  all = ZRefundPage.parse(res.json().data).items;
});
afterAll(() => t.close());

async function latestDenial() {
  const [row] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, ACCESS_DENIED_AUDIT_KIND)).orderBy(desc(auditEvents.at)).limit(1);
  return row;
}

describe('GET /api/refunds', () => {
  it('pages the member’s refunds, newest care first, 50 by default, with the total', async () => {
    expect(all).toHaveLength(DEMO_REFUND_COUNTS.camille);
    const first = await camille.get('/api/refunds');
    expect(first.statusCode).toBe(200);
    const page = ZRefundPage.parse(first.json().data);
    expect(page.items.map((r) => r.id)).toEqual(all.slice(0, 50).map((r) => r.id));
    expect(page.total).toBe(150);
    const second = ZRefundPage.parse((await camille.get(`/api/refunds?cursor=${page.nextCursor}`)).json().data);
    expect(second.items.map((r) => r.id)).toEqual(all.slice(50, 100).map((r) => r.id));
  });

  it('filters by treatment dates, beneficiary types and operation types (comma or repeated)', async () => {
    const startDate = all[120]!.careDate;
    const endDate = all[10]!.careDate;
    const expected = all.filter(
      (r) => r.careDate >= startDate && r.careDate <= endDate && r.beneficiary.type === 'child' && ['pharmacy', 'consultation'].includes(r.actFamily),
    );
    const res = await camille.get(
      `/api/refunds?startDate=${startDate}&endDate=${endDate}&beneficiaryTypes=child&operationTypes=pharmacy&operationTypes=consultation&limit=200`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = ZRefundPage.parse(res.json().data);
    expect(page.items.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(page.total).toBe(expected.length);
    const comma = ZRefundPage.parse(
      (await camille.get(`/api/refunds?startDate=${startDate}&endDate=${endDate}&beneficiaryTypes=child&operationTypes=pharmacy,consultation&limit=200`)).json()
        .data,
    );
    expect(comma.items.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it.each([
    ['startDate=2026-03-01&endDate=2026-02-01', 'La date de début doit être antérieure ou égale à la date de fin'],
    ['startDate=2026-02-30', 'Veuillez saisir une date valide'],
    ['startDate=hier', 'Veuillez saisir une date valide'],
    // No message in the contract: zod's French one.
    ['beneficiaryTypes=cousin', 'Option invalide\u00a0: une valeur parmi "main"|"partner"|"child" attendue'],
    ['operationTypes=massage', expect.stringMatching(/^Option invalide\u00a0: une valeur parmi "consultation"\|/)],
    ['limit=500', 'Trop grand\u00a0: nombre doit être <=200'],
    ['cursor=abc', 'Pagination invalide, veuillez recharger la liste'],
  ])('refuses %s with “%s”', async (query, message) => {
    const res = await camille.get(`/api/refunds?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('shows each member only their own refunds, and needs a session', async () => {
    expect(ZRefundPage.parse((await julien.get('/api/refunds')).json().data)).toEqual({ items: [], nextCursor: null, total: 0 });
    const hers = ZRefundPage.parse((await lea.get('/api/refunds')).json().data);
    expect(hers.total).toBe(DEMO_REFUND_COUNTS.lea);
    expect(hers.items.some((r) => all.some((m) => m.id === r.id))).toBe(false);
    const anonymous = await TestClient.start(t.app);
    expect((await anonymous.get('/api/refunds')).statusCode).toBe(401);
  });
});

describe('GET /api/refunds/:refundId', () => {
  it('answers the detail panel: amounts, sub-acts and billing', async () => {
    const res = await camille.get(`/api/refunds/${all[0]!.id}`);
    expect(res.statusCode).toBe(200);
    const detail = ZRefundDetail.parse(res.json().data);
    expect(detail).toMatchObject({ id: all[0]!.id, careDate: all[0]!.careDate, totalCostCents: all[0]!.totalCostCents });
    expect(detail.acts.length).toBeGreaterThan(0);
    expect(detail.acts[0]).toEqual(
      expect.objectContaining({ billedCents: expect.any(Number), socialSecurityBaseCents: expect.any(Number), overrunCents: expect.any(Number) }),
    );
  });

  it('answers 404 with an audit row for another member’s refund, from either tenant', async () => {
    const res = await julien.get(`/api/refunds/${all[0]!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(await latestDenial()).toMatchObject({
      memberId: julienId,
      tenantId: 'mutua',
      details: { resource: 'refund', id: all[0]!.id, ownedByAnotherMember: true },
    });
    expect((await lea.get(`/api/refunds/${all[0]!.id}`)).statusCode).toBe(404);
    expect((await camille.get('/api/refunds/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('GET /api/refunds/:refundId/statement', () => {
  it('downloads a real PDF statement Decompte_<…>.pdf with brand, member, acts and French amounts', async () => {
    const refund = all.find((r) => r.totalCostCents > 100_000) ?? all[0]!;
    const res = await camille.get(`/api/refunds/${refund.id}/statement`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const fileName = `Decompte_${refund.paymentDate}_${refund.reference}.pdf`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPdftotext) return;
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    for (const s of [
      'Mutua Santé',
      'Camille Durand',
      DEMO_MEMBERS.camille,
      refund.reference,
      formatFrenchDate(refund.careDate),
      formatEuroCents(refund.totalCostCents),
      formatEuroCents(refund.productCents),
    ]) {
      expect(text).toContain(s.replace(/\s+/g, ' '));
    }
    expect(formatEuroCents(refund.totalCostCents)).toMatch(/^\d{1,3}( \d{3})*,\d{2}\u00a0€$/);
  });

  it('carries the brand of the member’s own tenant', async () => {
    const hers = ZRefundPage.parse((await lea.get('/api/refunds')).json().data).items[0]!;
    const res = await lea.get(`/api/refunds/${hers.id}/statement`);
    expect(res.statusCode).toBe(200);
    if (!hasPdftotext) return;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'stmt-')), 'lea.pdf');
    writeFileSync(file, res.rawPayload);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Azur Prévoyance');
  });

  it('answers 404 with an audit row for another member’s refund', async () => {
    const res = await julien.get(`/api/refunds/${all[3]!.id}/statement`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(await latestDenial()).toMatchObject({ memberId: julienId, details: { resource: 'refund', id: all[3]!.id } });
  });
});

describe('GET /api/refunds/export', () => {
  it('exports the filtered list as Liste_remboursements_<date>.xlsx with numbers in euros and real dates', async () => {
    const startDate = all[99]!.careDate;
    const expected = all.filter((r) => r.careDate >= startDate && ['main', 'partner'].includes(r.beneficiary.type));
    const res = await camille.get(`/api/refunds/export?startDate=${startDate}&beneficiaryTypes=main,partner`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const fileName = `Liste_remboursements_${parisIsoDate()}.xlsx`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([REFUNDS_EXPORT_SHEET_NAME]);
    const sheet = workbook.getWorksheet(REFUNDS_EXPORT_SHEET_NAME)!;
    expect(sheet.rowCount).toBe(expected.length + 1);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const col = (h: string) => headers.indexOf(h) + 1;
    for (const [i, refund] of expected.entries()) {
      const row = sheet.getRow(i + 2);
      expect((row.getCell(col('Date des soins')).value as Date).toISOString().slice(0, 10)).toBe(refund.careDate);
      expect(row.getCell(col('Dépense')).value).toBe(refund.totalCostCents / 100);
      expect(row.getCell(col('Dépense')).numFmt).toContain('€');
      expect(row.getCell(col('Bénéficiaire')).value).toMatch(/Durand$/);
    }
  });

  it('refuses bad filters before writing any file, and needs a session', async () => {
    const res = await camille.get('/api/refunds/export?startDate=2026-03-01&endDate=2026-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().error.message).toBe('La date de début doit être antérieure ou égale à la date de fin');
    const anonymous = await TestClient.start(t.app);
    expect((await anonymous.get('/api/refunds/export')).statusCode).toBe(401);
  });

  it('exports nothing of another member', async () => {
    const res = await julien.get('/api/refunds/export');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet(REFUNDS_EXPORT_SHEET_NAME)!.rowCount).toBe(1);
  });
});

describe('GET /api/all-info', () => {
  it('carries the latest refunds, the operation types and the shared documents', async () => {
    const res = await camille.get('/api/all-info');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.refunds.map((r: TRefundSummary) => r.id)).toEqual(all.slice(0, 5).map((r) => r.id));
    expect(data.allActsRefunds).toContainEqual({ code: 'pharmacy', label: 'Pharmacie' });
    expect(data.allDocuments.documentsDto.documents[0]).toMatchObject({ typeDoc: 'JUSTIFICATIF', typeCode: 1 });
    expect(data.allDocuments.uploadDocumentsTypes.map((t: { codeName: string }) => t.codeName)).toContain('schooling');
    expect(data.lastRequests).toHaveLength(3);
    expect(data.timelineRecent.length).toBeGreaterThan(0);
  });
});
