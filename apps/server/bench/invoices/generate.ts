/**
 * `tsx bench/invoices/generate.ts <folder> [name…]`: writes the reader's fixtures (or the named ones)
 * with their truth beside each (`<name>.json`), to look at or to upload by hand.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INVOICE_FIXTURES } from './fixtures';

const [folder, ...names] = process.argv.slice(2);
if (!folder) {
  console.error('usage: tsx bench/invoices/generate.ts <folder> [fixture names…]');
  process.exit(2);
}
mkdirSync(folder, { recursive: true });
for (const fixture of INVOICE_FIXTURES.filter((f) => names.length === 0 || names.includes(f.name))) {
  writeFileSync(path.join(folder, fixture.fileName), await fixture.make());
  writeFileSync(path.join(folder, `${fixture.name}.json`), `${JSON.stringify(fixture.truth, null, 2)}\n`);
  console.log(`${fixture.fileName}`);
}
