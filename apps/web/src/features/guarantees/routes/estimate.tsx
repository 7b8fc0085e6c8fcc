import { Alert, Anchor, Grid, Stack, Text, Title } from '@mantine/core';
import { parisIsoDate } from '@mutua/contracts/dates';
import type { TEstimate } from '@mutua/contracts/guarantees-api';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useGuarantees } from '../api/get-guarantees';
import { LoadState } from '../../../components/load-state';
import { EstimateForm } from '../components/estimate-form';
import { EstimateResult } from '../components/estimate-result';

/** Route `estimate` (« Estimer un remboursement »): care before it happens, against the member's own guarantees. */
export function Component() {
  const guarantees = useGuarantees();
  const [params] = useSearchParams();
  const [shown, setShown] = useState<{ estimate: TEstimate; name: string } | null>(null);
  const today = parisIsoDate();
  const asked = Number(params.get('familyPosition'));
  const beneficiaries = guarantees.data?.beneficiaries ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Estimer un remboursement</Title>
        <Text>
          Avant un soin, voyez ce que la Sécurité sociale et votre mutuelle vous rembourseraient, selon vos garanties et ce que vous avez déjà utilisé cette
          année.
        </Text>
        <Anchor component={Link} to={paths.guarantees} size="sm">
          Voir mes garanties
        </Anchor>
      </Stack>
      <LoadState query={guarantees} title="Vos garanties n’ont pas pu être chargées" loading={320} />
      {guarantees.data && beneficiaries.length === 0 && (
        <Alert color="blue" variant="light" title="Aucune personne n’est couverte aujourd’hui">
          Une estimation se calcule avec les garanties d’un contrat en cours.{' '}
          <Anchor component={Link} to={paths.contractualInfo}>
            Voir mes contrats
          </Anchor>
        </Alert>
      )}
      {beneficiaries.length > 0 && (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <EstimateForm
              beneficiaries={beneficiaries}
              today={today}
              initialFamilyPosition={Number.isInteger(asked) && asked > 0 ? asked : undefined}
              onEstimated={(estimate) => {
                const person = beneficiaries.find((b) => b.familyPosition === estimate.familyPosition);
                setShown({ estimate, name: person ? `${formatName(person.firstName)} ${formatName(person.surName)}` : '' });
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} aria-live="polite">
            {shown ? (
              <EstimateResult estimate={shown.estimate} beneficiaryName={shown.name} />
            ) : (
              <Text c="gray.7" size="sm">
                Choisissez le soin et son prix&nbsp;: l’estimation s’affiche ici, avec ce qu’il vous resterait à payer et les plafonds de votre contrat qu’il
                utiliserait.
              </Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
