import { formatEuros, formatPercent } from './money';
import type { CapApplied, CareAct, Cents, Guarantee, IsoDate, Limit } from './types';

/*
 * The member's sentences: one per care line (why this amount), one per allowance (what is left).
 * French typography: a no-break space before « : ; € % », amounts « 19,00 € », dates « 15/03/2027 ».
 */

const NB = '\u00a0';
function plural(n: number, word: string): string {
  return `${n} ${n >= 2 ? word.replace(/^(\S+)/, '$1s') : word}`;
}

function unitWord(limit: Limit, family: string): string {
  if (limit.unit === 'ACTS') return 'séance';
  if (limit.unit === 'DAYS') return family === 'HOSPIT_CHAMBRE' ? 'nuit' : 'jour';
  return family === 'AUDIO' ? 'appareil' : 'équipement';
}

function frDate(iso: IsoDate): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** « en 2026 », « sur 2 ans », « jusqu’au 31/08/2027 ». */
function periodWords(limit: Limit, periodEnd: IsoDate | null, careDate?: IsoDate): string {
  switch (limit.period) {
    case 'CALENDAR_YEAR':
      return `en ${(periodEnd ?? careDate ?? '').slice(0, 4) || 'cours'}`;
    case 'CONTRACT_YEAR':
      return periodEnd ? `jusqu’au ${frDate(periodEnd)}` : 'sur l’année de contrat';
    case 'ROLLING_24M':
      return 'sur 2 ans';
    case 'ROLLING_48M':
      return 'sur 4 ans';
  }
}

/** « par an », « tous les 2 ans ». */
export function limitPeriodWords(limit: Limit): string {
  return { CALENDAR_YEAR: 'par an', CONTRACT_YEAR: 'par année de contrat', ROLLING_24M: 'tous les 2 ans', ROLLING_48M: 'tous les 4 ans' }[limit.period];
}

/**
 * What is left of one allowance: « Ostéopathie : il vous reste 1 séance sur 3 en 2026 (30,00 € par séance). »,
 * « Chambre particulière : 27 nuits restantes sur 30. », « Lunettes : prochain équipement remboursable à
 * partir du 15/03/2027. », « Aides auditives : renouvellement à partir du 02/2030. ».
 * For a rolling window, periodEnd is the day the oldest use leaves it.
 */
export function allowanceSentence(args: { guarantee: Guarantee; limit: Limit; used: number; periodEnd: IsoDate | null }): string {
  const { guarantee, limit, periodEnd } = args;
  const name = `${guarantee.shortLabel ?? guarantee.label}${NB}:`;
  const left = Math.max(0, limit.max - args.used);
  const word = unitWord(limit, guarantee.match.family);
  switch (limit.unit) {
    case 'EUR':
      return `${name} il vous reste ${formatEuros(left)} sur ${formatEuros(limit.max)} ${periodWords(limit, periodEnd)}.`;
    case 'DAYS':
      return `${name} ${plural(left, word)} ${left >= 2 ? 'restantes' : 'restante'} sur ${limit.max}.`
        .replace('jours restantes', 'jours restants')
        .replace('jour restante', 'jour restant');
    case 'ACTS': {
      const each = guarantee.formula.kind === 'FIXED_PER_ACT' ? ` (${formatEuros(guarantee.formula.cents)} par ${word})` : '';
      return `${name} il vous reste ${plural(left, word)} sur ${limit.max} ${periodWords(limit, periodEnd)}${each}.`;
    }
    case 'EQUIPMENT':
      if (left === 0 && periodEnd) {
        return limit.period === 'ROLLING_48M'
          ? `${name} renouvellement à partir du ${periodEnd.slice(5, 7)}/${periodEnd.slice(0, 4)}.`
          : `${name} prochain ${word} remboursable à partir du ${frDate(periodEnd)}.`;
      }
      return `${name} il vous reste ${plural(left, word)} sur ${limit.max} (${limitPeriodWords(limit)}).`;
  }
}

