/*
 * The guarantees engine's vocabulary: a product's guarantees as data, the tariff catalogue (dated
 * parameters and care acts), one care line in, its computation out. Money is integer cents; dates are
 * ISO `YYYY-MM-DD` strings. Nothing here reads a clock or a database: the caller passes what the
 * engine needs (the product version in force on the care date, the tariffs of that date, what the
 * member has already used).
 */

export type Cents = number;
export type IsoDate = string;

/** How sure we are of a tariff or parameter: verified in its source, or best-known « à confirmer ». */
export type SourceStatus = 'VERIFIED' | 'TO_CONFIRM';

/** Where a value comes from and whether it is verified: every catalogue row carries one. */
export type SourceNote = { status: SourceStatus; source: string };

/** The professional's convention sector: OPTAM (or OPTAM-CO) members cap their overbilling. */
export type Sector = '1' | '2_OPTAM' | '2_NON_OPTAM';

/** The five harmonised headings of the guarantees table (lisibilité des garanties, 2019). */
export type Heading = 'HOSPITALISATION' | 'DENTAIRE' | 'OPTIQUE' | 'AIDES_AUDITIVES' | 'SOINS_COURANTS';

/** 100 % Santé basket (class A optics, class I hearing, 100 % Santé dental) or free tariffs. */
export type Basket = 'CENT_POUR_CENT_SANTE' | 'MODERE' | 'LIBRE';

export type DeviceClass = 'A' | 'B' | 'I' | 'II';
export type LensComplexity = 'SIMPLE' | 'COMPLEX' | 'VERY_COMPLEX';
/** Part of an optical equipment, for the frame's sub-cap. */
export type ItemKind = 'MONTURE' | 'VERRE' | 'LENTILLE' | 'APPAREIL';

export type Formula =
  /** pct % of the base; includesAmo: the percentage includes the Sécurité sociale's part. */
  | { kind: 'PCT_BR'; pct: number; includesAmo: boolean }
  /** The whole remaining expense (frais réels). */
  | { kind: 'FRAIS_REELS' }
  | { kind: 'FIXED_PER_ACT'; cents: Cents }
  | { kind: 'PER_DAY'; cents: Cents }
  /** A package per equipment or item, with sub-caps per item kind (frame). */
  | { kind: 'FORFAIT_ITEM'; cents: Cents; includesAmo: boolean; subCaps?: { item: ItemKind; cents: Cents }[] }
  /** A yearly envelope in euros, consumed act after act (its limit carries the period). */
  | { kind: 'ENVELOPE'; cents: Cents }
  | { kind: 'SUM'; parts: Formula[] }
  | { kind: 'MIN'; parts: Formula[] };

export type LimitUnit = 'EUR' | 'ACTS' | 'DAYS' | 'EQUIPMENT';
export type LimitPeriod = 'CALENDAR_YEAR' | 'ROLLING_24M' | 'ROLLING_48M' | 'CONTRACT_YEAR';
export type LimitScope = 'BENEFICIARY' | 'FAMILY';
/** max is in cents when unit is EUR, a count otherwise. */
export type Limit = { unit: LimitUnit; max: number; period: LimitPeriod; scope: LimitScope };

/** Which care lines a guarantee pays: the act's guarantee family, narrowed by sector, class or basket. */
export type GuaranteeMatch = {
  family: string;
  sectors?: Sector[];
  deviceClasses?: DeviceClass[];
  lensComplexities?: LensComplexity[];
  baskets?: Basket[];
};

export type Guarantee = {
  code: string;
  heading: Heading;
  /** What the member reads in the table (« Consultation généraliste, secteur 1 ou OPTAM »). */
  label: string;
  match: GuaranteeMatch;
  formula: Formula;
  limits?: Limit[];
  /** A short name for allowance sentences (« Ostéopathie », « Lunettes »); label otherwise. */
  shortLabel?: string;
};

export type ProductVersion = {
  code: string;
  label: string;
  /** Versions of a product are chosen by the care date: the latest validFrom on or before it. */
  validFrom: IsoDate;
  /** A contrat responsable: the engine applies the legal caps and obligations itself. */
  responsable: boolean;
  guarantees: Guarantee[];
};

/** A dated tariff parameter (PF amount, franchise caps, FJH…). */
export type TariffParameter = SourceNote & {
  key: string;
  /** Cents for amounts, a plain count otherwise (see unit). */
  value: number;
  unit: 'CENTS' | 'COUNT' | 'PERCENT';
  validFrom: IsoDate;
  label: string;
};

export type DeductionKind = 'PARTICIPATION_FORFAITAIRE' | 'FRANCHISE_BOX' | 'FRANCHISE_AUXILIARY' | 'FRANCHISE_TRANSPORT' | 'NONE';

