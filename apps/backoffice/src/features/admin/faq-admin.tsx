import { Button, Card, Group, Loader, Modal, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormActions } from './admin-form';
import { Outcome } from '@mutua/ui/outcome';
import { useAdminWrite } from './use-admin';
import { getTenantFaq } from './api/get-tenant-faq';
import { postFaqCategory, postFaqTheme } from './api/post-faq-category';
import { postFaqEntry } from './api/post-faq-entry';
import { putFaqCategory, putFaqTheme } from './api/put-faq-category';
import { putFaqEntry } from './api/put-faq-entry';

type Editing = { categoryId: string; themeId: string; entryId: string | null; question: string; answer: string };
/** The category or theme dialog: a new one (its id derived from the title until typed), or a rename. */
type Structure = {
  kind: 'category' | 'theme';
  /** The category (a theme's, or the one renamed); null for a new category. */
  categoryId: string | null;
  categoryTitle: string;
  /** The theme renamed; null otherwise. */
  themeId: string | null;
  creating: boolean;
  id: string;
  idTyped: boolean;
  title: string;
  description: string;
};
type Move = { path: string; move: 'up' | 'down' };
/** Only a new category has none yet. */
const categoryOf = (s: Structure) => s.categoryId ?? '';

/** A category (`<category>`) or a theme (`<category>/themes/<theme>`) switched on or off, or moved. */
function putFaqNode(tenantId: string, path: string, change: { enabled: boolean } | { move: 'up' | 'down' }) {
  const [categoryId = '', , themeId] = path.split('/');
  return themeId ? putFaqTheme(tenantId, categoryId, themeId, change) : putFaqCategory(tenantId, categoryId, change);
}

/** « Prévention & santé » → « prevention-sante »: the id in the member's address (letters, digits, dashes). */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

const structureTitle = (s: Structure) =>
  s.kind === 'category' ? (s.creating ? 'Ajouter une catégorie' : 'Renommer la catégorie') : s.creating ? 'Ajouter un thème' : 'Renommer le thème';

/** After a move, the same button of the moved item again (or its other one at either end): the focus stays where the eye is. */
function refocus(key: string) {
  const same = document.querySelector<HTMLButtonElement>(`[data-move="${key}"]:not(:disabled)`);
  const other = document.querySelector<HTMLButtonElement>(`[data-move="${key.replace(/-(up|down)$/, (_, m: string) => (m === 'up' ? '-down' : '-up'))}"]`);
  (same ?? other)?.focus();
}

