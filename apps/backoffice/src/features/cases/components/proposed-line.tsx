import { Checkbox, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { formatEuros } from '@mutua/contracts/french-format';
import type { TEstimateLine } from '@mutua/contracts/guarantees-api';

/** What the agent typed to correct a line's mutuelle part: the amount and the reason, as text. */
export type CorrectionDraft = { on: boolean; amount: string; reason: string };

const Figure = ({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) => (
  <div>
    <Text size="xs" c="gray.7" component="dt">
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 400} component="dd" m={0}>
      {formatEuros(cents)}
    </Text>
  </div>
);

type Props = {
  line: TEstimateLine;
  position: number;
  correction: CorrectionDraft;
  onCorrection: (next: CorrectionDraft) => void;
  errors: { amount?: string; reason?: string };
};

/** One line the engine proposes: its figures, its explanation, and the agent's correction of the mutuelle's part (with a reason). */
export function ProposedLine({ line, position, correction, onCorrection, errors }: Props) {
  const titleId = `proposed-line-${position}`;
  return (
    <Stack
      gap={6}
      component="article"
      aria-labelledby={titleId}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="proposed-line"
    >
      <Text fw={700} id={titleId}>
        Acte {position}&nbsp;: {line.label} ({line.actCode}){line.quantity > 1 ? ` × ${line.quantity}` : ''}
      </Text>
      <Group component="dl" gap="lg" m={0} wrap="wrap">
        <Figure label="Dépense" cents={line.expenseCents} />
        <Figure label="Base de remboursement" cents={line.baseCents} />
        <Figure label={`Sécurité sociale (${line.amoRate}\u00a0%, net)`} cents={line.amoNetCents} />
        <Figure label="Mutuelle (calcul du moteur)" cents={line.amcCents} strong />
        <Figure label="Reste à charge" cents={line.remainingCents} />
      </Group>
      <Text size="sm">{line.explanation}</Text>
      {line.guarantee && (
        <Text size="xs" c="gray.7">
          Garantie appliquée&nbsp;: {line.guarantee.label}
          {line.capsApplied.length > 0 ? ` · limite\u00a0: ${line.capsApplied.map((c) => c.label).join('\u00a0; ')}` : ''}
          {line.allowance ? ` · ${line.allowance.sentence}` : ''}
        </Text>
      )}
      <Checkbox
        label="Corriger le montant de la mutuelle"
        checked={correction.on}
        onChange={(e) => onCorrection({ ...correction, on: e.currentTarget.checked })}
      />
      {correction.on && (
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label="Montant corrigé (€)"
            inputMode="decimal"
            value={correction.amount}
            onChange={(e) => onCorrection({ ...correction, amount: e.currentTarget.value })}
            error={errors.amount}
            w={180}
            required
          />
          <Textarea
            label="Motif de la correction"
            description="Lu par le responsable qui valide, à côté du calcul du moteur."
            value={correction.reason}
            onChange={(e) => onCorrection({ ...correction, reason: e.currentTarget.value })}
            error={errors.reason}
            autosize
            minRows={2}
            miw={260}
            style={{ flex: 1 }}
            required
          />
        </Group>
      )}
    </Stack>
  );
}
