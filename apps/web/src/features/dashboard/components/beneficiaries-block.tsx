import { Group, Text } from '@mantine/core';
import { isFeatureEnabled, type TFeatureStatus } from '@mutua/contracts/features';
import type { TBeneficiary } from '@mutua/contracts/global-details';
import { RouteAction } from '../../../components/route-action';
import { formatDate, formatPersonName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useRouteServed } from '../../../lib/route-availability';
import { Block, BlockEmpty, BlockLink, BlockList } from './block';

export const RANK_LABELS: Record<TBeneficiary['rank'], string> = {
  MAIN: 'Assuré principal',
  PARTNER: 'Conjoint',
  CHILD: 'Enfant',
  OTHER: 'Autre bénéficiaire',
};

/** The insured people of the contract (already ordered: main, partner, then by birth date). */
export function BeneficiariesBlock({ beneficiaries, features }: { beneficiaries: TBeneficiary[]; features: TFeatureStatus[] }) {
  const beneficiaryPage = useRouteServed('beneficiary');
  const canAdd = isFeatureEnabled(features, 'BENEFICIARIES_ADD');
  return (
    <Block title="Mes bénéficiaires" footer={beneficiaryPage && <BlockLink to={paths.beneficiary}>Gérer mes bénéficiaires</BlockLink>}>
      <BlockList
        items={beneficiaries}
        itemKey={(b) => b.id}
        empty={
          <BlockEmpty
            text="Aucun bénéficiaire n’est rattaché à votre contrat."
            action={
              canAdd ? (
                <RouteAction route="addBeneficiary" variant="light">
                  Ajouter un bénéficiaire
                </RouteAction>
              ) : (
                <BlockLink to={paths.newRequest}>Nous contacter</BlockLink>
              )
            }
          />
        }
      >
        {(b) => (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600}>{formatPersonName(b)}</Text>
            <Text size="sm">
              {RANK_LABELS[b.rank]}, né{b.sex === 'F' ? 'e' : ''} le {formatDate(b.birthDate)}
            </Text>
          </Group>
        )}
      </BlockList>
    </Block>
  );
}
