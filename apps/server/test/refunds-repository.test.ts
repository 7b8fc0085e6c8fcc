import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { REFUNDS_EXPORT_SHEET_NAME, type TRefundSummary } from '@mutua/contracts/refunds';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { refunds } from '../src/db/schema';
import { DEMO_MEMBERS } from '../src/modules/members/seed';
import { DEMO_REFUND_COUNTS } from '../src/modules/guarantees/demo-claims';
import { AppError } from '../src/lib/app-error';
import { capitalizeName, formatEuroCents, formatFrenchDate } from '../src/modules/refunds/french-format';
import { EURO_FORMAT, writeRefundsWorkbook } from '../src/modules/refunds/export-xlsx';
import {
  countRefunds,
  decodeRefundCursor,
  encodeRefundCursor,
  findRefundDetail,
  findRefundsPage,
  listRefunds,
  refundBatches,
} from '../src/modules/refunds/repository';
import { buildStatement } from '../src/modules/refunds/service';
import { demoDatabase, hasPdftotext } from './support/database';

let database: Database;
let drop: () => Promise<void>;
let camille: string;
let lea: string;
let all: TRefundSummary[];

beforeAll(async () => {
  ({ database, drop, camille, lea } = await demoDatabase());
  all = (await listRefunds(database.db, camille, {}, { limit: 1000 })).items;
});
afterAll(() => drop());

describe('French formats', () => {
  it('writes euros as 1 234,56\u00a0€ and dates as 15 janvier 2026', () => {
    expect(formatEuroCents(123456)).toBe('1 234,56\u00a0€');
    expect(formatEuroCents(5)).toBe('0,05\u00a0€');
    expect(formatEuroCents(123456789)).toBe('1 234 567,89\u00a0€');
    expect(formatEuroCents(-1500)).toBe('-15,00\u00a0€');
    expect(formatFrenchDate('2026-01-15')).toBe('15 janvier 2026');
    expect(formatFrenchDate('2025-08-01')).toBe('1er août 2025');
    expect(capitalizeName('LÉA')).toBe('Léa');
    expect(capitalizeName('JEAN-PIERRE D’ARC')).toBe('Jean-Pierre D’Arc');
  });
});

