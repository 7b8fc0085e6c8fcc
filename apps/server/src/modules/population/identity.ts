/*
 * The synthetic population's sensitive identifiers, in clear: families.ts seals each one for its row
 * (db/protected-fields.ts, as the application stores them) before anything is written.
 */

/** The NIR key: 97 − (the 13 digits mod 97). */
const nirKey = (digits: string) => String(97 - Number(BigInt(digits) % 97n)).padStart(2, '0');

/**
 * A well-formed NIR (13 digits + key) for the person numbered `seq` of the population, born on
 * `birthDate`: sex, year, month, a department of metropolitan France, a commune and an order number drawn
 * from the sequence, so that two people never share one.
 */
export function populationNir(seq: number, sex: 'M' | 'F', birthDate: string): { nir: string; nirKey: string } {
  const department = String(1 + (seq % 95)).padStart(2, '0');
  const commune = String(1 + (Math.floor(seq / 95) % 999)).padStart(3, '0');
  const order = String(1 + (Math.floor(seq / 94_905) % 999)).padStart(3, '0');
  const digits = `${sex === 'M' ? 1 : 2}${birthDate.slice(2, 4)}${birthDate.slice(5, 7)}${department === '20' ? '21' : department}${commune}${order}`;
  return { nir: digits, nirKey: nirKey(digits) };
}

/** The ISO 13616 check digits of a French BBAN. */
function ibanCheck(bban: string): string {
  const numeric = `${bban}FR00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return String(98 - Number(BigInt(numeric) % 97n)).padStart(2, '0');
}

const BANKS = [
  { code: '30004', bic: 'BNPAFRPPXXX', name: 'BNP Paribas' },
  { code: '30003', bic: 'SOGEFRPPXXX', name: 'Société Générale' },
  { code: '20041', bic: 'PSSTFRPPXXX', name: 'La Banque Postale' },
  { code: '30002', bic: 'CRLYFRPPXXX', name: 'LCL' },
  { code: '10278', bic: 'CMCIFR2AXXX', name: 'Crédit Mutuel' },
] as const;

/** A valid French IBAN (RIB key and ISO check digits) for the account numbered `seq`, with its bank. */
export function populationIban(seq: number): { iban: string; bic: string; bankName: string } {
  const bank = BANKS[seq % BANKS.length]!;
  const branch = String(100 + (seq % 900)).padStart(5, '0');
  const account = String(seq).padStart(11, '0');
  const ribKey = String(97 - Number((89n * BigInt(bank.code) + 15n * BigInt(branch) + 3n * BigInt(account)) % 97n)).padStart(2, '0');
  const bban = `${bank.code}${branch}${account}${ribKey}`;
  return { iban: `FR${ibanCheck(bban)}${bban}`, bic: bank.bic, bankName: bank.name };
}
