/*
 * The refund statement's rendering alone, on one core: mean milliseconds per PDF over a warm loop, for
 * a 3-act and a 40-act refund (two pages). Run: `taskset -c 0 npx tsx bench/statement-pdf.ts`.
 */
import { renderStatementPdf } from '../src/modules/refunds/statement-pdf';
import { statementInput } from '../test/support/statement-fixture';

for (const acts of [3, 40]) {
  const data = statementInput(acts);
  for (let i = 0; i < 20; i++) await renderStatementPdf(data);
  const runs = Number(process.env.RUNS ?? 200);
  const start = process.hrtime.bigint();
  let bytes = 0;
  for (let i = 0; i < runs; i++) bytes = (await renderStatementPdf(data)).length;
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / runs;
  console.log(`statement PDF, ${acts} acts: ${ms.toFixed(2)} ms per PDF (${bytes} bytes)`);
}
