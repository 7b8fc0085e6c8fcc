import { describe, expect, it } from 'vitest';
import { actOfInvoice } from '../src/modules/invoice-scan/acts';
import { readSideways, rowsOf } from '../src/modules/invoice-scan/ocr-pool';
import {
  amountsIn,
  datesIn,
  finessIsValid,
  findAmount,
  findCareDate,
  findPractitioner,
  fold,
  parseInvoice,
  type ReadLine,
} from '../src/modules/invoice-scan/parse';

/** The reader's parsers on lines as the OCR gives them (no OCR here). */

/** Lines as Tesseract answers them: plain spaces where the invoice printed no-break ones. */
const read = (...texts: string[]): ReadLine[] => texts.map((text) => ({ text: text.replace(/[\u00a0\u202f]/g, ' '), confidence: 0.95 }));
const TODAY = '2026-11-26';

describe('dates', () => {
  it('reads French numeric and written dates, two-digit years, OCR’s O for 0; refuses impossible days', () => {
    expect(datesIn('Le 14/10/2026, puis le 1er octobre 2026 et le 3 févr. 2026')).toEqual(['2026-10-14', '2026-10-01', '2026-02-03']);
    expect(datesIn('14.1O.26')).toEqual(['2026-10-14']);
    expect(datesIn('31/02/2026 et 12/13/2026')).toEqual([]);
  });

  it('takes the care date over the invoice’s date and never a birth date or a future day', () => {
    const lines = read(
      'Patient\u00a0: Jean MARTIN',
      'Né le 12/03/1985',
      'Date de facture\u00a0: 05/09/2026',
      'Date de la consultation\u00a0: 03/09/2026',
      'Prochain rendez-vous le 12/12/2026',
    );
    expect(findCareDate(lines, TODAY)).toEqual({ value: '2026-09-03', confidence: 0.95 });
    expect(findCareDate(read('Né le 12/03/1985'), TODAY)).toBeNull();
    expect(findCareDate(read('Date des soins\u00a0:', '14/10/2026'), TODAY)?.value).toBe('2026-10-14');
  });

  it('is less sure of a date without a label when the page prints several', () => {
    const one = findCareDate(read('Facture', '14/10/2026'), TODAY)!;
    const two = findCareDate(read('14/10/2026', '15/10/2026'), TODAY)!;
    expect(one.confidence).toBeGreaterThan(two.confidence);
    expect(two.confidence).toBeLessThan(0.8);
  });
});

describe('amounts', () => {
  it('reads French amounts with group spaces, dots, the euro sign, and OCR’s usual confusions', () => {
    expect(amountsIn('Total TTC\u00a0: 1 234,56\u00a0€')).toEqual([123456]);
    expect(amountsIn('Montant 30.00 EUR')).toEqual([3000]);
    expect(amountsIn('Reçu la somme de 60\u00a0€')).toEqual([6000]);
    expect(amountsIn('Total\u00a0: 3O,OO\u00a0€')).toEqual([3000]);
    expect(amountsIn('Séance AMK 7,5')).toEqual([]);
  });

  it('takes the total paid, never a share, a base or an item, and the label’s next line when alone', () => {
    const lines = read(
      'Consultation (G)    30,00\u00a0€',
      'Électrocardiogramme    14,32\u00a0€',
      'Part Sécurité sociale    20,00\u00a0€',
      'Base de remboursement\u00a0: 26,50\u00a0€',
      'Net à payer\u00a0: 44,32\u00a0€',
    );
    expect(findAmount(lines)).toEqual({ value: 4432, confidence: 0.95 });
    expect(findAmount(read('Total réglé\u00a0:', '48,39\u00a0€'))?.value).toBe(4839);
    expect(findAmount(read('Date des soins\u00a0: 14.10.26'))).toBeNull();
  });

  it('is doubtful of an amount without any label when several are printed, and of a poorly read line', () => {
    expect(findAmount(read('12,00\u00a0€', '30,00\u00a0€'))!.confidence).toBeLessThan(0.8);
    expect(findAmount([{ text: 'Total\u00a0: 30,00\u00a0€', confidence: 0.45 }])!.confidence).toBeLessThan(0.8);
  });
});

