import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TGuaranteeProduct, TGuaranteesOverview } from '@mutua/contracts/guarantees-api';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate, formatName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useGuarantees } from '../api/get-guarantees';
import { LoadState } from '../../../components/load-state';
import { AllowancesCard } from '../components/allowances-card';
import { GuaranteesTable } from '../components/guarantees-table';
import { RefundExamples } from '../components/refund-examples';

/** `order` 3 inside a product's section (its h2), so that the headings under it (h4) follow in order. */
function Section({ title, children, description, order = 2 }: { title: string; description?: string; order?: 2 | 3; children: React.ReactNode }) {
  const id = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Stack gap={2}>
        <Title order={order} size="h3" id={id}>
          {title}
        </Title>
        {description && <Text size="sm">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}

/** One product: who holds it, its table under the five headings, and its refund examples in euros. */
function ProductSection({ product, overview }: { product: TGuaranteeProduct; overview: TGuaranteesOverview }) {
  const holders = overview.beneficiaries.filter((b) => b.productCode === product.code);
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h3" id={id}>
              Formule {product.label}
            </Title>
            {product.responsable && (
              <Badge variant="light" color="teal">
                Contrat responsable
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {holders.map((h) => `${formatName(h.firstName)} ${formatName(h.surName)}`).join(', ')} · garanties en vigueur depuis le{' '}
            {formatDate(product.validFrom, 'long')}
          </Text>
        </Stack>
        <Section
          order={3}
          title="Tableau des garanties"
          description="Les remboursements exprimés en pourcentage de la base de remboursement (BR) incluent la part de la Sécurité sociale."
        >
          <GuaranteesTable product={product} />
        </Section>
        <Section order={3} title="Exemples de remboursement" description="Des soins courants, à des prix usuels, calculés avec vos garanties.">
          <RefundExamples product={product} />
        </Section>
      </Stack>
    </Paper>
  );
}

/** Route `guarantees` (« Mes garanties »): what is left of each allowance, the guarantees table, examples in euros. */
export function Component() {
  const guarantees = useGuarantees();
  const overview = guarantees.data;
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1}>Mes garanties</Title>
          <Text>Ce que votre contrat rembourse, et ce qu’il reste à chacun de vos plafonds.</Text>
        </Stack>
        <Button component={Link} to={paths.estimate}>
          Estimer un remboursement
        </Button>
      </Group>
      <LoadState query={guarantees} title="Vos garanties n’ont pas pu être chargées" loading={240} />
      {overview && overview.beneficiaries.length === 0 && (
        <Alert color="blue" variant="light" title="Aucune personne n’est couverte aujourd’hui">
          Vos garanties s’affichent ici tant qu’un contrat est en cours.{' '}
          <Anchor component={Link} to={paths.contractualInfo}>
            Voir mes contrats
          </Anchor>
        </Alert>
      )}
      {overview && overview.beneficiaries.length > 0 && (
        <>
          <Section
            title="Ce qu’il vous reste"
            description="Les garanties limitées en nombre de séances, de nuits ou d’équipements, ou en euros par an, pour chaque personne couverte."
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {overview.beneficiaries.map((b) => (
                <AllowancesCard key={b.familyPosition} beneficiary={b} />
              ))}
            </SimpleGrid>
          </Section>
          {overview.products.map((p) => (
            <ProductSection key={p.code} product={p} overview={overview} />
          ))}
        </>
      )}
    </Stack>
  );
}
