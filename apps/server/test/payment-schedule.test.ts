import { parisIsoDate } from '@mutua/contracts/dates';
import { paymentScheduleFileName, type TPaymentSchedule } from '@mutua/contracts/documents';
import { ZGlobalDetails } from '@mutua/contracts/global-details';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { ACCESS_DENIED_AUDIT_KIND } from '../src/http/deny-access';
import type { AuthClient } from './support/auth';
import type { TestApp } from './support/test-app';
import { openSignedIn } from './support/signed-in';
import { pdfText } from './support/pdf-text';

let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;

beforeAll(async () => void ([t, camille, julien] = await openSignedIn('camille', 'julien')));
afterAll(() => t.close());

const schedulesOf = async (client: AuthClient): Promise<TPaymentSchedule[]> => {
  const res = await client.get('/api/all-info');
  expect(res.statusCode).toBe(200);
  return ZGlobalDetails.parse(res.json().data).insured.paymentSchedules;
};

describe('the payment schedule of individually debited contributions', () => {
  it('is data of the global details: each debit of the contract year with its month, the account and the creditor', async () => {
    const [schedule, ...others] = await schedulesOf(camille);
    expect(others).toEqual([]);
    expect(schedule).toMatchObject({ insurerContract: 'MUTUA-IND-2024', creditor: { name: expect.any(String), ics: expect.stringMatching(/^FR/) } });
    const today = parisIsoDate();
    const year = today.slice(0, 4);
    // The current contract year's twelve monthly debits on the 5th, then the next year's.
    expect(schedule!.debits.filter((d) => d.date.startsWith(year)).map((d) => d.date.slice(5))).toEqual(
      Array.from({ length: 12 }, (_, i) => `${String(i + 1).padStart(2, '0')}-05`),
    );
    expect(schedule!.debits.some((d) => d.date > today)).toBe(true);
    for (const d of schedule!.debits) expect(d.amountCents).toBeGreaterThan(0);
    expect(schedule!.account?.ibanMasked).toMatch(/^FR\d\d •••• •••• •••• \d{4}$/);
  });

  it('is none for contributions the employer pays (collective contract)', async () => {
    expect(await schedulesOf(julien)).toEqual([]);
  });

  it('downloads as a PDF that says each debit, its month and the total, in French', async () => {
    const res = await camille.get('/api/contracts/MUTUA-IND-2024/payment-schedule.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(paymentScheduleFileName('MUTUA-IND-2024'));
    expect(res.headers['cache-control']).toContain('no-store');
    const text = pdfText(res.rawPayload);
    const [schedule] = await schedulesOf(camille);
    const first = schedule!.debits[0]!;
    expect(text).toContain('Échéancier de cotisations');
    expect(text).toMatch(/Le 5 janvier \d{4}/);
    expect(text).toContain(`cotisation de janvier ${first.date.slice(0, 4)}`);
    expect(text).toContain('pré-notification');
    const total = schedule!.debits.reduce((s, d) => s + d.amountCents, 0);
    // Spaces folded on both sides (\s takes the no-break ones): pdftotext writes them as it likes.
    expect(text.replace(/\s+/g, ' ')).toContain(
      `${Math.floor(total / 100).toLocaleString('fr-FR')},${String(total % 100).padStart(2, '0')}\u00a0€`.replace(/\s/g, ' '),
    );
  });

  it('is the member’s own: another member’s contract, or a collective one, answers 404 and is audited', async () => {
    const other = await julien.get('/api/contracts/MUTUA-IND-2024/payment-schedule.pdf');
    expect(other.statusCode).toBe(404);
    const [denial] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, ACCESS_DENIED_AUDIT_KIND)))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(JSON.stringify(denial)).toContain('payment-schedule');
    expect((await julien.get('/api/contracts/MUTUA-COL-2024/payment-schedule.pdf')).statusCode).toBe(404);
    expect((await camille.get('/api/contracts/x/payment-schedule.pdf')).statusCode).toBe(404);
  });
});
