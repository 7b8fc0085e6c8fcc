import { computeCareLine } from './engine';
import type { CareLineInput, CareLineResult, DeductionsUsed, LimitUsage } from './types';

/*
 * Several lines of one claim or one estimate, in order: each line sees what the earlier ones used —
 * deductions of the same day and year, allowances of the same guarantee, the package of the same
 * optical equipment (the lines of one claim's class B optics of one care date are one equipment).
 */
export function computeCareLines(inputs: readonly CareLineInput[]): CareLineResult[] {
  const results: CareLineResult[] = [];
  inputs.forEach((input, i) => {
    const earlier = inputs.slice(0, i).map((other, j) => ({ other, result: results[j]! }));
    const sameDay = earlier.filter(({ other }) => other.careDate === input.careDate);
    const sameYear = earlier.filter(({ other }) => other.careDate.slice(0, 4) === input.careDate.slice(0, 4));
    const sameKind = sameDay.filter(({ other }) => other.act.deduction === input.act.deduction);
    const base: DeductionsUsed = input.deductionsUsed ?? { pfCountToday: 0, pfCentsYear: 0, franchiseCentsToday: 0, franchiseCentsYear: 0 };
    const pfAmount = input.parameters.find((p) => p.key === 'PF_AMOUNT')?.value ?? 1;
    const deductionsUsed: DeductionsUsed = {
      pfCountToday: base.pfCountToday + sameDay.reduce((n, { result }) => n + Math.ceil(result.participationCents / pfAmount), 0),
      pfCentsYear: base.pfCentsYear + sameYear.reduce((n, { result }) => n + result.participationCents, 0),
      franchiseCentsToday: base.franchiseCentsToday + sameKind.reduce((n, { result }) => n + result.franchiseCents, 0),
      franchiseCentsYear: base.franchiseCentsYear + sameYear.reduce((n, { result }) => n + result.franchiseCents, 0),
    };

    const equipment = sameDay.filter(
      ({ other }) => other.act.family === 'OPTIQUE' && (other.act.deviceClass ?? other.deviceClass) === (input.act.deviceClass ?? input.deviceClass),
    );
    const continuesEquipment = input.act.family === 'OPTIQUE' && equipment.length > 0;
    const usage: LimitUsage[] = (input.usage ?? []).map((u) => ({ ...u }));
    for (const { other, result } of earlier) {
      for (const use of result.allowanceUses) {
        // The equipment's own opening line does not use up the renewal its other lines belong to.
        if (continuesEquipment && use.unit === 'EQUIPMENT' && equipment.some((e) => e.other === other)) continue;
        const row = usage.find((u) => u.guaranteeCode === use.guaranteeCode && u.limitIndex === use.limitIndex);
        if (row) row.used += use.amount;
        else usage.push({ guaranteeCode: use.guaranteeCode, limitIndex: use.limitIndex, used: use.amount, periodEnd: null });
      }
    }

    let equipmentSoFar = input.equipmentSoFar;
    if (!equipmentSoFar && continuesEquipment) {
      equipmentSoFar = {
        amoCents: equipment.reduce((n, { result }) => n + result.amoGrossCents, 0),
        amcCents: equipment.reduce((n, { result }) => n + result.amcCents, 0),
      };
    }
    results.push(computeCareLine({ ...input, deductionsUsed, usage, equipmentSoFar }));
  });
  return results;
}