describe('practitioner', () => {
  it('finds a doctor’s name and RPPS, an establishment and its FINESS (Luhn key checked), a name above a profession with its ADELI', () => {
    expect(findPractitioner(read('Dr Marie DURAND', 'Médecin généraliste', 'N° RPPS\u00a0: 10101234567')).value).toEqual({
      name: 'Dr Marie DURAND',
      rpps: '10101234567',
      adeli: null,
      finess: null,
    });
    expect(findPractitioner(read('Clinique Saint-Roch', 'FINESS 750712184')).value).toMatchObject({ name: 'Clinique Saint-Roch', finess: '750712184' });
    expect(findPractitioner(read('Clinique Saint-Roch', 'FINESS 750712185')).value.finess).toBeNull();
    expect(
      findPractitioner(read('Patient\u00a0: Jean MARTIN    Claire MOREAU', 'Né le 12/03/1985    Masseur-kinésithérapeute', 'ADELI\u00a0: 69 123 456 7')).value,
    ).toEqual({ name: 'Claire MOREAU', rpps: null, adeli: '691234567', finess: null });
  });

  it('answers no name and a low confidence when nothing names the practitioner', () => {
    const found = findPractitioner(read('Facture', 'Total\u00a0: 30,00\u00a0€'));
    expect(found.value.name).toBeNull();
    expect(found.confidence).toBe(0);
  });

  it('checks FINESS keys as the rule says (AP-HP’s 750712184), Corsican numbers accepted', () => {
    expect(finessIsValid('750712184')).toBe(true);
    expect(finessIsValid('750712183')).toBe(false);
    expect(finessIsValid('2A0000017')).toBe(true);
    expect(finessIsValid('75071218')).toBe(false);
  });
});

describe('act', () => {
  it('maps an invoice’s words to the form catalogue’s act, sure only when a word names it', () => {
    expect(actOfInvoice(fold('Masseur-kinésithérapeute — Séance de kinésithérapie AMK 7,5'))).toEqual({ value: 'KINESITHERAPIE', confidence: 0.9 });
    expect(actOfInvoice(fold('Médecin généraliste — Consultation (G)'))?.value).toBe('CONSULTATION_GENERALISTE');
    expect(actOfInvoice(fold('Cardiologue — Consultation CS'))?.value).toBe('CONSULTATION_SPECIALISTE');
    expect(actOfInvoice(fold('Opticien — Monture, verres unifocaux'))?.value).toBe('OPTIQUE_LUNETTES');
    expect(actOfInvoice(fold('Chambre particulière, 3 nuits'))?.value).toBe('CHAMBRE_PARTICULIERE');
    expect(actOfInvoice(fold('Consultation'))!.confidence).toBeLessThan(0.8);
    expect(actOfInvoice(fold('Tarte aux pommes'))).toBeNull();
  });
});

describe('a page as a whole', () => {
  it('counts an invoice’s words and readable letters (what tells an invoice from a photo of something else)', () => {
    const invoice = parseInvoice(read('Note d’honoraires', 'Patient\u00a0: Jean MARTIN', 'Total\u00a0: 30,00\u00a0€'), TODAY);
    expect(invoice.invoiceWords).toBeGreaterThanOrEqual(3);
    const recipe = parseInvoice(read('Tarte aux pommes', 'Préchauffer le four'), TODAY);
    expect(recipe.invoiceWords).toBe(0);
    expect(recipe.letters).toBeGreaterThan(20);
  });

  it('gathers the OCR’s lines of one row (label and far amount), keeps a tall stray line alone, and sees a page read sideways', () => {
    const line = (text: string, top: number, left: number, h = 20, w = 200) => ({ text, confidence: 0.9, top, bottom: top + h, left, right: left + w });
    expect(
      rowsOf([line('30,00\u00a0€', 102, 900), line('Total\u00a0:', 100, 100), line('|', 0, 50, 900, 5), line('Merci', 140, 100)]).map((r) => r.text),
    ).toEqual(['|', 'Total\u00a0:    30,00\u00a0€', 'Merci']);
    expect(readSideways([line('Total\u00a0: 30,00\u00a0€', 0, 0, 300, 20), line('Note d’honoraires', 0, 40, 340, 20)])).toBe(true);
    expect(readSideways([line('Total\u00a0: 30,00\u00a0€', 0, 0)])).toBe(false);
  });
});
