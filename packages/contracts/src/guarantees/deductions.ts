import { PARAM, parameterValue } from './catalogue';
import type { CareAct, Cents, DeductionsUsed, InsuredStatus, TariffParameter } from './types';

/*
 * What the Sécurité sociale keeps from its own refund: the participation forfaitaire on doctors' acts
 * and lab tests, the franchise on medicine boxes, paramedical acts and transport. Both stop at their
 * daily and yearly caps, are never due under 18 or for exempt members (maternity, C2S/AME), the PF is
 * not due during a hospital stay, and together they never exceed the Sécurité sociale's refund.
 */

export type Deductions = { participationCents: Cents; participationCount: number; franchiseCents: Cents };

const NONE: Deductions = { participationCents: 0, participationCount: 0, franchiseCents: 0 };
const NOTHING_USED: DeductionsUsed = { pfCountToday: 0, pfCentsYear: 0, franchiseCentsToday: 0, franchiseCentsYear: 0 };

export function computeDeductions(args: {
  act: CareAct;
  quantity: number;
  amoGrossCents: Cents;
  insured: InsuredStatus;
  hospitalised: boolean;
  parameters: readonly TariffParameter[];
  used?: DeductionsUsed;
}): Deductions {
  const { act, quantity, amoGrossCents, insured, parameters } = args;
  const used = args.used ?? NOTHING_USED;
  if (act.deduction === 'NONE' || amoGrossCents <= 0 || insured.exemptFromDeductions) return NONE;
  if (insured.age < parameterValue(parameters, PARAM.DEDUCTIONS_FROM_AGE)) return NONE;

  if (act.deduction === 'PARTICIPATION_FORFAITAIRE') {
    if (args.hospitalised) return NONE;
    const amount = parameterValue(parameters, PARAM.PF_AMOUNT);
    const leftToday = Math.max(0, parameterValue(parameters, PARAM.PF_MAX_PER_DAY) - used.pfCountToday);
    const leftYear = Math.max(0, parameterValue(parameters, PARAM.PF_MAX_YEAR) - used.pfCentsYear);
    const count = Math.min(quantity, leftToday, Math.floor(leftYear / amount));
    const cents = Math.min(count * amount, amoGrossCents);
    return { participationCents: cents, participationCount: count, franchiseCents: 0 };
  }

  const [amountKey, dayCapKey] = (
    {
      FRANCHISE_BOX: [PARAM.FRANCHISE_BOX, null],
      FRANCHISE_AUXILIARY: [PARAM.FRANCHISE_AUXILIARY, PARAM.FRANCHISE_AUXILIARY_MAX_DAY],
      FRANCHISE_TRANSPORT: [PARAM.FRANCHISE_TRANSPORT, PARAM.FRANCHISE_TRANSPORT_MAX_DAY],
    } as const
  )[act.deduction];
  let cents = parameterValue(parameters, amountKey) * quantity;
  if (dayCapKey) cents = Math.min(cents, Math.max(0, parameterValue(parameters, dayCapKey) - used.franchiseCentsToday));
  cents = Math.min(cents, Math.max(0, parameterValue(parameters, PARAM.FRANCHISE_MAX_YEAR) - used.franchiseCentsYear), amoGrossCents);
  return { participationCents: 0, participationCount: 0, franchiseCents: cents };
}
