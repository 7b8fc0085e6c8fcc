import { Alert, Anchor, Button, Code, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { AUDIT_KIND_LABELS, AUDIT_SEARCH_LIMIT, type TAuditEntry } from '@mutua/contracts/backoffice';
import { useQuery } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dateTime } from '../../lib/api';
import { useStaffSession } from '../../lib/session';
import { getAudit } from './api/get-audit';

/** The filters of GET /api/bo/audit, kept in the address so a search can be linked and reloaded. */
const FILTERS = [
  { name: 'member', label: 'Adhérent', description: 'N° d’adhérent' },
  { name: 'staff', label: 'Agent', description: 'Adresse e-mail de l’agent' },
  { name: 'case', label: 'Dossier', description: 'Identifiant du dossier' },
  { name: 'session', label: 'Session', description: 'Référence de 12 caractères' },
  { name: 'from', label: 'Du', description: 'Jour inclus', type: 'date' },
  { name: 'to', label: 'Au', description: 'Jour inclus', type: 'date' },
] as const;

/** What a row says besides its columns: the other details, without the ones already shown. */
function otherDetails(entry: TAuditEntry): string {
  const { staffId: _staffId, session: _session, ...rest } = entry.details;
  return Object.entries(rest)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}\u00a0: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
}

/**
 * The audit screen (managers and administrators): who did what, when, to which member, in which
 * back-office session, over the rows of the staff member's tenants (GET /api/bo/audit).
 */
export function AuditPage() {
  const session = useStaffSession();
  const role = session.data?.staff?.role;
  const [params, setParams] = useSearchParams();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const query = new URLSearchParams([...params].filter(([k, v]) => FILTERS.some((f) => f.name === k) && v !== ''));
  const searched = query.size > 0;
  const rows = useQuery({
    queryKey: ['audit', query.toString()],
    queryFn: () => getAudit(query),
    enabled: searched && (role === 'manager' || role === 'administrator'),
  });
  if (role !== 'manager' && role !== 'administrator') return <Text>Le journal d’audit est réservé aux responsables et aux administrateurs.</Text>;

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const f of FILTERS) {
      const value = String(form.get(f.name) ?? '').trim();
      if (value) next.set(f.name, value);
    }
    setParams(next);
    requestAnimationFrame(() => resultsRef.current?.focus());
  };
  const followSession = (ref: string) => setParams(new URLSearchParams({ session: ref }));

  return (
    <Stack>
      <Title order={1} size="h2">
        Journal d’audit
      </Title>
      <form onSubmit={search} aria-label="Rechercher dans le journal d’audit" key={params.toString()}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {FILTERS.map((f) => (
              <TextInput
                key={f.name}
                name={f.name}
                label={f.label}
                description={f.description}
                type={'type' in f ? f.type : 'text'}
                defaultValue={params.get(f.name) ?? ''}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button type="submit">Rechercher</Button>
            <Button variant="default" onClick={() => setParams(new URLSearchParams())}>
              Effacer les filtres
            </Button>
          </Group>
        </Stack>
      </form>

      <Title order={2} size="h4" ref={resultsRef} tabIndex={-1}>
        Résultats
      </Title>
      {!searched && <Text>Indiquez au moins un critère&nbsp;: un adhérent, un agent, un dossier, une session ou des dates.</Text>}
      {rows.isFetching && <Loader aria-label="Recherche en cours" />}
      {rows.isError && (
        <Alert color="red" role="alert">
          {rows.error.message}
        </Alert>
      )}
      {rows.data && rows.data.length === 0 && <Text role="status">Aucun événement ne correspond à ces critères.</Text>}
      {rows.data && rows.data.length > 0 && (
        <>
          <Text size="sm" role="status">
            {rows.data.length === AUDIT_SEARCH_LIMIT
              ? `Les ${AUDIT_SEARCH_LIMIT} événements les plus récents\u00a0: précisez les critères pour voir les précédents.`
              : `${rows.data.length} événement${rows.data.length > 1 ? 's' : ''}, du plus récent au plus ancien.`}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Événement</Table.Th>
                  <Table.Th scope="col">Adhérent</Table.Th>
                  <Table.Th scope="col">Agent</Table.Th>
                  <Table.Th scope="col">Session</Table.Th>
                  <Table.Th scope="col">Détails</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.data.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{dateTime(e.at)}</Table.Td>
                    <Table.Td>{AUDIT_KIND_LABELS[e.kind] ?? e.kind}</Table.Td>
                    <Table.Td>
                      {e.membershipNumber ? (
                        <Anchor component={Link} to={`/audit?member=${e.membershipNumber}`} aria-label={`Événements de l’adhérent n° ${e.membershipNumber}`}>
                          {e.membershipNumber}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{e.staff ? `${e.staff.displayName} (${e.staff.email})` : '—'}</Table.Td>
                    <Table.Td>
                      {e.session ? (
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() => followSession(e.session!)}
                          aria-label={`Événements de la session ${e.session}`}
                        >
                          <Code>{e.session}</Code>
                        </Button>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{otherDetails(e)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
