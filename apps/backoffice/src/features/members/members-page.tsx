import { useInputState } from '@mantine/hooks';
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { boModeOf, canHandleCases } from '@mutua/contracts/backoffice';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useStaffSession } from '../../lib/session';
import { getMembers } from './api/get-members';
import { postHandoff } from './api/post-handoff';
import { postUndeliverableAddress } from './api/post-undeliverable-address';

/** Member search (name, membership number, e-mail, adviser code) and entering a member's space. */
export function MembersPage() {
  const session = useStaffSession();
  const mode = session.data?.staff ? boModeOf(session.data.staff.role) : null;
  const [q, setQ] = useState('');
  const [reason, setReason] = useInputState('');
  const hits = useQuery({ queryKey: ['members', q], queryFn: () => getMembers(q), enabled: q.length >= 2 });
  const handoff = useMutation({
    mutationFn: (memberId: string) => postHandoff(memberId, { mode, ...(mode === 'DEROGATION' ? { reason } : {}) }),
    onSuccess: ({ url }) => {
      window.open(url, '_blank', 'noopener');
    },
  });
  // La Poste returned the member's mail (« NPAI »): the portal asks the member for a valid address.
  const returnedMail = useMutation({ mutationFn: postUndeliverableAddress });
  const handlesCases = !!session.data?.staff && canHandleCases(session.data.staff.role);
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        Adhérents
      </Title>
      <form onSubmit={search}>
        <Group align="end">
          <TextInput name="q" label="Nom, n° d’adhérent, e-mail ou code conseiller" />
          <Button type="submit">Rechercher</Button>
        </Group>
      </form>
      {mode === 'DEROGATION' && <Textarea label="Motif de la dérogation (obligatoire pour agir pour l’adhérent)" value={reason} onChange={setReason} />}
      {handoff.isError && (
        <Alert color="red" role="alert">
          {handoff.error.message}
        </Alert>
      )}
      {returnedMail.isError && (
        <Alert color="red" role="alert">
          {returnedMail.error.message}
        </Alert>
      )}
      {returnedMail.isSuccess && (
        <Alert color="teal" role="status">
          Adresse signalée comme non distribuable&nbsp;: l’adhérent est invité à la mettre à jour, la carte papier attend sa nouvelle adresse.
        </Alert>
      )}
      {hits.data?.length === 0 && <Text>Aucun adhérent ne correspond à cette recherche.</Text>}
      {hits.data?.map((m) => (
        <Card key={m.id} withBorder>
          <Group justify="space-between">
            <div>
              <Text fw={700}>{m.name}</Text>
              <Text size="sm">
                n° {m.membershipNumber} · {m.email ?? 'sans e-mail'}
              </Text>
            </div>
            <Anchor component={Link} to={`/?member=${m.id}`} aria-label={`Ses demandes\u00a0: ${m.name}`}>
              Ses demandes
            </Anchor>
            {handlesCases && (
              <Button
                variant="default"
                loading={returnedMail.isPending && returnedMail.variables === m.id}
                onClick={() => returnedMail.mutate(m.id)}
                aria-label={`Courrier revenu (NPAI)\u00a0: ${m.name}`}
              >
                Courrier revenu (NPAI)
              </Button>
            )}
            {mode && (
              <Button
                onClick={() => handoff.mutate(m.id)}
                aria-label={`${mode === 'READ_ONLY' ? 'Voir en lecture seule' : 'Agir pour l’adhérent'}\u00a0: ${m.name}`}
              >
                {mode === 'READ_ONLY' ? 'Voir en lecture seule' : 'Agir pour l’adhérent'}
              </Button>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
