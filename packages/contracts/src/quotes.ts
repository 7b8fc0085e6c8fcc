import { z } from 'zod';
import { formatEuros } from './french-format';
import { isoDateMinusYears, parseEuroAmount } from './refund-requests';
import { MESSAGE_TEXT_PATTERN, type QuotationKind } from './request-rules';

/*
 * Quote sharing (home/quotation) and the 100 % Santé check: what
 * the 100 % Santé rules let the portal verify on an optical, dental or hearing-aid quote before it is sent. The
 * check only informs: the quote is sent either way. Every finding names the rule it comes from.
 */

export const QUOTE_NATURES = ['dental', 'optic', 'hospital', 'audio', 'other'] as const;
export type QuoteNature = (typeof QUOTE_NATURES)[number];
export const QUOTE_NATURE_LABELS: Record<QuoteNature, string> = {
  dental: 'Dentaire',
  optic: 'Optique',
  hospital: 'Hospitalisation',
  audio: 'Audioprothèse',
  other: 'Autre',
};
export const QUOTE_NATURE_KINDS: Record<QuoteNature, QuotationKind> = {
  dental: 'dental_quote',
  optic: 'optical_quote',
  hospital: 'hospital_quote',
  audio: 'audio_quote',
  other: 'other_quote',
};
/** Natures the 100 % Santé check applies to. */
export const CHECKED_QUOTE_NATURES = ['optic', 'dental', 'audio'] as const satisfies readonly QuoteNature[];

/** The quote disclaimer. */
export const QUOTE_DISCLAIMER =
  'Un devis n’est qu’une simulation\u00a0: la prise en charge indiquée ne tient pas compte des devis envoyés précédemment pour le calcul des plafonds. Pour être remboursé, envoyez le décompte de la Sécurité sociale et la facture détaillée\u00a0; pour les autres soins, la facture détaillée originale acquittée.';

// ───────────────────────────── quote lines ─────────────────────────────

const cents = z.number().int().min(0).max(100_000_00);

export const ZOpticalLine = z.object({
  item: z.enum(['frame', 'lenses']),
  /** Class A = 100 % Santé, class B = free prices. */
  offerClass: z.enum(['A', 'B']),
  priceCents: cents,
  /** For lenses: the correction's complexity, which sets the class B cap. */
  complexity: z.enum(['simple', 'complex', 'very_complex']).optional(),
});
export const ZDentalLine = z.object({
  label: z.string().trim().min(1).max(120),
  basket: z.enum(['100_sante', 'maitrise', 'libre']),
  priceCents: cents,
  remainingChargeCents: cents,
  /** Whether the quote also offers a 100 % Santé (or maîtrisé) alternative for this line. */
  alternativeOffered: z.boolean(),
  /** Whether a 100 % Santé or maîtrisé alternative exists for this act (the dentist or the CCAM says). */
  alternativeExists: z.boolean().default(true),
});
export const ZHearingLine = z.object({
  ear: z.enum(['left', 'right']),
  /** Class I = 100 % Santé, class II = free prices. */
  deviceClass: z.enum(['I', 'II']),
  priceCents: cents,
});

export const ZQuoteCheckRequest = z.discriminatedUnion('nature', [
  z.object({
    nature: z.literal('optic'),
    lines: z.array(ZOpticalLine).max(10),
    beneficiaryAge: z.number().int().min(0).max(130).optional(),
    lastEquipmentDate: z.iso.date().optional(),
  }),
  z.object({ nature: z.literal('dental'), lines: z.array(ZDentalLine).max(30) }),
  z.object({ nature: z.literal('audio'), lines: z.array(ZHearingLine).max(4), lastEquipmentDate: z.iso.date().optional() }),
]);
export type TQuoteCheckRequest = z.infer<typeof ZQuoteCheckRequest>;

export const ZQuoteFinding = z.object({
  /** Stable id of the rule (tests, analytics). */
  rule: z.string(),
  /** Where the rule comes from, in plain French. */
  source: z.string(),
  message: z.string(),
});
export type TQuoteFinding = z.infer<typeof ZQuoteFinding>;
export const ZQuoteCheckResult = z.object({ findings: z.array(ZQuoteFinding), checked: z.boolean() });
export type TQuoteCheckResult = z.infer<typeof ZQuoteCheckResult>;

// ───────────────────────────── the 100 % Santé rules ─────────────────────────────

export const OPTICS_CLASS_A_FRAME_MAX_CENTS = 30_00;
export const OPTICS_CLASS_B_FRAME_MAX_CENTS = 100_00;
export const OPTICS_CLASS_B_TOTAL_MAX_CENTS = { simple: 420_00, complex: 700_00, very_complex: 800_00 } as const;
export const HEARING_CLASS_I_MAX_CENTS = 950_00;
export const HEARING_CLASS_II_MAX_CENTS = 1_700_00;
export const HEARING_RENEWAL_YEARS = 4;

