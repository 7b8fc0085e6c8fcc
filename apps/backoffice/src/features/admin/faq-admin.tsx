import { Button, Card, Group, Loader, Modal, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { TAdminFaqCategory } from '@mutua/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api';
import { Outcome } from './outcome';
import { useAdminWrite } from './use-admin';

type Editing = { categoryId: string; themeId: string; entryId: string | null; question: string; answer: string };

/** The tenant's FAQ: categories and themes switched on or off, questions added and edited (the member search follows). */
export function FaqAdmin({ tenantId }: { tenantId: string }) {
  const faq = useQuery({ queryKey: ['admin', 'faq', tenantId], queryFn: () => api<TAdminFaqCategory[]>('GET', `/tenants/${tenantId}/faq`) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const toggle = useAdminWrite('PUT', (v: { path: string; enabled: boolean }) => `/tenants/${tenantId}/faq/categories/${v.path}`, (v) => ({ enabled: v.enabled }));
  const save = useAdminWrite(
    editing?.entryId ? 'PUT' : 'POST',
    (v: Editing) => (v.entryId ? `/tenants/${tenantId}/faq/entries/${v.entryId}` : `/tenants/${tenantId}/faq/categories/${v.categoryId}/themes/${v.themeId}/entries`),
    (v) => ({ question: v.question, answer: v.answer }),
  );
  if (faq.isPending) return <Loader aria-label="Chargement de la FAQ" />;
  if (faq.isError) return <Text c="red.9">{faq.error.message}</Text>;
  if (faq.data.length === 0) return <Text>Cette mutuelle n’a pas encore de FAQ.</Text>;
  return (
    <Stack>
      <Outcome error={toggle.error} done={toggle.isSuccess} text="FAQ mise à jour." />
      {save.isSuccess && !editing && <Outcome error={null} done text="Question enregistrée : la recherche des adhérents la trouve déjà." />}
      {faq.data.map((c) => (
        <Card key={c.id} withBorder component="section" aria-labelledby={`faq-${c.id}`}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id={`faq-${c.id}`}>
              {c.title}
            </Title>
            <Switch label="Catégorie visible" checked={c.enabled} onChange={(e) => toggle.mutate({ path: c.id, enabled: e.currentTarget.checked })} />
          </Group>
          <Stack gap="md">
            {c.themes.map((th) => (
              <div key={th.id}>
                <Group justify="space-between" mb={4}>
                  <Title order={3} size="h5">
                    {th.title}
                  </Title>
                  <Group gap="sm">
                    <Switch label="Thème visible" aria-label={`Thème visible : ${th.title}`} checked={th.enabled} onChange={(e) => toggle.mutate({ path: `${c.id}/themes/${th.id}`, enabled: e.currentTarget.checked })} />
                    <Button size="xs" variant="light" onClick={() => { save.reset(); setEditing({ categoryId: c.id, themeId: th.id, entryId: null, question: '', answer: '' }); }}>
                      Ajouter une question
                    </Button>
                  </Group>
                </Group>
                <Stack gap={4}>
                  {th.entries.map((e) => (
                    <Group key={e.id} justify="space-between" wrap="nowrap">
                      <Text size="sm">{e.question}</Text>
                      <Button size="xs" variant="default" aria-label={`Modifier : ${e.question}`} onClick={() => { save.reset(); setEditing({ categoryId: c.id, themeId: th.id, entryId: e.id, question: e.question, answer: e.answer }); }}>
                        Modifier
                      </Button>
                    </Group>
                  ))}
                </Stack>
              </div>
            ))}
          </Stack>
        </Card>
      ))}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.entryId ? 'Modifier la question' : 'Ajouter une question'} size="lg">
        {editing && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(editing, { onSuccess: () => setEditing(null) });
            }}
          >
            <Stack>
              <TextInput label="Question" value={editing.question} onChange={(e) => setEditing({ ...editing, question: e.currentTarget.value })} maxLength={300} data-autofocus />
              <Textarea label="Réponse" value={editing.answer} onChange={(e) => setEditing({ ...editing, answer: e.currentTarget.value })} autosize minRows={5} maxLength={5000} />
              <Outcome error={save.error} done={false} text="" />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  Annuler
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Enregistrer
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