/** A care act of the catalogue, dated. */
export type CareAct = SourceNote & {
  code: string;
  label: string;
  /** Search words beside the label (« osteo », « lunettes », « dentiste »). */
  keywords: string[];
  heading: Heading;
  /** Which guarantee family pays it (CONSULTATION_GP, OSTEOPATHIE, OPTIQUE_VERRE…). */
  family: string;
  /** Base de remboursement in cents; null for care the Sécurité sociale does not cover. */
  baseCents: Cents | null;
  /** AMO rate in percent (70, 60, 100, 0). */
  amoRate: number;
  /** Alsace-Moselle local regime rate, when it differs. */
  amoRateAlsaceMoselle?: number;
  deduction: DeductionKind;
  /** The base is per unit (per day for FJH, per box): quantity multiplies it. */
  perUnit: boolean;
  /** Highest price a professional may bill (100 % Santé baskets, class I hearing aids), if any. */
  priceCapCents?: Cents;
  basket?: Basket;
  /** The device class the act belongs to (optics A/B, hearing I/II); it wins over the line's. */
  deviceClass?: DeviceClass;
  /** Base for a secteur 2 non-OPTAM doctor, when lower than the act's base. */
  nonOptamBaseCents?: Cents;
  /** The base is the billed price itself (medicines, lab tests, CCAM acts, stay fees): no fixed tariff. */
  baseIsPrice?: boolean;
  /** A doctor's fee: the sector and the non-OPTAM overbilling cap apply. */
  doctorFee?: boolean;
  /** Subject to the parcours de soins: outside it, the rate falls to the out-of-parcours rate (from age 16). */
  parcours?: boolean;
  /** A heavy technical act: from the threshold base, the co-payment is the flat heavy-act forfait instead. */
  heavyAct?: boolean;
  /** A contrat responsable need not cover this act's co-payment (30 % / 15 % medicines, thermal cures). */
  coPaymentOptional?: boolean;
  /** A short name for the explanation sentence (« Couronne »). */
  shortLabel?: string;
  validFrom: IsoDate;
};

/** The insured person as the engine needs them on the care date. */
export type InsuredStatus = {
  /** Age in whole years on the care date. */
  age: number;
  regime: 'GENERAL' | 'ALSACE_MOSELLE';
  /** Care inside the parcours de soins coordonnés (declared médecin traitant). */
  parcours: boolean;
  /** Exempt from PF and franchises: maternity insurance, C2S/AME (minors are exempt by age). */
  exemptFromDeductions?: boolean;
};

/**
 * What is already used of a limit, counted by the caller for the period around the care date.
 * periodEnd: the last day of a calendar or contract year; for a rolling window, the day the oldest use
 * leaves it (from which a new equipment is refundable again).
 */
export type LimitUsage = { guaranteeCode: string; limitIndex: number; used: number; periodEnd: IsoDate | null };

/**
 * Deductions already kept this day and year (caps: PF 4 a day per professional, 50 € a year…).
 * franchiseCentsToday counts the franchises of this line's kind only (auxiliary acts or transport),
 * since each kind has its own daily cap.
 */
export type DeductionsUsed = { pfCountToday: number; pfCentsYear: number; franchiseCentsToday: number; franchiseCentsYear: number };

export type CareLineInput = {
  act: CareAct;
  careDate: IsoDate;
  expenseCents: Cents;
  quantity: number;
  sector?: Sector;
  deviceClass?: DeviceClass;
  lensComplexity?: LensComplexity;
  itemKind?: ItemKind;
  /** During a hospital stay PF is not due. */
  hospitalised?: boolean;
  insured: InsuredStatus;
  product: ProductVersion;
  /** The tariff parameters in force on the care date (one per key). */
  parameters: TariffParameter[];
  usage?: LimitUsage[];
  deductionsUsed?: DeductionsUsed;
  /**
   * Earlier lines of the same optical equipment (frame, lenses): its package and legal cap are shared.
   * Such a line continues an equipment its first line already counted: pass usage as it was before
   * that first line (the renewal is checked once, by the line that opens the equipment).
   */
  equipmentSoFar?: EquipmentSoFar;
  /** The two lenses of the equipment, for the legal cap grid (a)–(f); both lensComplexity otherwise. */
  equipmentLenses?: [LensComplexity, LensComplexity];
};

/** What earlier lines of one optical equipment were paid, AMO and AMC. */
export type EquipmentSoFar = { amoCents: Cents; amcCents: Cents };

export type CapCode =
  | 'CONTRACT_LIMIT'
  | 'CONTRACT_SUBCAP'
  | 'RESPONSABLE_NON_OPTAM'
  | 'RESPONSABLE_OPTICS'
  | 'RESPONSABLE_FRAME'
  | 'RESPONSABLE_HEARING'
  /** Outside the parcours de soins, the rate cut and its overbilling stay with the member. */
  | 'RESPONSABLE_PARCOURS'
  | 'RESPONSABLE_MINIMUM'
  | 'INDEMNITY';

/** A cap that lowered (or a legal minimum that raised) the mutuelle's amount, in the order applied. */
export type CapApplied = { code: CapCode; label: string; beforeCents: Cents; afterCents: Cents };

/** One step of the explanation, in order (base, AMO, deductions, formula, caps, remaining charge). */
export type ComputationStep = { code: string; label: string; amountCents: Cents };

/** What the line uses of each limit of its guarantee (the allowance it consumes). */
export type AllowanceUse = { guaranteeCode: string; limitIndex: number; unit: LimitUnit; amount: number; remainingAfter: number; max: number };

export type CareLineResult = {
  actCode: string;
  label: string;
  expenseCents: Cents;
  baseCents: Cents;
  amoRate: number;
  amoGrossCents: Cents;
  participationCents: Cents;
  franchiseCents: Cents;
  amoNetCents: Cents;
  /** The guarantee applied, or null when the product pays nothing for this act. */
  guarantee: { code: string; label: string } | null;
  formulaCents: Cents;
  amcCents: Cents;
  remainingCents: Cents;
  capsApplied: CapApplied[];
  allowanceUses: AllowanceUse[];
  steps: ComputationStep[];
  /** One French sentence for the member (« La Sécurité sociale vous rembourse 19,00 €, … »). */
  explanation: string;
  engineVersion: string;
};