const SOURCE_OPTICS = 'Règle 100 % Santé optique (réforme du reste à charge zéro, contrat responsable)';
const SOURCE_DENTAL = 'Règle 100 % Santé dentaire (paniers 100 % Santé, maîtrisé et libre)';
const SOURCE_HEARING = 'Règle 100 % Santé audiologie (classes I et II, contrat responsable)';

const euros = formatEuros;

/** The class B cap of an optical quote: the most complex lenses set it. */
function opticalTotalCap(lines: readonly z.infer<typeof ZOpticalLine>[]): number {
  const rank = { simple: 0, complex: 1, very_complex: 2 } as const;
  const worst = lines.reduce<keyof typeof rank>((w, l) => (l.complexity && rank[l.complexity] > rank[w] ? l.complexity : w), 'simple');
  return OPTICS_CLASS_B_TOTAL_MAX_CENTS[worst];
}

/**
 * What the 100 % Santé rules let the portal verify on the lines of a quote, as findings in plain
 * French naming their rule. `today` (YYYY-MM-DD) dates the renewal rules. No lines: nothing checked.
 */
export function checkQuote(quote: TQuoteCheckRequest, today: string): TQuoteCheckResult {
  const findings: TQuoteFinding[] = [];
  const add = (rule: string, source: string, message: string) => findings.push({ rule, source, message });
  if (quote.lines.length === 0) return { findings, checked: false };

  switch (quote.nature) {
    case 'optic': {
      const lines = quote.lines;
      if (!lines.some((l) => l.offerClass === 'A')) {
        add(
          'optic.class_a_missing',
          SOURCE_OPTICS,
          'Le devis ne contient pas d’offre 100 % Santé (classe A)\u00a0: l’opticien doit toujours en proposer une, sans reste à charge.',
        );
      } else if (lines[0]!.offerClass !== 'A') {
        add('optic.class_a_not_first', SOURCE_OPTICS, 'L’offre 100 % Santé (classe A) doit figurer en premier sur le devis.');
      }
      for (const frame of lines.filter((l) => l.item === 'frame' && l.offerClass === 'A' && l.priceCents > OPTICS_CLASS_A_FRAME_MAX_CENTS)) {
        add(
          'optic.class_a_frame_over_cap',
          SOURCE_OPTICS,
          `La monture de classe A coûte ${euros(frame.priceCents)}\u00a0: une monture 100 % Santé ne peut pas dépasser ${euros(OPTICS_CLASS_A_FRAME_MAX_CENTS)}.`,
        );
      }
      const classB = lines.filter((l) => l.offerClass === 'B');
      for (const frame of classB.filter((l) => l.item === 'frame' && l.priceCents > OPTICS_CLASS_B_FRAME_MAX_CENTS)) {
        add(
          'optic.class_b_frame_over_cap',
          SOURCE_OPTICS,
          `La monture de classe B coûte ${euros(frame.priceCents)}\u00a0: le contrat responsable rembourse une monture jusqu’à ${euros(OPTICS_CLASS_B_FRAME_MAX_CENTS)}, le reste sera à votre charge.`,
        );
      }
      const totalB = classB.reduce((s, l) => s + l.priceCents, 0);
      const cap = opticalTotalCap(classB);
      if (classB.length > 0 && totalB > cap) {
        add(
          'optic.class_b_total_over_cap',
          SOURCE_OPTICS,
          `L’équipement de classe B coûte ${euros(totalB)}\u00a0: le contrat responsable le rembourse jusqu’à ${euros(cap)} pour ces verres, le reste sera à votre charge.`,
        );
      }
      if (quote.lastEquipmentDate) {
        const years = quote.beneficiaryAge !== undefined && quote.beneficiaryAge < 16 ? 1 : 2;
        if (quote.lastEquipmentDate > isoDateMinusYears(today, years)) {
          add(
            'optic.renewal_too_early',
            SOURCE_OPTICS,
            `Votre dernier équipement date de moins de ${years === 1 ? 'un an' : 'deux ans'}\u00a0: un nouvel équipement n’est pris en charge qu’une fois ${years === 1 ? 'par an avant 16 ans' : 'tous les deux ans à partir de 16 ans'}, sauf changement de vue.`,
          );
        }
      }
      break;
    }
    case 'dental': {
      for (const line of quote.lines) {
        if (line.basket !== '100_sante' && line.remainingChargeCents > 0 && line.alternativeExists && !line.alternativeOffered) {
          add(
            'dental.no_alternative',
            SOURCE_DENTAL,
            `« ${line.label} » laisse ${euros(line.remainingChargeCents)} à votre charge et le devis ne propose pas d’alternative 100 % Santé ou à tarifs maîtrisés\u00a0: le dentiste doit la proposer quand elle existe.`,
          );
        }
      }
      break;
    }
    case 'audio': {
      for (const ear of ['left', 'right'] as const) {
        const lines = quote.lines.filter((l) => l.ear === ear);
        const side = ear === 'left' ? 'gauche' : 'droite';
        if (lines.length > 0 && !lines.some((l) => l.deviceClass === 'I')) {
          add(
            'audio.class_i_missing',
            SOURCE_HEARING,
            `Aucun appareil 100 % Santé (classe I) n’est proposé pour l’oreille ${side}\u00a0: l’audioprothésiste doit en proposer un pour chaque oreille.`,
          );
        }
        for (const l of lines.filter((x) => x.deviceClass === 'I' && x.priceCents > HEARING_CLASS_I_MAX_CENTS)) {
          add(
            'audio.class_i_over_cap',
            SOURCE_HEARING,
            `L’appareil de classe I (oreille ${side}) coûte ${euros(l.priceCents)}\u00a0: un appareil 100 % Santé ne peut pas dépasser ${euros(HEARING_CLASS_I_MAX_CENTS)} par oreille.`,
          );
        }
        for (const l of lines.filter((x) => x.deviceClass === 'II' && x.priceCents > HEARING_CLASS_II_MAX_CENTS)) {
          add(
            'audio.class_ii_over_cap',
            SOURCE_HEARING,
            `L’appareil de classe II (oreille ${side}) coûte ${euros(l.priceCents)}\u00a0: Sécurité sociale et mutuelle le remboursent ensemble jusqu’à ${euros(HEARING_CLASS_II_MAX_CENTS)} par oreille, le reste sera à votre charge.`,
          );
        }
      }
      if (quote.lastEquipmentDate && quote.lastEquipmentDate > isoDateMinusYears(today, HEARING_RENEWAL_YEARS)) {
        add(
          'audio.renewal_too_early',
          SOURCE_HEARING,
          'Votre dernier appareil date de moins de quatre ans\u00a0: un appareil auditif n’est pris en charge qu’une fois tous les quatre ans.',
        );
      }
      break;
    }
  }
  return { findings, checked: true };
}

