import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatPersonName } from '@mutua/contracts/names';
import { TELETRANSMISSION_LABELS } from '@mutua/contracts/teletransmission-rules';
import { Link, generatePath } from 'react-router';
import { RouteAction } from '../../../components/route-action';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useBeneficiaries } from '../api/beneficiaries';
import { ApiErrorAlert } from '../components/api-error-alert';

const RANK_LABELS = { MAIN: 'Assuré principal', PARTNER: 'Conjoint', CHILD: 'Enfant', OTHER: 'Autre bénéficiaire' } as const;

/** Route `beneficiary` (BENEFICIARIES toggle): the insured family, main, partner, then by birth date. */
export function Component() {
  const { data, error, isPending } = useBeneficiaries();
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Mes bénéficiaires</Title>
        {data?.canAdd && <RouteAction route="addBeneficiary">Ajouter un bénéficiaire</RouteAction>}
      </Group>
      {data && !data.canAdd && (
        <Alert variant="light" color="gray" title="Ajouter un bénéficiaire">
          <Text size="sm">
            L’ajout d’un bénéficiaire est facturé dans le cadre de l’offre de votre entreprise&nbsp;; le tableau des garanties vous est remis par votre service
            des ressources humaines. Pour ajouter un bénéficiaire,{' '}
            <Anchor component={Link} to={paths.newRequest} underline="always">
              contactez-nous
            </Anchor>
            .
          </Text>
        </Alert>
      )}
      <ApiErrorAlert error={error} title="Vos bénéficiaires n’ont pas pu être chargés" />
      {isPending && <Skeleton height={160} aria-label="Chargement des bénéficiaires" />}
      {data && data.pendingAdditions.length > 0 && (
        <Alert variant="light" color="blue" title="Ajouts en cours">
          <Stack gap={4}>
            {data.pendingAdditions.map((a) => (
              <Text size="sm" key={a.requestId}>
                {formatPersonName(a)}&nbsp;: demande envoyée le {formatDate(a.createdAt)}. Nos équipes vous répondent sous quelques jours.{' '}
                <Anchor component={Link} to={`${paths.requests}?request=${a.requestId}`} underline="always">
                  Voir la demande
                </Anchor>
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.beneficiaries.map((b) => (
            <Card key={b.familyPosition} withBorder radius="md" padding="lg" component="li">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} size="h4">
                    {formatPersonName(b)}
                  </Title>
                  <Badge variant="light" color="gray" c="dark.7">
                    {RANK_LABELS[b.rank]}
                  </Badge>
                </Group>
                <Text size="sm">
                  Né{b.sex === 'F' ? 'e' : ''} le {formatDate(b.birthDate, 'long')}
                </Text>
                <Text size="sm">
                  Télétransmission&nbsp;: {TELETRANSMISSION_LABELS[b.teletransmission.state]}
                  {b.teletransmission.reason && ` (${b.teletransmission.reason})`}
                </Text>
                {b.pendingDeletion && (
                  <Text size="sm" fw={600}>
                    Suppression demandée (fin d’adhésion le {formatDate(b.pendingDeletion.endDate)})&nbsp;: en cours de traitement par le centre de gestion.
                  </Text>
                )}
                <Anchor component={Link} to={generatePath(paths.updateBenef, { familyPosition: String(b.familyPosition) })} underline="always" size="sm">
                  Modifier {formatPersonName(b)}
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
