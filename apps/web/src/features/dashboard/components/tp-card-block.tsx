import { Anchor, DataList, Text } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { Link } from 'react-router';
import { formatPersonName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Block, BlockEmpty, BlockLink } from './block';
import { distinctContracts, isContractActive } from './contracts';

/** Third-party-payment card: the card's numbers, or the contract and people it covers. */
export function TpCardBlock({ insured }: { insured: TGlobalDetails['insured'] }) {
  const card = insured.tpCardInformations;
  const active = distinctContracts(insured.contractsSubscribed).filter((c) => isContractActive(c));
  const covered = insured.allBeneficiaries.beneficiaries;

  if (active.length === 0) {
    return (
      <Block title="Ma carte de tiers payant">
        <BlockEmpty
          text="Carte indisponible&nbsp;: vous n’avez pas de contrat en cours."
          action={<BlockLink to={paths.newRequest}>Nous contacter</BlockLink>}
        />
      </Block>
    );
  }

  return (
    <Block title="Ma carte de tiers payant">
      <Text size="sm">Présentez-la à vos professionnels de santé pour ne pas avancer les frais couverts par votre contrat.</Text>
      <DataList size="sm" labelWidth="11rem">
        {card ? (
          <>
            <DataList.Item>
              <DataList.ItemLabel>Numéro AMC</DataList.ItemLabel>
              <DataList.ItemValue>{card.amcNumber}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Numéro de contrat</DataList.ItemLabel>
              <DataList.ItemValue>{card.contractNumber}</DataList.ItemValue>
            </DataList.Item>
            {card.careNetwork && (
              <DataList.Item>
                <DataList.ItemLabel>Réseau de soins</DataList.ItemLabel>
                <DataList.ItemValue>{card.careNetwork}</DataList.ItemValue>
              </DataList.Item>
            )}
            {card.operator && (
              <DataList.Item>
                <DataList.ItemLabel>Opérateur</DataList.ItemLabel>
                <DataList.ItemValue>{card.operator}</DataList.ItemValue>
              </DataList.Item>
            )}
          </>
        ) : (
          <DataList.Item>
            <DataList.ItemLabel>Numéro de contrat</DataList.ItemLabel>
            <DataList.ItemValue>{active.map((c) => c.insurerContract).join(', ')}</DataList.ItemValue>
          </DataList.Item>
        )}
        {covered.length > 0 && (
          <DataList.Item>
            <DataList.ItemLabel>Bénéficiaires</DataList.ItemLabel>
            <DataList.ItemValue>{covered.map((b) => formatPersonName(b)).join(', ')}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>
      <Anchor component={Link} to={paths.tpCard} size="sm">
        Voir ma carte
      </Anchor>
    </Block>
  );
}
