import { Anchor, Stack, Text } from '@mantine/core';
import type { TAllowance, TCoveredBeneficiary } from '@mutua/contracts/guarantees-api';
import { Link } from 'react-router';
import { formatName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAllowances } from '../api/get-allowances';
import classes from './guarantees.module.css';
import { LoadState } from '../../../components/load-state';
import { TitledSection } from '../../../components/titled-section';

function AllowanceItem({ allowance }: { allowance: TAllowance }) {
  const usedShare = allowance.max > 0 ? Math.min(100, (allowance.used / allowance.max) * 100) : 100;
  return (
    <li data-testid={`allowance-${allowance.guaranteeCode}`}>
      <Stack gap={4}>
        <Text size="sm">{allowance.sentence}</Text>
        {/* Drawn to scale; the sentence above says it in words. */}
        <div className={classes.meter} aria-hidden="true">
          <span style={{ width: `${usedShare}%` }} data-empty={allowance.remaining === 0 || undefined} />
        </div>
      </Stack>
    </li>
  );
}

/** Used at least once in the period, or not available again yet: what a member looks for first. */
export const isTouched = (a: TAllowance) => a.used > 0 || a.remaining === 0 || a.availableFrom !== null;

/** The allowances in use first, drawn to scale; those not touched yet folded beneath, in words only. */
function AllowanceLists({ allowances }: { allowances: TAllowance[] }) {
  if (allowances.length === 0) return <Text size="sm">Aucune garantie de son contrat n’a de plafond en nombre de séances, de jours ou d’équipements.</Text>;
  const touched = allowances.filter(isTouched);
  const untouched = allowances.filter((a) => !isTouched(a));
  return (
    <Stack gap="sm">
      {touched.length === 0 ? (
        <Text size="sm">Aucun plafond n’est entamé pour le moment.</Text>
      ) : (
        <ul className={classes.allowances}>
          {touched.map((a) => (
            <AllowanceItem key={`${a.guaranteeCode}-${a.unit}`} allowance={a} />
          ))}
        </ul>
      )}
      {untouched.length > 0 && (
        <details className={classes.details}>
          <summary>
            {untouched.length}&nbsp;{untouched.length > 1 ? 'autres plafonds, non utilisés' : 'autre plafond, non utilisé'}
          </summary>
          <ul className={classes.untouched}>
            {untouched.map((a) => (
              <li key={`${a.guaranteeCode}-${a.unit}`} data-testid={`allowance-${a.guaranteeCode}`}>
                {a.sentence}
              </li>
            ))}
          </ul>
        </details>
      )}
    </Stack>
  );
}

/** One person's allowances today: what is left of each limited guarantee (sessions, nights, equipment, euros). */
export function AllowancesCard({ beneficiary }: { beneficiary: TCoveredBeneficiary }) {
  const allowances = useAllowances(beneficiary.familyPosition);
  const name = `${formatName(beneficiary.firstName)} ${formatName(beneficiary.surName)}`;
  return (
    <TitledSection title={name} order={3} size="h4" card="md">
      <LoadState query={allowances} title="Ses plafonds n’ont pas pu être chargés" loading={64} />
      {allowances.data && <AllowanceLists allowances={allowances.data.allowances} />}
      <Anchor component={Link} to={`${paths.estimate}?familyPosition=${beneficiary.familyPosition}`} size="sm" fw={600}>
        Estimer un soin pour {formatName(beneficiary.firstName)}
      </Anchor>
    </TitledSection>
  );
}