/** What the explanation needs to know of a computed line. */
export type ExplainedLine = {
  act: CareAct;
  guarantee: Guarantee | undefined;
  careDate: IsoDate;
  expenseCents: Cents;
  baseCents: Cents;
  amoNetCents: Cents;
  amcCents: Cents;
  remainingCents: Cents;
  participationCents: Cents;
  franchiseCents: Cents;
  nonOptam: boolean;
  hundredPercentSante: boolean;
  capsApplied: CapApplied[];
  /** The guarantee's count limit, when it has one: what the line found and left. */
  countLimit: { limit: Limit; before: number; after: number; periodEnd: IsoDate | null } | null;
};

function capOf(caps: CapApplied[], code: CapApplied['code']): CapApplied | undefined {
  for (const c of caps) if (c.code === code) return c;
  return undefined;
}

export function explainLine(line: ExplainedLine): string {
  const { act, guarantee, amoNetCents: amo, amcCents: amc, remainingCents: rest } = line;
  const deductions = line.participationCents + line.franchiseCents;
  const restText = rest > 0 ? `il vous reste ${formatEuros(rest)}` : 'rien ne reste à votre charge';

  if (line.hundredPercentSante && amc > 0) {
    return rest === 0
      ? `Soin 100${NB}% Santé${NB}: rien à payer.`
      : `Soin 100${NB}% Santé${NB}: votre mutuelle rembourse jusqu’au prix limite${NB}; ${restText}.`;
  }
  if (line.nonOptam && line.expenseCents > line.baseCents) {
    return `Votre médecin n’adhère pas à l’OPTAM${NB}: le dépassement est remboursé au plus à 100${NB}% de la base${NB}; ${restText}.`;
  }
  const legal = capOf(line.capsApplied, 'RESPONSABLE_FRAME') ?? capOf(line.capsApplied, 'RESPONSABLE_OPTICS') ?? capOf(line.capsApplied, 'RESPONSABLE_HEARING');
  if (legal) {
    const what = { RESPONSABLE_FRAME: 'de la monture', RESPONSABLE_OPTICS: 'de l’équipement', RESPONSABLE_HEARING: 'de l’aide auditive' }[
      legal.code as 'RESPONSABLE_FRAME'
    ];
    const ceiling = legal.label.match(/[\d\u202f]+,\d\d\u00a0€/)?.[0] ?? '';
    return `Le remboursement ${what} est limité à ${ceiling} par la loi${NB}; ${formatEuros(rest)} ${rest >= 200 ? 'restent' : 'reste'} à votre charge.`;
  }
  const count = line.countLimit;
  if (count && guarantee) {
    const { limit } = count;
    const word = unitWord(limit, act.family);
    const period = periodWords(limit, count.periodEnd, line.careDate);
    if (limit.unit === 'ACTS') {
      if (count.before >= limit.max)
        return `Vos ${plural(limit.max, word)} ${limit.max >= 2 ? 'remboursées' : 'remboursée'} ${period} sont déjà utilisées${NB}: ${restText}.`;
      if (count.after >= limit.max) return `Vous avez utilisé vos ${plural(limit.max, word)} ${limit.max >= 2 ? 'remboursées' : 'remboursée'} ${period}.`;
      return `Votre mutuelle rembourse ${formatEuros(amc)}${NB}; il vous reste ${plural(limit.max - count.after, word)} ${limit.max - count.after >= 2 ? 'remboursées' : 'remboursée'} sur ${limit.max} ${period}.`;
    }
    if (limit.unit === 'DAYS') {
      if (count.before >= limit.max) return `Vos ${plural(limit.max, word)} de prise en charge ${period} sont déjà utilisées${NB}: ${restText}.`;
      const each = guarantee.formula.kind === 'PER_DAY' ? `${formatEuros(guarantee.formula.cents)} par ${word}` : formatEuros(amc);
      return `Votre contrat prend en charge ${each}, dans la limite de ${plural(limit.max, word)} ${limitPeriodWords(limit)}.`;
    }
    if (limit.unit === 'EQUIPMENT') {
      const years = limit.period === 'ROLLING_48M' ? 4 : 2;
      if (count.before >= limit.max)
        return `Renouvellement non remboursable avant ${years}${NB}ans${count.periodEnd ? ` (à partir du ${frDate(count.periodEnd)})` : ''}${NB}: ${restText}.`;
      if (count.after > count.before) {
        return `Votre mutuelle rembourse ${formatEuros(amc)}${NB}; ${restText}${NB}; prochain renouvellement remboursable dans ${years}${NB}ans.`;
      }
    }
  }
  if (capOf(line.capsApplied, 'CONTRACT_LIMIT') && guarantee?.limits?.some((l) => l.unit === 'EUR')) {
    return `Forfait annuel atteint${NB}: votre mutuelle rembourse ${formatEuros(amc)}${NB}; ${restText}.`;
  }
  if (guarantee?.formula.kind === 'PCT_BR' && (act.basket === 'LIBRE' || act.basket === 'MODERE') && act.family === 'DENTAIRE_PROTHESE') {
    return `${act.shortLabel ?? 'Prothèse'} hors 100${NB}% Santé${NB}: votre contrat rembourse jusqu’à ${formatPercent(guarantee.formula.pct)} de la base, soit ${formatEuros(amc)}.`;
  }
  if (guarantee?.formula.kind === 'FORFAIT_ITEM' && rest > deductions) {
    const per = act.family === 'AUDIO' ? ' par oreille' : act.family === 'OPTIQUE' ? ' par équipement' : '';
    const amoWords = guarantee.formula.includesAmo ? ', Sécurité sociale comprise' : '';
    return `Votre contrat rembourse au plus ${formatEuros(guarantee.formula.cents)}${per}${amoWords}${NB}; ${restText}.`;
  }
  if (act.family === 'HOSPIT_FJH')
    return `Forfait journalier pris en charge sans limite de durée${NB}: votre mutuelle rembourse ${formatEuros(amc)}${NB}; ${restText}.`;
  if (amo > 0 && deductions > 0 && rest === deductions) {
    const what =
      line.participationCents > 0 && line.franchiseCents > 0
        ? 'la participation forfaitaire et la franchise'
        : line.participationCents > 0
          ? 'la participation forfaitaire'
          : 'la franchise médicale';
    const tail =
      deductions >= 200
        ? `les ${formatEuros(deductions)} restants sont ${what}, non remboursable${line.participationCents > 0 && line.franchiseCents > 0 ? 's' : ''}`
        : `le ${formatEuros(deductions)} restant est ${what}, non remboursable`;
    return `La Sécurité sociale vous rembourse ${formatEuros(amo)}, votre mutuelle ${formatEuros(amc)}${NB}; ${tail}.`;
  }
  const kept =
    deductions > 0
      ? `, dont ${formatEuros(deductions)} de ${line.participationCents > 0 ? 'participation forfaitaire' : 'franchise médicale'} non remboursable`
      : '';
  if (amo > 0 && amc > 0) return `La Sécurité sociale vous rembourse ${formatEuros(amo)}, votre mutuelle ${formatEuros(amc)}${NB}; ${restText}${kept}.`;
  if (amo > 0)
    return `La Sécurité sociale vous rembourse ${formatEuros(amo)}${NB}; votre contrat ne prévoit rien de plus pour ce soin${NB}: ${restText}${kept}.`;
  if (amc > 0) return `Soin non remboursé par la Sécurité sociale${NB}: votre mutuelle rembourse ${formatEuros(amc)}${NB}; ${restText}.`;
  return `Ce soin n’est remboursé ni par la Sécurité sociale ni par votre contrat${NB}: ${restText}.`;
}