// ───────────────────────────── sending a quote ─────────────────────────────

export const QUOTE_COMMENT_MAX = 1000;
export const QUOTE_ERRORS = {
  nature: 'Veuillez choisir le type de devis.',
  beneficiary: 'Veuillez choisir un bénéficiaire',
  quoteDate: 'Veuillez saisir la date du devis.',
  quoteDateFuture: 'La date du devis ne peut pas être dans le futur.',
  amount: 'Veuillez saisir un montant en euros, par exemple 1 000,00.',
  files: 'Veuillez ajouter un fichier',
  lines: 'Les lignes du devis n’ont pas pu être lues.',
  comment: `Le commentaire ne doit pas dépasser ${QUOTE_COMMENT_MAX} caractères`,
  specialCharacters: 'Les caractères spéciaux ne sont pas autorisés',
  /** The quote could not be created: the member checks their information. */
  creation: 'Votre devis n’a pas pu être envoyé\u00a0: vérifiez les informations saisies.',
} as const;

/** The text fields of POST /api/quotes (files under `attachments`, at least one; lines as JSON, optional). */
export function quoteFieldsSchema(today: string) {
  return z
    .object({
      nature: z.enum(QUOTE_NATURES, { error: QUOTE_ERRORS.nature }),
      familyPosition: z.coerce.number({ error: QUOTE_ERRORS.beneficiary }).int(QUOTE_ERRORS.beneficiary).min(1, QUOTE_ERRORS.beneficiary),
      quoteDate: z.iso.date({ error: QUOTE_ERRORS.quoteDate }).refine((d) => d <= today, QUOTE_ERRORS.quoteDateFuture),
      amount: z
        .string()
        .trim()
        .refine((a) => parseEuroAmount(a) !== null, QUOTE_ERRORS.amount),
      comment: z.string().trim().max(QUOTE_COMMENT_MAX, QUOTE_ERRORS.comment).regex(MESSAGE_TEXT_PATTERN, QUOTE_ERRORS.specialCharacters).default(''),
      lines: z.string().max(16_000).default(''),
    })
    .transform((v) => ({ ...v, amountCents: parseEuroAmount(v.amount)! }));
}

/** The lines field of a sent quote read back for the check, or null when absent or not a checked nature. */
export function quoteLinesOf(nature: QuoteNature, lines: string): TQuoteCheckRequest | null | 'invalid' {
  if (!lines || !(CHECKED_QUOTE_NATURES as readonly string[]).includes(nature)) return null;
  try {
    const parsed = ZQuoteCheckRequest.safeParse({ nature, ...(JSON.parse(lines) as object) });
    return parsed.success ? parsed.data : 'invalid';
  } catch {
    return 'invalid';
  }
}

/**
 * How many days before admission a hospital coverage request may be made at most (15; one
 * card of the spec says 10: we take the larger and show it).
 */
export const HOSPITAL_REQUEST_MAX_DAYS_AHEAD = 15;
/** The one sentence of that rule: the hub's card, the form and its error say it in these words. */
export const HOSPITAL_REQUEST_TIMING = `Faites votre demande dans les ${HOSPITAL_REQUEST_MAX_DAYS_AHEAD}\u00a0jours qui précèdent votre admission, pas plus tôt.`;
