import type { TEstimateLineInput } from '@mutua/contracts/guarantees-api';

/** The tariff act of a claim's act (the refund-request form's catalogue); an act of the same code otherwise. */
const CARE_ACT_OF_CLAIM: Record<string, Pick<TEstimateLineInput, 'actCode'> & Partial<TEstimateLineInput>> = {
  CONSULTATION_GENERALISTE: { actCode: 'G' },
  CONSULTATION_SPECIALISTE: { actCode: 'CS', sector: '2_OPTAM' },
  PHARMACIE: { actCode: 'MEDICAMENT_65' },
  OPTIQUE_LUNETTES: { actCode: 'OPT_B_VERRE', deviceClass: 'B', lensComplexity: 'SIMPLE', itemKind: 'VERRE' },
  OPTIQUE_LENTILLES: { actCode: 'LENTILLES' },
  DENTAIRE_SOINS: { actCode: 'DENT_CONSULT' },
  DENTAIRE_PROTHESE: { actCode: 'COURONNE_CM_MOLAIRE' },
  HOSPITALISATION: { actCode: 'SEJOUR' },
  FORFAIT_JOURNALIER: { actCode: 'FJH' },
  ANALYSES_LABORATOIRE: { actCode: 'BIOLOGIE' },
  KINESITHERAPIE: { actCode: 'KINE' },
  INFIRMIER: { actCode: 'AMI1' },
  AUDIOPROTHESE: { actCode: 'AUDIO_II', deviceClass: 'II' },
};

/** The engine's line of a member's claim: its act mapped to the tariff catalogue, the amount paid as the expense. */
export function claimLineOf(claim: { actCode: string; amountCents: number; sessions: number }): TEstimateLineInput {
  return { sector: '1', ...(CARE_ACT_OF_CLAIM[claim.actCode] ?? { actCode: claim.actCode }), expenseCents: claim.amountCents, quantity: claim.sessions };
}
