/*
 * Guarantees engine throughput on one core: care lines computed per second over a mix of acts,
 * products, sectors, members and allowances already used (target: 100,000 lines/s or more).
 *   npx tsx packages/contracts/bench/engine.bench.ts [seconds]
 * Prints one line « engine lines/s: N » and exits 1 below the target.
 */
import { actAt, careActsAt, computeCareLine, parametersAt, PRODUCT_VERSIONS, type CareLineInput, type Sector } from '../src/guarantees/index';

const TARGET = 100_000;
const seconds = Number(process.argv[2] ?? 3);
const DATE = '2026-06-15';
const parameters = parametersAt(DATE);
const sectors: Sector[] = ['1', '2_OPTAM', '2_NON_OPTAM'];

const inputs: CareLineInput[] = [];
careActsAt(DATE).forEach((act, i) => {
  PRODUCT_VERSIONS.forEach((product, j) => {
    inputs.push({
      act,
      careDate: DATE,
      expenseCents: 500 + ((i * 7919 + j * 104729) % 150000),
      quantity: 1 + ((i + j) % 3),
      sector: sectors[(i + j) % 3],
      lensComplexity: (['SIMPLE', 'COMPLEX', 'VERY_COMPLEX'] as const)[i % 3],
      itemKind: act.code.endsWith('MONTURE') ? 'MONTURE' : undefined,
      insured: { age: 10 + ((i * 13) % 80), regime: (i + j) % 5 === 0 ? 'ALSACE_MOSELLE' : 'GENERAL', parcours: (i + j) % 7 !== 0 },
      product,
      parameters,
      usage: product.guarantees.flatMap((g) =>
        (g.limits ?? []).map((_, limitIndex) => ({ guaranteeCode: g.code, limitIndex, used: (i + j) % 3, periodEnd: '2026-12-31' })),
      ),
      deductionsUsed: { pfCountToday: i % 4, pfCentsYear: (i * 200) % 5000, franchiseCentsToday: (i * 100) % 400, franchiseCentsYear: (i * 300) % 5000 },
    });
  });
});
if (!actAt('G', DATE)) throw new Error('catalogue sans consultation G');

let sink = 0;
const run = (n: number) => {
  for (let k = 0; k < n; k++) sink += computeCareLine(inputs[k % inputs.length]!).amcCents;
};
run(20_000); // warm-up: let the JIT settle before measuring

let lines = 0;
const start = process.hrtime.bigint();
const end = start + BigInt(Math.round(seconds * 1e9));
while (process.hrtime.bigint() < end) {
  run(5_000);
  lines += 5_000;
}
const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
const perSecond = Math.round(lines / elapsed);
console.log(`engine lines/s: ${perSecond} (${inputs.length} distinct lines, ${lines} computed in ${elapsed.toFixed(2)} s, one core; target ${TARGET})`);
if (sink < 0) console.log(sink);
process.exitCode = perSecond >= TARGET ? 0 : 1;
