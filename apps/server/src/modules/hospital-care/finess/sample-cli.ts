/**
 * Writes the sample FINESS extract shipped for the demo and the tests (modules/hospital-care/finess/
 * etalab-cs1100507-sample.csv) from sample.ts: `npm run finess:sample -w @mutua/server`. The
 * hospital-care test fails while the file and the generator disagree.
 */
import { writeFile } from 'node:fs/promises';
import { sampleExtract } from './sample';
import { SAMPLE_EXTRACT_URL } from './seed';

await writeFile(SAMPLE_EXTRACT_URL, sampleExtract());
console.log(`written: ${SAMPLE_EXTRACT_URL.pathname}`);
