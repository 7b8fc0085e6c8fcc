import { Anchor, Group, Text } from '@mantine/core';
import type { TNoemieState } from '@mutua/contracts/home-notices';
import { TELETRANSMISSION_LABELS } from '@mutua/contracts/teletransmission-rules';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { Block } from './block';
import classes from './dashboard.module.css';

/** Télétransmission Noémie: each insured person's state, as « Mes bénéficiaires » and « Mes préférences » show it (noemieStateDtoList). */
export function NoemieBlock({ states }: { states: TNoemieState[] }) {
  if (states.length === 0) return null;
  return (
    <Block
      title="Télétransmission Noémie"
      footer={
        <Anchor component={Link} to="/faq/remboursements/delais">
          Qu’est-ce que Noémie&nbsp;?
        </Anchor>
      }
    >
      <ul className={classes.list}>
        {states.map((s) => (
          <li key={s.beneficiaryId} className={classes.item} data-testid="noemie-state">
            <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
              <Text fw={600}>{s.firstName}</Text>
              <StatusBadge label={TELETRANSMISSION_LABELS[s.state]} tone={s.state === 'ACTIVE' ? 'success' : 'warning'} />
            </Group>
            {(s.since || s.reason) && (
              <Text size="sm" c="gray.7">
                {s.since && <>Depuis le {formatDate(s.since)}</>}
                {s.since && s.reason && ' · '}
                {s.reason}
              </Text>
            )}
          </li>
        ))}
      </ul>
    </Block>
  );
}
