import type { TInvoiceScan } from '@mutua/contracts/invoice-scan';

/*
 * The invoices the reader is measured on: what a French practitioner, pharmacy, optician, clinic or
 * laboratory prints, each with its truth (what the reader should answer). Made up, numbers included:
 * RPPS 11 digits, ADELI 9, FINESS 9 with its Luhn key, dates before the bench's day.
 */

export type Truth = Pick<TInvoiceScan, 'careDate' | 'amountCents' | 'practitioner' | 'actCode'>;

/** One printed line: where (mm from the page's top-left), how big (pt), and how. */
export type Ink = { x: number; y: number; size: number; text: string; bold?: boolean; hand?: boolean; align?: 'left' | 'right' | 'center' };

export type InvoiceSpec = { id: string; layout: 'letter' | 'centered' | 'ticket' | 'columns'; truth: Truth; ink: Ink[] };

const fr = (iso: string) => iso.split('-').reverse().join('/');
const euros = (cents: number) =>
  `${Math.floor(cents / 100)
    .toLocaleString('fr-FR')
    .replace(/\s/g, ' ')},${String(cents % 100).padStart(2, '0')}\u00a0€`;

/** A FINESS number's Luhn key appended to its first eight digits. */
export function withFinessKey(eight: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    let d = Number(eight[7 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${eight}${(10 - (sum % 10)) % 10}`;
}

type Head = { name: string; lines: string[]; ids: string[] };
type Body = {
  title: string;
  patient: string[];
  dates: string[];
  items: [label: string, amount: string][];
  total: string;
  footer?: string[];
  handTotal?: boolean;
};

/** Lays the parts out the way each kind of invoice is usually set. */
function layOut(layout: InvoiceSpec['layout'], head: Head, body: Body): Ink[] {
  const ink: Ink[] = [];
  let y = 22;
  /** Prints a line at the cursor, then moves the cursor down by `step` mm. */
  const put = (x: number, size: number, text: string, step = 0, extra: Partial<Ink> = {}) => {
    ink.push({ x, y, size, text, ...extra });
    y += step;
  };
  const headLines = [...head.lines, ...head.ids];
  if (layout === 'columns') {
    put(120, 13, head.name, 6.5, { bold: true });
    for (const l of headLines) put(120, 10, l, 6.5);
    const below = y;
    y = 22;
    for (const l of body.patient) put(18, 10, l, 6.5);
    y = Math.max(y, below) + 10;
  } else if (layout === 'centered') {
    put(105, 15, head.name, 7, { bold: true, align: 'center' });
    for (const l of headLines) put(105, 10, l, 7, { align: 'center' });
    y += 7;
    for (const l of body.patient) put(18, 10, l, 6.5);
    y += 6;
  } else {
    const x = layout === 'ticket' ? 40 : 18;
    put(x, layout === 'ticket' ? 12 : 14, head.name, 6.5, { bold: true });
    for (const l of headLines) put(x, 10, l, 6.5);
    y += 5.5;
    for (const l of body.patient) put(x, 10, l, 6.5);
    y += 6;
  }
  const left = layout === 'ticket' ? 40 : 18;
  const right = layout === 'ticket' ? 170 : 192;
  put(layout === 'centered' ? 105 : left, 14, body.title, 11, { bold: true, align: layout === 'centered' ? 'center' : 'left' });
  for (const d of body.dates) put(left, 11, d, 7);
  y += 5;
  for (const [label, amount] of body.items) {
    put(left, 11, label);
    put(right, 11, amount, 7.5, { align: 'right' });
  }
  y += 4;
  const [label, amount] = body.total.split(':') as [string, string];
  put(left, 12, `${label}\u00a0:`, 0, { bold: true });
  if (body.handTotal) put(left + 75, 20, amount.trim(), 14, { hand: true });
  else put(right, 12, amount.trim(), 14, { bold: true, align: 'right' });
  for (const l of body.footer ?? []) put(left, 9, l, 6);
  return ink;
}

type Make = {
  id: string;
  layout: InvoiceSpec['layout'];
  act: string;
  date: string;
  cents: number;
  name: string;
  rpps?: string;
  adeli?: string;
  finess?: string;
  head: string[];
  title: string;
  dateLines: (date: string) => string[];
  items: [string, number][];
  totalLabel: string;
  footer?: string[];
  handTotal?: boolean;
  patient?: string[];
};

function invoice(m: Make): InvoiceSpec {
  const ids = [m.rpps && `N° RPPS\u00a0: ${m.rpps}`, m.adeli && `N° ADELI\u00a0: ${m.adeli}`, m.finess && `N° FINESS\u00a0: ${m.finess}`].filter(
    Boolean,
  ) as string[];
  const ink = layOut(
    m.layout,
    { name: m.name, lines: m.head, ids },
    {
      title: m.title,
      patient: m.patient ?? ['Patient\u00a0: Jean MARTIN', 'Né le 12/03/1985'],
      dates: m.dateLines(fr(m.date)),
      items: m.items.map(([label, cents]) => [label, euros(cents)]),
      total: `${m.totalLabel}:${euros(m.cents)}`,
      footer: m.footer,
      handTotal: m.handTotal,
    },
  );
  return {
    id: m.id,
    layout: m.layout,
    ink,
    truth: {
      careDate: m.date,
      amountCents: m.cents,
      actCode: m.act,
      practitioner: { name: m.name, rpps: m.rpps ?? null, adeli: m.adeli ?? null, finess: m.finess ?? null },
    },
  };
}

export const INVOICES: readonly InvoiceSpec[] = [
  invoice({
    id: 'gp',
    layout: 'letter',
    act: 'CONSULTATION_GENERALISTE',
    date: '2026-10-14',
    cents: 3000,
    name: 'Dr Marie DURAND',
    rpps: '10101234567',
    head: ['Médecin généraliste', '12 rue des Lilas, 69003 Lyon', 'Tél. 04 78 12 34 56'],
    title: "Note d'honoraires",
    dateLines: (d) => [`Date des soins\u00a0: ${d}`],
    items: [['Consultation (G)', 3000]],
    totalLabel: 'Total',
    footer: ['Acquittée, reçu le paiement.', 'Membre d’une association agréée.'],
  }),
  invoice({
    id: 'specialist',
    layout: 'columns',
    act: 'CONSULTATION_SPECIALISTE',
    date: '2026-09-03',
    cents: 6000,
    name: 'Dr Paul LEFEBVRE',
    rpps: '10003456789',
    head: ['Cardiologue', '4 place Bellecour', '69002 Lyon'],
    title: 'Facture',
    dateLines: (d) => [`Date de la consultation\u00a0: ${d}`, 'Date de facture\u00a0: 05/09/2026'],
    items: [
      ['Consultation cardiologie (CS + MCS)', 3000],
      ['Électrocardiogramme', 3000],
    ],
    totalLabel: 'Net à payer',
  }),
  invoice({
    id: 'physio',
    layout: 'letter',
    act: 'KINESITHERAPIE',
    date: '2026-10-02',
    cents: 4839,
    name: 'Claire MOREAU',
    adeli: '691234567',
    head: ['Masseur-kinésithérapeute D.E.', '8 avenue Jean Jaurès, 69007 Lyon'],
    title: 'Facture de séances',
    dateLines: (d) => [`Séance du ${d}`],
    items: [
      ['Séance de kinésithérapie AMK 7,5', 1613],
      ['Séance de kinésithérapie AMK 7,5', 1613],
      ['Séance de kinésithérapie AMK 7,5', 1613],
    ],
    totalLabel: 'Total réglé',
  }),
  invoice({
    id: 'pharmacy',
    layout: 'ticket',
    act: 'PHARMACIE',
    date: '2026-09-21',
    cents: 2347,
    name: 'Pharmacie du Centre',
    finess: withFinessKey('69001234'),
    head: ['25 rue de la République', '69001 Lyon'],
    title: 'Facture pharmacie',
    patient: ['Assuré\u00a0: Jean MARTIN'],
    dateLines: (d) => [`Délivré le ${d}`, 'Ordonnance du 19/09/2026'],
    items: [
      ['Doliprane 1000 mg, 1 boîte', 216],
      ['Amoxicilline 1 g, 2 boîtes', 1431],
      ['Sérum physiologique', 700],
    ],
    totalLabel: 'Total TTC',
  }),
  invoice({
    id: 'optician',
    layout: 'columns',
    act: 'OPTIQUE_LUNETTES',
    date: '2026-08-28',
    cents: 29000,
    name: 'Optique Bellevue',
    adeli: '699912345',
    head: ['Opticien-lunetier', '3 quai Saint-Antoine, 69002 Lyon'],
    title: 'Facture équipement optique',
    dateLines: (d) => [`Date de délivrance\u00a0: ${d}`],
    items: [
      ['Monture', 12000],
      ['Verres unifocaux (x2)', 17000],
    ],
    totalLabel: 'Total TTC',
  }),
  invoice({
    id: 'dentist',
    layout: 'centered',
    act: 'DENTAIRE_SOINS',
    date: '2026-10-20',
    cents: 6638,
    name: 'Dr Sophie BERNARD',
    rpps: '10104567891',
    head: ['Chirurgien-dentiste', '17 cours Lafayette, 69006 Lyon'],
    title: 'Note d’honoraires',
    dateLines: (d) => [`Date des soins\u00a0: ${d}`],
    items: [
      ['Consultation', 2300],
      ['Détartrage et polissage', 4338],
    ],
    totalLabel: 'Montant total',
  }),
  invoice({
    id: 'clinic',
    layout: 'letter',
    act: 'CHAMBRE_PARTICULIERE',
    date: '2026-07-06',
    cents: 22500,
    name: 'Clinique Saint-Roch',
    finess: withFinessKey('69078047'),
    head: ['560 avenue du Colonel Pavelet', '69005 Lyon'],
    title: 'Facture de séjour',
    dateLines: (d) => [`Date d'entrée\u00a0: ${d}`, 'Date de sortie\u00a0: 09/07/2026'],
    items: [['Chambre particulière, 3 nuits', 22500]],
    totalLabel: 'Net à payer',
  }),
  invoice({
    id: 'lab',
    layout: 'centered',
    act: 'ANALYSES_LABORATOIRE',
    date: '2026-11-05',
    cents: 1890,
    name: 'Laboratoire BioSanté',
    finess: withFinessKey('69003456'),
    head: ['Biologie médicale', '2 rue Garibaldi, 69006 Lyon'],
    title: 'Facture',
    dateLines: (d) => [`Date du prélèvement\u00a0: ${d}`],
    items: [['Analyses de biologie médicale (B 70)', 1890]],
    totalLabel: 'Montant total',
  }),
  invoice({
    id: 'osteopath',
    layout: 'letter',
    act: 'OSTEOPATHIE',
    date: '2026-10-11',
    cents: 6000,
    name: 'Julien PETIT',
    adeli: '690998877',
    head: ['Ostéopathe D.O.', '30 rue Paul Bert, 69003 Lyon'],
    title: 'Reçu d’honoraires',
    dateLines: (d) => [`Séance du ${d}`],
    items: [['Séance d’ostéopathie', 6000]],
    totalLabel: 'Reçu la somme de',
    handTotal: true,
  }),
  invoice({
    id: 'psychologist',
    layout: 'columns',
    act: 'PSYCHOLOGUE',
    date: '2026-11-03',
    cents: 5000,
    name: 'Anne ROUX',
    adeli: '699876543',
    head: ['Psychologue clinicienne', '11 rue Vendôme, 69006 Lyon'],
    title: 'Note d’honoraires',
    dateLines: (d) => [`Le ${d}`],
    items: [['Séance de psychothérapie', 5000]],
    totalLabel: 'Honoraires',
    handTotal: true,
  }),
  invoice({
    id: 'nurse',
    layout: 'letter',
    act: 'INFIRMIER',
    date: '2026-09-15',
    cents: 590,
    name: 'Lucas GIRARD',
    rpps: '10109876543',
    head: ['Infirmier diplômé d’État', '5 impasse des Tilleuls, 69008 Lyon'],
    title: 'Facture de soins infirmiers',
    dateLines: (d) => [`Date des soins\u00a0: ${d}`],
    items: [
      ['Acte infirmier AMI 1', 315],
      ['Déplacement IFD', 275],
    ],
    totalLabel: 'Total',
  }),
  invoice({
    id: 'imaging',
    layout: 'centered',
    act: 'RADIOLOGIE',
    date: '2026-06-18',
    cents: 5670,
    name: 'Centre d’imagerie du Parc',
    finess: withFinessKey('69004567'),
    head: ['Radiologie, échographie, IRM', '40 boulevard des Belges, 69006 Lyon'],
    title: 'Facture',
    dateLines: (d) => [`Date de l'examen\u00a0: ${d}`],
    items: [['Échographie abdominale', 5670]],
    totalLabel: 'Net à payer',
  }),
];
