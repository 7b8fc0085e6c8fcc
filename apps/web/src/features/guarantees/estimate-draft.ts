import {
  ESTIMATE_EXPENSE_MAX_CENTS,
  ESTIMATE_QUANTITY_MAX,
  GUARANTEES_API_ERRORS,
  estimateCareDateProblem,
  type DEVICE_CLASSES,
  type ITEM_KINDS,
  type LENS_COMPLEXITIES,
  type SECTORS,
  type TCareActSummary,
  type TEstimateRequest,
} from '@mutua/contracts/guarantees-api';
import { parseEuroAmount } from '@mutua/contracts/refund-requests';

export type Sector = (typeof SECTORS)[number];
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export type LensComplexity = (typeof LENS_COMPLEXITIES)[number];
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The estimate form as typed: texts, and the act picked from the search. */
export type EstimateDraft = {
  familyPosition: string;
  careDate: string;
  act: TCareActSummary | null;
  price: string;
  quantity: string;
  sector: Sector | '';
  deviceClass: DeviceClass | '';
  lensComplexity: LensComplexity | '';
  itemKind: ItemKind | '';
};

export type EstimateField = 'familyPosition' | 'careDate' | 'act' | 'price' | 'quantity' | 'sector' | 'deviceClass' | 'lensComplexity' | 'itemKind';

export const emptyEstimateDraft = (today: string, familyPosition = ''): EstimateDraft => ({
  familyPosition,
  careDate: today,
  act: null,
  price: '',
  quantity: '1',
  sector: '',
  deviceClass: '',
  lensComplexity: '',
  itemKind: '',
});

/** What the act asks beside the price, the answers it no longer asks dropped (another act was picked). */
export function withAct(draft: EstimateDraft, act: TCareActSummary): EstimateDraft {
  const only = <T>(choices: readonly T[]) => (choices.length === 1 ? choices[0]! : '');
  return {
    ...draft,
    act,
    quantity: act.asks.quantity ? draft.quantity : '1',
    sector: act.asks.sector ? draft.sector : '',
    deviceClass: (act.asks.deviceClasses as string[]).includes(draft.deviceClass) ? draft.deviceClass : only(act.asks.deviceClasses),
    lensComplexity: act.asks.lensComplexity ? draft.lensComplexity : '',
    itemKind: (act.asks.itemKinds as string[]).includes(draft.itemKind) ? draft.itemKind : only(act.asks.itemKinds),
  };
}

const ZERO = /^0+([,.]0{1,2})?\s*€?$/;

/**
 * The request of the draft, or the French message of each field that does not read (the server
 * says the same: these are the contract's messages and rules, checked here so the member reads
 * them beside the field before anything is sent).
 */
export function estimateRequestOf(draft: EstimateDraft, today: string): { request: TEstimateRequest } | { errors: Partial<Record<EstimateField, string>> } {
  const errors: Partial<Record<EstimateField, string>> = {};
  const familyPosition = Number(draft.familyPosition);
  if (!draft.familyPosition || !Number.isInteger(familyPosition)) errors.familyPosition = GUARANTEES_API_ERRORS.familyPosition;
  const dateProblem = estimateCareDateProblem(draft.careDate.trim(), today);
  if (dateProblem) errors.careDate = dateProblem;
  const act = draft.act;
  if (!act) errors.act = GUARANTEES_API_ERRORS.actCode;
  const expenseCents = parseEuroAmount(draft.price);
  if (expenseCents === null) errors.price = ZERO.test(draft.price.trim()) ? GUARANTEES_API_ERRORS.expenseZero : GUARANTEES_API_ERRORS.expense;
  else if (expenseCents > ESTIMATE_EXPENSE_MAX_CENTS) errors.price = GUARANTEES_API_ERRORS.expenseTooLarge;
  const quantity = act?.asks.quantity ? Number(draft.quantity.trim()) : 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > ESTIMATE_QUANTITY_MAX || (act?.asks.quantity && !/^\d+$/.test(draft.quantity.trim())))
    errors.quantity = GUARANTEES_API_ERRORS.quantity;
  if (act?.asks.sector && !draft.sector) errors.sector = GUARANTEES_API_ERRORS.sector;
  if (act && act.asks.deviceClasses.length > 0 && !draft.deviceClass) errors.deviceClass = GUARANTEES_API_ERRORS.deviceClass;
  if (act?.asks.lensComplexity && !draft.lensComplexity) errors.lensComplexity = GUARANTEES_API_ERRORS.lensComplexity;
  if (act && act.asks.itemKinds.length > 0 && !draft.itemKind) errors.itemKind = GUARANTEES_API_ERRORS.itemKind;
  if (Object.keys(errors).length > 0 || !act || expenseCents === null) return { errors };
  return {
    request: {
      familyPosition,
      careDate: draft.careDate.trim(),
      lines: [
        {
          actCode: act.code,
          expenseCents,
          quantity,
          sector: act.asks.sector && draft.sector ? draft.sector : '1',
          ...(draft.deviceClass && { deviceClass: draft.deviceClass }),
          ...(draft.lensComplexity && { lensComplexity: draft.lensComplexity }),
          ...(draft.itemKind && { itemKind: draft.itemKind }),
        },
      ],
    },
  };
}