describe('refunds list', () => {
  it('has a year of refunds for the demo family, newest care first, and a few for Lea', async () => {
    expect(all).toHaveLength(DEMO_REFUND_COUNTS.camille);
    expect(await countRefunds(database.db, lea, {})).toBe(DEMO_REFUND_COUNTS.lea);
    const sorted = [...all].sort((a, b) => b.careDate.localeCompare(a.careDate) || b.id.localeCompare(a.id));
    expect(all.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    expect(new Set(all.map((r) => r.beneficiary.type))).toEqual(new Set(['main', 'partner', 'child']));
    const days = (Date.parse(all[0]!.careDate) - Date.parse(all.at(-1)!.careDate)) / 86_400_000;
    expect(days).toBeGreaterThan(300);
  });

  it('walks every page with the cursor, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await findRefundsPage(database.db, camille, { limit: 40, cursor });
      expect(page.total).toBe(150);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('filters by care date range (inclusive), beneficiary types and operation types, and counts the same', async () => {
    const startDate = all[100]!.careDate;
    const endDate = all[20]!.careDate;
    const filters = {
      startDate,
      endDate,
      beneficiaryTypes: ['child' as const, 'partner' as const],
      operationTypes: ['pharmacy' as const, 'consultation' as const],
    };
    const expected = all.filter(
      (r) =>
        r.careDate >= startDate &&
        r.careDate <= endDate &&
        ['child', 'partner'].includes(r.beneficiary.type) &&
        ['pharmacy', 'consultation'].includes(r.actFamily),
    );
    expect(expected.length).toBeGreaterThan(3);
    const page = await findRefundsPage(database.db, camille, { ...filters, limit: 200 });
    expect(page.items.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(page.total).toBe(expected.length);
    expect(page.nextCursor).toBeNull();

    const onlyOneDay = await findRefundsPage(database.db, camille, { startDate: all[0]!.careDate, endDate: all[0]!.careDate, limit: 200 });
    expect(onlyOneDay.items.every((r) => r.careDate === all[0]!.careDate)).toBe(true);
    expect(onlyOneDay.items.map((r) => r.id)).toContain(all[0]!.id);
    const none = await findRefundsPage(database.db, camille, { startDate: '2001-01-01', endDate: '2001-12-31', limit: 10 });
    expect(none).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('never answers another member’s refunds', async () => {
    const leaRefunds = (await listRefunds(database.db, lea, {}, { limit: 100 })).items;
    const camilleIds = new Set(all.map((r) => r.id));
    expect(leaRefunds.some((r) => camilleIds.has(r.id))).toBe(false);
    expect(await findRefundDetail(database.db, lea, all[0]!.id)).toBeNull();
    expect(await findRefundDetail(database.db, camille, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('refuses a forged cursor with a French message, and reads back its own', () => {
    const cursor = encodeRefundCursor({ careDate: '2026-01-15', id: all[0]!.id });
    expect(decodeRefundCursor(cursor)).toEqual({ careDate: '2026-01-15', id: all[0]!.id });
    for (const bad of ['nope', Buffer.from('2026-13-45|x').toString('base64url'), Buffer.from(`2026-01-01|${all[0]!.id}|x`).toString('base64url')]) {
      expect(() => decodeRefundCursor(bad)).toThrow(AppError);
      expect(() => decodeRefundCursor(bad)).toThrow('Pagination invalide, veuillez recharger la liste');
    }
  });
});

describe('refund detail', () => {
  it('answers every amount and the sub-acts whose sums make the refund', async () => {
    for (const summary of all.slice(0, 30)) {
      const detail = (await findRefundDetail(database.db, camille, summary.id))!;
      expect(detail.acts.length).toBeGreaterThan(0);
      const sum = (k: 'billedCents' | 'socialSecurityCents' | 'otherMutualCents' | 'productCents' | 'remainingChargeCents') =>
        detail.acts.reduce((s, a) => s + a[k], 0);
      expect(sum('billedCents')).toBe(detail.totalCostCents);
      expect(sum('socialSecurityCents')).toBe(detail.socialSecurityCents);
      expect(sum('otherMutualCents')).toBe(detail.otherMutualCents);
      expect(sum('productCents')).toBe(detail.productCents);
      expect(sum('remainingChargeCents')).toBe(detail.remainingChargeCents);
      expect(detail.totalCostCents).toBe(detail.socialSecurityCents + detail.otherMutualCents + detail.productCents + detail.remainingChargeCents);
      for (const a of detail.acts) expect(a.overrunCents).toBe(Math.max(0, a.billedCents - a.socialSecurityBaseCents));
      expect(detail.statementFileName).toBe(`Decompte_${detail.paymentDate}_${detail.reference}.pdf`);
    }
  });
});

describe('statement PDF', () => {
  it('is a real PDF with the brand, member, beneficiary, acts and French amounts and dates as text', async () => {
    const refund = (await findRefundDetail(database.db, camille, all.find((r) => r.actFamily === 'optical')!.id))!;
    const tenant = { name: 'Mutua Santé', graphicalCharter: { colors: { primary: '#1c4fd8' } } } as Parameters<typeof buildStatement>[3];
    const statement = (await buildStatement(database.db, camille, refund.id, tenant, new Date('2026-01-15T10:00:00Z')))!;
    expect(statement.fileName).toMatch(/^Decompte_\d{4}-\d{2}-\d{2}_D\d{4}-\d{6}\.pdf$/);
    expect(statement.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(statement.pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain(refund.reference);

    const expectations = [
      'Mutua Santé',
      'Décompte de remboursement',
      'Camille Durand',
      DEMO_MEMBERS.camille,
      `${capitalizeName(refund.beneficiary.firstName)} Durand`,
      refund.reference,
      formatFrenchDate(refund.careDate),
      formatFrenchDate(refund.paymentDate),
      formatEuroCents(refund.totalCostCents),
      formatEuroCents(refund.productCents),
      formatEuroCents(refund.remainingChargeCents),
      refund.acts[0]!.wording,
      'Document établi le 15 janvier 2026',
    ];
    if (hasPdftotext) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-'));
      const file = path.join(dir, statement.fileName);
      writeFileSync(file, statement.pdf);
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      for (const expected of expectations) expect(text).toContain(expected.replace(/\s+/g, ' '));
    } else {
      // Without poppler, at least the content streams must hold the text (hex-encoded WinAnsi).
      expect(statement.pdf.length).toBeGreaterThan(1000);
    }
  });

  it('is not built for another member’s refund', async () => {
    const tenant = { name: 'Azur Prévoyance', graphicalCharter: { colors: { primary: '#8a1538' } } } as Parameters<typeof buildStatement>[3];
    expect(await buildStatement(database.db, lea, all[0]!.id, tenant)).toBeNull();
  });
});

describe('Excel export', () => {
  it('writes the filtered list in sheet Liste remboursements with numbers in euros and real dates', async () => {
    const filters = { beneficiaryTypes: ['child' as const] };
    const expected = all.filter((r) => r.beneficiary.type === 'child');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => out.on('end', resolve));
    const rows = await writeRefundsWorkbook(out, refundBatches(database.db, camille, filters, 7), { creator: 'Mutua Santé' });
    await done;
    expect(rows).toBe(expected.length);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(REFUNDS_EXPORT_SHEET_NAME)!;
    expect(sheet).toBeDefined();
    expect(sheet.rowCount).toBe(expected.length + 1);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain('Date des soins');
    expect(headers).toContain('Payé au professionnel de santé');
    expect(headers).toContain('Remboursement sur compte bancaire');
    const col = (name: string) => headers.indexOf(name) + 1;

    for (const [i, refund] of expected.entries()) {
      const row = sheet.getRow(i + 2);
      const care = row.getCell(col('Date des soins'));
      expect(care.value).toBeInstanceOf(Date);
      expect((care.value as Date).toISOString().slice(0, 10)).toBe(refund.careDate);
      expect(care.numFmt).toBe('dd/mm/yyyy');
      const cost = row.getCell(col('Dépense'));
      expect(cost.value).toBe(refund.totalCostCents / 100);
      expect(cost.numFmt).toBe(EURO_FORMAT);
      expect(row.getCell(col('Remboursement mutuelle')).value).toBe(refund.productCents / 100);
      expect(row.getCell(col('Reste à charge')).value).toBe(refund.remainingChargeCents / 100);
      expect(row.getCell(col('Référence du décompte')).value).toBe(refund.reference);
    }
  });
});

describe('index', () => {
  it('declares the list index with the filter columns included', async () => {
    const rows = await database.exclusive((c) => c.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'refunds_member_care_idx'"));
    expect(rows[0]!.indexdef).toMatch(/\(member_id, care_date DESC, id DESC\) INCLUDE \(beneficiary_type, act_family\)/);
    // The seed wrote through drizzle: the table itself is what the app reads.
    expect((await database.db.select({ id: refunds.id }).from(refunds)).length).toBe(DEMO_REFUND_COUNTS.camille + DEMO_REFUND_COUNTS.lea);
  });
});
