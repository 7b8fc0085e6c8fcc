import type { TEstimateLineInput, TEstimateRequest } from '@mutua/contracts/guarantees-api';
import { parseEuroAmount } from '@mutua/contracts/refund-requests';
import type { CheckedNature, LineDraft } from './components/quote-lines';

/** Why a quote line cannot be estimated: the engine needs an act of the tariff catalogue. */
export const UNKNOWN_DENTAL_ACT = 'Ligne non estimée\u00a0: précisez l’acte (couronne, implant, détartrage, orthodontie, consultation).';

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The catalogue's dental act a quote line's wording names, by its basket for a crown. */
function dentalActOf(draft: LineDraft): string | null {
  const words = plain(draft.label);
  // A 100 % Santé crown is the capped-price one (incisor to first premolar); any other basket pays as a free-price crown.
  if (words.includes('couronne')) return draft.basket === '100_sante' ? 'COURONNE_CM_INCISIVE' : 'COURONNE_CM_MOLAIRE';
  if (words.includes('implant')) return 'IMPLANT';
  if (words.includes('detartrage')) return 'DETARTRAGE';
  if (words.includes('orthodont')) return 'ORTHODONTIE';
  if (words.includes('consultation')) return 'DENT_CONSULT';
  return null;
}

const LENS_COMPLEXITY = { simple: 'SIMPLE', complex: 'COMPLEX', very_complex: 'VERY_COMPLEX' } as const;

/** The engine's line of one quote line, or null when its act cannot be told. */
function estimateLineOf(nature: CheckedNature, draft: LineDraft, expenseCents: number): TEstimateLineInput | null {
  switch (nature) {
    case 'optic':
      return draft.item === 'frame'
        ? { actCode: `OPT_${draft.offerClass}_MONTURE`, expenseCents, quantity: 1, sector: '1', deviceClass: draft.offerClass, itemKind: 'MONTURE' }
        : {
            actCode: `OPT_${draft.offerClass}_VERRE`,
            expenseCents,
            quantity: 1,
            sector: '1',
            deviceClass: draft.offerClass,
            itemKind: 'VERRE',
            lensComplexity: LENS_COMPLEXITY[draft.complexity],
          };
    case 'audio':
      return { actCode: `AUDIO_${draft.deviceClass}`, expenseCents, quantity: 1, sector: '1', deviceClass: draft.deviceClass, itemKind: 'APPAREIL' };
    case 'dental': {
      const actCode = dentalActOf(draft);
      return actCode ? { actCode, expenseCents, quantity: 1, sector: '1' } : null;
    }
  }
}

/**
 * The estimate request of a quote's lines for the person cared for, the care dated today (a quote
 * prices care to come). `lineOf[i]` is the index in `request.lines` of draft i, or null when that line
 * cannot be estimated; null overall when no line can.
 */
export function quoteEstimateRequestOf(
  nature: CheckedNature,
  drafts: LineDraft[],
  familyPosition: number,
  today: string,
): { request: TEstimateRequest; lineOf: (number | null)[] } | null {
  const lines: TEstimateLineInput[] = [];
  const lineOf = drafts.map((draft) => {
    const expenseCents = parseEuroAmount(draft.price);
    const line = expenseCents === null ? null : estimateLineOf(nature, draft, expenseCents);
    if (!line) return null;
    lines.push(line);
    return lines.length - 1;
  });
  return lines.length === 0 ? null : { request: { familyPosition, careDate: today, lines }, lineOf };
}