/** The tenant's FAQ: categories and themes added, renamed, moved, switched on or off; questions added and edited (the member search follows). */
export function FaqAdmin({ tenantId }: { tenantId: string }) {
  const faq = useQuery({ queryKey: ['admin', 'faq', tenantId], queryFn: () => getTenantFaq(tenantId) });
  const [editing, setEditing] = useState<Editing | null>(null);
  /** The move button to focus once the FAQ is shown in its new order (a moved card is a moved DOM node, which may lose the focus). */
  const [moved, setMoved] = useState<{ key: string } | null>(null);
  useEffect(() => {
    if (moved) refocus(moved.key);
  }, [moved]);
  const [structure, setStructure] = useState<Structure | null>(null);
  const toggle = useAdminWrite((v: { path: string; enabled: boolean }) => putFaqNode(tenantId, v.path, { enabled: v.enabled }));
  const move = useAdminWrite((v: Move) => putFaqNode(tenantId, v.path, { move: v.move }));
  const save = useAdminWrite((v: Editing) => {
    const entry = { question: v.question, answer: v.answer };
    return v.entryId ? putFaqEntry(tenantId, v.entryId, entry) : postFaqEntry(tenantId, v.categoryId, v.themeId, entry);
  });
  const saveStructure = useAdminWrite((s: Structure) => {
    if (s.kind === 'category') {
      const fields = { title: s.title, description: s.description };
      return s.creating ? postFaqCategory(tenantId, { id: s.id, ...fields }) : putFaqCategory(tenantId, categoryOf(s), fields);
    }
    return s.creating
      ? postFaqTheme(tenantId, categoryOf(s), { id: s.id, title: s.title })
      : putFaqTheme(tenantId, categoryOf(s), s.themeId ?? '', { title: s.title });
  });
  const [done, setDone] = useState<string | null>(null);
  const open = (s: Omit<Structure, 'idTyped' | 'description'> & { description?: string }) => {
    saveStructure.reset();
    toggle.reset();
    move.reset();
    setDone(null);
    setStructure({ idTyped: false, description: '', ...s });
  };
  /** One outcome at a time above the FAQ: the last action's confirmation, or its error. */
  const switchOn = (v: { path: string; enabled: boolean }) => {
    move.reset();
    setDone(null);
    toggle.mutate(v, { onSuccess: () => setDone('FAQ mise à jour.') });
  };
  const moveOne = (v: Move) => {
    // Not disabled while it runs (a disabled button loses the focus): a second click waits for the first.
    if (move.isPending) return;
    toggle.reset();
    setDone(null);
    // Set once the refreshed FAQ is in the cache (the write waits for it): the effect runs after it is shown.
    move.mutate(v, {
      onSuccess: () => {
        setDone('FAQ mise à jour.');
        setMoved({ key: `${v.path}-${v.move}` });
      },
    });
  };
  const moveButtons = (path: string, label: string, index: number, count: number) => (
    <>
      <Button
        size="xs"
        variant="default"
        data-move={`${path}-up`}
        disabled={index === 0}
        aria-label={`Monter\u00a0: ${label}`}
        onClick={() => moveOne({ path, move: 'up' })}
      >
        Monter
      </Button>
      <Button
        size="xs"
        variant="default"
        data-move={`${path}-down`}
        disabled={index === count - 1}
        aria-label={`Descendre\u00a0: ${label}`}
        onClick={() => moveOne({ path, move: 'down' })}
      >
        Descendre
      </Button>
    </>
  );

  if (faq.isPending || faq.isError) return <LoadState query={faq} loading={<Loader aria-label="Chargement de la FAQ" />} />;
  const addCategory = (
    <Button onClick={() => open({ kind: 'category', categoryId: null, categoryTitle: '', themeId: null, creating: true, id: '', title: '' })}>
      Ajouter une catégorie
    </Button>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" maw={640}>
          Les adhérents voient les catégories et les thèmes visibles, dans cet ordre, dans la seconde qui suit chaque modification.
        </Text>
        {faq.data.length > 0 && addCategory}
      </Group>
      <Outcome error={toggle.error ?? move.error} done={done} />
      {faq.data.length === 0 && (
        <Card withBorder>
          <Stack align="flex-start">
            <Text>
              Cette mutuelle n’a pas encore de FAQ. Commencez par une catégorie (par exemple «&nbsp;Remboursements&nbsp;»), puis ses thèmes et leurs questions.
            </Text>
            {addCategory}
          </Stack>
        </Card>
      )}
      {faq.data.map((c, ci) => (
        <Card key={c.id} withBorder component="section" aria-labelledby={`faq-${c.id}`}>
          <Group justify="space-between" mb="sm" align="flex-start">
            <div>
              <Title order={2} size="h4" id={`faq-${c.id}`}>
                {c.title}
              </Title>
              {c.description && <Text size="sm">{c.description}</Text>}
              <Text size="xs" c="dimmed">
                Adresse&nbsp;: /faq/{c.id}
              </Text>
            </div>
            <Group gap="xs">
              <Switch
                label="Catégorie visible"
                aria-label={`Catégorie visible\u00a0: ${c.title}`}
                checked={c.enabled}
                onChange={(e) => switchOn({ path: c.id, enabled: e.currentTarget.checked })}
              />
              <Button
                size="xs"
                variant="default"
                aria-label={`Renommer la catégorie\u00a0: ${c.title}`}
                onClick={() =>
                  open({
                    kind: 'category',
                    categoryId: c.id,
                    categoryTitle: c.title,
                    themeId: null,
                    creating: false,
                    id: c.id,
                    title: c.title,
                    description: c.description,
                  })
                }
              >
                Renommer
              </Button>
              {moveButtons(c.id, c.title, ci, faq.data.length)}
              <Button
                size="xs"
                variant="light"
                aria-label={`Ajouter un thème à la catégorie\u00a0: ${c.title}`}
                onClick={() => open({ kind: 'theme', categoryId: c.id, categoryTitle: c.title, themeId: null, creating: true, id: '', title: '' })}
              >
                Ajouter un thème
              </Button>
            </Group>
          </Group>
          <Stack gap="md">
            {c.themes.length === 0 && <Text size="sm">Aucun thème dans cette catégorie&nbsp;: ajoutez-en un pour y ranger des questions.</Text>}
            {c.themes.map((th, ti) => (
              <div key={th.id}>
                <Group justify="space-between" mb={4} align="flex-start">
                  <Title order={3} size="h5">
                    {th.title}
                  </Title>
                  <Group gap="xs">
                    <Switch
                      label="Thème visible"
                      aria-label={`Thème visible\u00a0: ${th.title}`}
                      checked={th.enabled}
                      onChange={(e) => switchOn({ path: `${c.id}/themes/${th.id}`, enabled: e.currentTarget.checked })}
                    />
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Renommer le thème\u00a0: ${th.title}`}
                      onClick={() =>
                        open({ kind: 'theme', categoryId: c.id, categoryTitle: c.title, themeId: th.id, creating: false, id: th.id, title: th.title })
                      }
                    >
                      Renommer
                    </Button>
                    {moveButtons(`${c.id}/themes/${th.id}`, th.title, ti, c.themes.length)}
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Ajouter une question au thème\u00a0: ${th.title}`}
                      onClick={() => {
                        save.reset();
                        setDone(null);
                        setEditing({ categoryId: c.id, themeId: th.id, entryId: null, question: '', answer: '' });
                      }}
                    >
                      Ajouter une question
                    </Button>
                  </Group>
                </Group>
                <Stack gap={4}>
                  {th.entries.length === 0 && <Text size="sm">Aucune question dans ce thème pour l’instant.</Text>}
                  {th.entries.map((e) => (
                    <Group key={e.id} justify="space-between" wrap="nowrap">
                      <Text size="sm">{e.question}</Text>
                      <Button
                        size="xs"
                        variant="default"
                        style={{ flexShrink: 0 }}
                        aria-label={`Modifier\u00a0: ${e.question}`}
                        onClick={() => {
                          save.reset();
                          setDone(null);
                          setEditing({ categoryId: c.id, themeId: th.id, entryId: e.id, question: e.question, answer: e.answer });
                        }}
                      >
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
      <Modal
        opened={structure !== null}
        onClose={() => setStructure(null)}
        title={structure ? structureTitle(structure) : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {structure && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              saveStructure.mutate(structure, {
                onSuccess: () => {
                  setDone(
                    structure.creating
                      ? `${structure.kind === 'category' ? 'Catégorie ajoutée' : 'Thème ajouté'}\u00a0: ${structure.title.trim()}.`
                      : `${structure.kind === 'category' ? 'Catégorie renommée' : 'Thème renommé'}\u00a0: ${structure.title.trim()}.`,
                  );
                  setStructure(null);
                },
              });
            }}
          >
            <Stack>
              {structure.kind === 'theme' && <Text size="sm">Dans la catégorie «&nbsp;{structure.categoryTitle}&nbsp;».</Text>}
              <TextInput
                label="Titre"
                required
                value={structure.title}
                onChange={(e) => {
                  const title = e.currentTarget.value;
                  setStructure({ ...structure, title, id: structure.creating && !structure.idTyped ? slugOf(title) : structure.id });
                }}
                maxLength={120}
                data-autofocus
              />
              {structure.kind === 'category' && (
                <Textarea
                  label="Description"
                  description="Facultative, affichée sous le titre de la catégorie."
                  value={structure.description}
                  onChange={(e) => setStructure({ ...structure, description: e.currentTarget.value })}
                  autosize
                  minRows={2}
                  maxLength={300}
                />
              )}
              {structure.creating ? (
                <TextInput
                  label="Identifiant dans l’adresse"
                  description={`Lettres minuscules, chiffres et tirets\u00a0; il ne change plus ensuite. Adresse\u00a0: /faq/${structure.kind === 'theme' ? `${structure.categoryId}/` : ''}${structure.id || '…'}`}
                  required
                  value={structure.id}
                  onChange={(e) => setStructure({ ...structure, id: e.currentTarget.value, idTyped: true })}
                  maxLength={60}
                />
              ) : (
                <Text size="sm">
                  L’adresse ne change pas&nbsp;: /faq/{structure.kind === 'theme' ? `${structure.categoryId}/` : ''}
                  {structure.id}
                </Text>
              )}
              <Outcome error={saveStructure.error} done={false} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setStructure(null)}>
                  Annuler
                </Button>
                <Button type="submit" loading={saveStructure.isPending}>
                  {structure.creating ? 'Ajouter' : 'Enregistrer'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.entryId ? 'Modifier la question' : 'Ajouter une question'}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {editing && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(editing, {
                onSuccess: () => {
                  setDone('Question enregistrée\u00a0: la recherche des adhérents la trouve déjà.');
                  setEditing(null);
                },
              });
            }}
          >
            <Stack>
              <TextInput
                label="Question"
                value={editing.question}
                onChange={(e) => setEditing({ ...editing, question: e.currentTarget.value })}
                maxLength={300}
                data-autofocus
              />
              <Textarea
                label="Réponse"
                value={editing.answer}
                onChange={(e) => setEditing({ ...editing, answer: e.currentTarget.value })}
                autosize
                minRows={5}
                maxLength={5000}
              />
              <Outcome error={save.error} done={false} />
              <FormActions pending={save.isPending} onCancel={() => setEditing(null)} />
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
