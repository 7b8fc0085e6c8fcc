import { DataList, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { formatEuros } from '../lib/format';
import classes from './care-line.module.css';
import { DataRow } from './data-row';

/**
 * One care line as the guarantees engine computed it (a refund's line, an estimate, a quote's line):
 * the fields every screen that explains a euro shows, whatever endpoint answered them.
 */
export type CareLineAmounts = {
  expenseCents: number;
  baseCents: number;
  /** Sécurité sociale rate, in percent. */
  amoRate: number;
  amoGrossCents: number;
  participationCents: number;
  franchiseCents: number;
  amoNetCents: number;
  amcCents: number;
  remainingCents: number;
  capsApplied: { label: string }[];
  explanation: string;
};

const percent = (rate: number) => `${rate}\u00a0%`;

/** What the Sécurité sociale kept (participation forfaitaire, franchise), in words. */
export function deductionText(line: Pick<CareLineAmounts, 'participationCents' | 'franchiseCents'>): string {
  const parts = [
    line.participationCents > 0 ? `participation forfaitaire de ${formatEuros(line.participationCents)}` : null,
    line.franchiseCents > 0 ? `franchise médicale de ${formatEuros(line.franchiseCents)}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'Aucune';
  const text = parts.join(' et ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The three figures a member looks for first (Sécurité sociale, mutuelle, what is left to pay), the
 * expense drawn to scale under them, and the engine's one-sentence explanation.
 */
export function CareLineFigures({
  line,
  amcLabel = 'Votre mutuelle',
}: {
  line: Pick<CareLineAmounts, 'amoNetCents' | 'amcCents' | 'remainingCents'> & { explanation?: string };
  amcLabel?: string;
}) {
  const total = Math.max(1, line.amoNetCents + line.amcCents + line.remainingCents);
  const share = (cents: number) => `${(cents / total) * 100}%`;
  return (
    <Stack gap="xs">
      <dl className={classes.figures}>
        <div className={`${classes.figure} ${classes.amo}`}>
          <dt>Sécurité sociale</dt>
          <dd>{formatEuros(line.amoNetCents)}</dd>
        </div>
        <div className={`${classes.figure} ${classes.amc}`}>
          <dt>{amcLabel}</dt>
          <dd>{formatEuros(line.amcCents)}</dd>
        </div>
        <div className={`${classes.figure} ${classes.rest}`}>
          <dt>Reste à votre charge</dt>
          <dd>{formatEuros(line.remainingCents)}</dd>
        </div>
      </dl>
      <div className={classes.bar} aria-hidden="true">
        <span className={classes.barAmo} style={{ width: share(line.amoNetCents) }} />
        <span className={classes.barAmc} style={{ width: share(line.amcCents) }} />
        <span className={classes.barRest} style={{ width: share(line.remainingCents) }} />
      </div>
      {line.explanation && <Text className={classes.explanation}>{line.explanation}</Text>}
    </Stack>
  );
}

type DetailProps = {
  line: CareLineAmounts;
  /** The guarantee the mutuelle applied (« Consultation non OPTAM : 200 % BR »); null when none covers the care, undefined when unknown (a line paid before the engine). */
  guarantee?: string | null;
  /** Rows a screen adds at the end (payee, payment date). */
  children?: ReactNode;
};

/** Every figure of the line, in the order of the computation (a décompte's columns, one under the other). */
export function CareLineDetail({ line, guarantee, children }: DetailProps) {
  // On a phone, each label above its value: side by side, the values would be a few letters wide.
  const phone = useMediaQuery('(max-width: 36em)');
  const deducted = line.participationCents + line.franchiseCents;
  return (
    <DataList size="sm" labelWidth="17rem" withDivider orientation={phone ? 'vertical' : 'horizontal'}>
      <DataRow label="Dépense">
        <span className={classes.num}>{formatEuros(line.expenseCents)}</span>
      </DataRow>
      <DataRow label="Base de remboursement">
        {line.baseCents > 0 ? <span className={classes.num}>{formatEuros(line.baseCents)}</span> : 'Aucune\u00a0: soin non remboursé par la Sécurité sociale'}
      </DataRow>
      <DataRow label="Taux Sécurité sociale">{percent(line.amoRate)}</DataRow>
      <DataRow label="Remboursé par la Sécurité sociale">
        <span className={classes.num}>{formatEuros(line.amoNetCents)}</span>
        {deducted > 0 && ` (${formatEuros(line.amoGrossCents)} moins ${formatEuros(deducted)} retenus)`}
      </DataRow>
      <DataRow label="Participation forfaitaire / franchise retenue">{deductionText(line)}</DataRow>
      <DataRow label="Remboursé par votre mutuelle">
        <strong className={classes.num}>{formatEuros(line.amcCents)}</strong>
        {guarantee ? ` · ${guarantee}` : guarantee === null ? ' · aucune garantie de votre contrat ne couvre ce soin' : ''}
      </DataRow>
      <DataRow label="Reste à votre charge">
        <strong className={classes.num}>{formatEuros(line.remainingCents)}</strong>
      </DataRow>
      {line.capsApplied.length > 0 && <DataRow label="Limite appliquée">{line.capsApplied.map((c) => c.label).join('\u00a0; ')}</DataRow>}
      {children}
    </DataList>
  );
}
