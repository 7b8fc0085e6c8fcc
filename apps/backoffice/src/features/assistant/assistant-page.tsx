import { useInputState } from '@mantine/hooks';
import { Alert, Button, Card, Group, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { splitSynonyms, type TAssistantSynonym } from '@mutua/contracts/assistant';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { useStaffSession } from '../../lib/session';
import { useDeleteSynonym } from './api/delete-assistant-synonym';
import { useAssistantSynonyms } from './api/get-assistant-synonyms';
import { useAddSynonym } from './api/post-assistant-synonym';
import { useUpdateSynonym } from './api/put-assistant-synonym';

/** A word and its synonyms: a new one, or one of the list being changed. */
function SynonymForm({ tenantId, current, onDone }: { tenantId: string; current?: TAssistantSynonym; onDone?: () => void }) {
  const add = useAddSynonym(tenantId);
  const update = useUpdateSynonym(tenantId);
  const mutation = current ? update : add;
  const [term, setTerm] = useInputState(current?.term ?? '');
  const [synonyms, setSynonyms] = useInputState(current?.synonyms.join(', ') ?? '');
  const fields: Record<string, string> = mutation.error instanceof ApiError ? mutation.error.fields : {};
  // Each field with what the server refused of it.
  const field = { term: { value: term, onChange: setTerm, error: fields.term }, synonyms: { value: synonyms, onChange: setSynonyms, error: fields.synonyms } };
  const formError = mutation.error && !fields.term && !fields.synonyms ? mutation.error.message : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { term, synonyms: splitSynonyms(synonyms) };
    const done = () => {
      if (!current) {
        setTerm('');
        setSynonyms('');
      }
      onDone?.();
    };
    if (current) update.mutate({ id: current.id, ...input }, { onSuccess: done });
    else add.mutate(input, { onSuccess: done });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={current ? `Modifier les synonymes de « ${current.term} »` : 'Ajouter un mot'}>
      <Group align="flex-start" wrap="wrap">
        <TextInput label="Mot tapé par les adhérents" description="Un mot familier, une abréviation, une faute courante" {...field.term} w={260} />
        <TextInput
          label="Synonymes"
          description="Les mots de la FAQ et des pages, séparés par des virgules"
          {...field.synonyms}
          style={{ flex: '1 1 18rem' }}
        />
        <Button type="submit" mt={{ base: 0, sm: 46 }} loading={mutation.isPending}>
          {current ? 'Enregistrer' : 'Ajouter'}
        </Button>
      </Group>
      {formError && (
        <Text c="red.9" role="alert" mt="xs">
          {formError}
        </Text>
      )}
    </form>
  );
}

function SynonymRow({ tenantId, synonym, canEdit }: { tenantId: string; synonym: TAssistantSynonym; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteSynonym(tenantId);
  return (
    <Card withBorder component="li" data-testid="assistant-synonym">
      {editing ? (
        <SynonymForm tenantId={tenantId} current={synonym} onDone={() => setEditing(false)} />
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Text>
            <strong>{synonym.term}</strong> → {synonym.synonyms.join(', ')}
          </Text>
          {canEdit && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setEditing(true)} aria-label={`Modifier « ${synonym.term} »`}>
                Modifier
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                loading={remove.isPending}
                onClick={() => remove.mutate(synonym.id)}
                aria-label={`Supprimer « ${synonym.term} »`}
              >
                Supprimer
              </Button>
            </Group>
          )}
        </Group>
      )}
      {remove.error && (
        <Text c="red.9" role="alert" size="sm">
          {remove.error.message}
        </Text>
      )}
    </Card>
  );
}

/**
 * « Assistant »: the tenant's synonym list, with which the 24/7 assistant reads what members type
 * (« lunete », « mutuel », « rib ») as the words of the FAQ and the pages. Every staff member of the
 * tenant reads it; its administrators change it, each change in the audit log.
 */
export function AssistantPage() {
  const staff = useStaffSession().data?.staff;
  const [chosen, setChosen] = useInputState('');
  const tenantId = chosen || staff?.tenants[0]?.id || '';
  const list = useAssistantSynonyms(tenantId);
  const canEdit = staff?.role === 'administrator';
  return (
    <Stack>
      <Title order={1} size="h2">
        Assistant — synonymes
      </Title>
      <Text>
        L’assistant 24h/24 cherche la réponse dans la FAQ et les pages de l’espace adhérent. Ajoutez ici les mots que les adhérents tapent et que ces pages
        n’emploient pas&nbsp;: il les lira comme leurs synonymes.
      </Text>
      {(staff?.tenants.length ?? 0) > 1 && (
        <NativeSelect label="Organisme" maw={280} value={tenantId} onChange={setChosen} data={staff!.tenants.map((t) => ({ value: t.id, label: t.name }))} />
      )}
      {canEdit ? (
        <Card withBorder component="section" aria-labelledby="assistant-add">
          <Title order={2} size="h4" id="assistant-add" mb="xs">
            Ajouter un mot
          </Title>
          <SynonymForm key={tenantId} tenantId={tenantId} />
        </Card>
      ) : (
        <Text size="sm">Seuls les administrateurs modifient cette liste.</Text>
      )}
      {list.isPending && <Loader aria-label="Chargement des synonymes" />}
      {list.error && (
        <Alert color="red" role="alert" title="Les synonymes n’ont pas pu être chargés">
          {list.error.message}
          <Button variant="subtle" size="xs" ml="sm" onClick={() => void list.refetch()}>
            Réessayer
          </Button>
        </Alert>
      )}
      {list.data && (
        <Stack component="section" gap="xs" aria-labelledby="assistant-list">
          <Title order={2} size="h4" id="assistant-list">
            {list.data.length} mot{list.data.length > 1 ? 's' : ''} et leurs synonymes
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.map((s) => (
              <SynonymRow key={s.id} tenantId={tenantId} synonym={s} canEdit={canEdit} />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
