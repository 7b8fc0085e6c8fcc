import { CARE_SPECIALTIES, CARE_SPECIALTY_IDS, formatDistance, type CareSpecialty, type TCareProvider } from '@mutua/contracts/care-network';
import { Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { useGlobalDetails } from '../../../lib/global-details';
import { useCareSearch, type CareSearch } from '../api/search-care-network';
import { CareSearchForm } from '../components/care-search-form';
import classes from '../components/services.module.css';

const isSpecialty = (value: string | null): value is CareSpecialty => value !== null && (CARE_SPECIALTY_IDS as string[]).includes(value);

function Networks() {
  const networks = useGlobalDetails((d) => d.insured.healthCareNetworks);
  if (networks.isPending) return <Skeleton height={100} role="status" aria-label="Chargement des réseaux de soins" />;
  if (networks.isError || networks.data.length === 0) return <Text>Votre contrat ne donne accès à aucun réseau de soins partenaire pour le moment.</Text>;
  return (
    <ul className={classes.networks}>
      {networks.data.map((n) => (
        <li key={n.id} className={classes.card}>
          <Title order={3} size="h4">
            {n.name}
          </Title>
          <Text size="sm" mt={4}>
            {n.description}
          </Text>
          <Group gap={6} mt="xs">
            {n.specialties.map((s) => (
              <Badge key={s} variant="outline" color="dark">
                {CARE_SPECIALTIES[s]}
              </Badge>
            ))}
          </Group>
        </li>
      ))}
    </ul>
  );
}

function Provider({ provider }: { provider: TCareProvider }) {
  return (
    <li className={classes.card} data-testid="care-provider">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Title order={3} size="h4">
          {provider.name}
        </Title>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }} aria-label={`à ${formatDistance(provider.distanceKm)}`}>
          {formatDistance(provider.distanceKm)}
        </Text>
      </Group>
      <Text size="sm">
        {CARE_SPECIALTIES[provider.specialty]} · {provider.network.name}
      </Text>
      <Text size="sm">
        {provider.address}, {provider.postalCode} {provider.town}
      </Text>
      {provider.phone && (
        <Anchor href={`tel:${provider.phone.replace(/\s/g, '')}`} size="sm" underline="always">
          {provider.phone}
        </Anchor>
      )}
    </li>
  );
}

function Results({ search }: { search: CareSearch }) {
  const result = useCareSearch(search);
  if (result.isPending || result.isError)
    return <LoadState query={result} message="La recherche n’a pas abouti. Veuillez réessayer." loading={160} loadingLabel="Recherche en cours" />;
  const { commune, providers } = result.data;
  const specialty = CARE_SPECIALTIES[search.specialty].toLowerCase();
  return (
    <Stack component="section" gap="sm" aria-labelledby="care-results">
      <Title order={2} id="care-results" size="h3">
        {commune === null
          ? `Aucune commune trouvée pour «\u00a0${search.place}\u00a0»`
          : providers.length === 0
            ? `Aucun partenaire (${specialty}) près de ${commune.name}`
            : `${providers.length === 1 ? 'Le partenaire le plus proche' : `Les ${providers.length} partenaires les plus proches`} de ${commune.name} (${commune.postalCode})`}
      </Title>
      {commune === null ? (
        <Text>Vérifiez l’orthographe de la ville ou saisissez son code postal à 5&nbsp;chiffres.</Text>
      ) : providers.length === 0 ? (
        <Text>Essayez une autre spécialité, ou une ville voisine.</Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            Spécialité&nbsp;: {CARE_SPECIALTIES[search.specialty]}. Distances à vol d’oiseau depuis le centre de {commune.name}.
          </Text>
          <ol className={classes.list}>
            {providers.map((p) => (
              <Provider key={p.id} provider={p} />
            ))}
          </ol>
        </>
      )}
    </Stack>
  );
}

/** Route `services` (MY_SERVICES): the member's care networks and the search of their partners, nearest first. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const specialty = params.get('specialty');
  const place = params.get('place')?.trim() ?? '';
  const search = isSpecialty(specialty) && place.length >= 2 ? { specialty, place } : null;
  return (
    <Stack gap="lg">
      <Title order={1}>Mes services</Title>
      <Stack component="section" gap="sm" aria-labelledby="care-networks">
        <Title order={2} id="care-networks">
          Mes réseaux de soins
        </Title>
        <Text>Chez les professionnels partenaires, vous bénéficiez de tarifs négociés et, le plus souvent, du tiers payant.</Text>
        <Networks />
      </Stack>
      <Stack component="section" gap="sm" aria-labelledby="care-search">
        <Title order={2} id="care-search">
          Trouver un professionnel partenaire
        </Title>
        <CareSearchForm
          key={`${specialty}|${place}`}
          initial={{ specialty: isSpecialty(specialty) ? specialty : '', place }}
          onSearch={(next) => setParams({ specialty: next.specialty, place: next.place })}
        />
      </Stack>
      {search && <Results search={search} />}
    </Stack>
  );
}
