import { useInputState } from '@mantine/hooks';
import { Button, Card, Checkbox, Group, Loader, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { DataTable } from '@mutua/ui/data-table';
import { LEGAL_PAGE_TYPES, type LegalPageType } from '@mutua/contracts/legal-pages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../../lib/api';
import { Outcome } from '@mutua/ui/outcome';
import { postLegalPage } from './api/post-legal-page';
import { useAdminWrite } from './use-admin';
import { getTenantLegalPages } from './api/get-tenant-legal-pages';

const TYPE_LABELS: Record<LegalPageType, string> = {
  cgu: 'Conditions générales d’utilisation',
  confidentialite: 'Politique de confidentialité',
  'mentions-legales': 'Mentions légales',
};

/** Current legal pages and a new version: members accept it again at their next visit when it requires acceptance. */
export function LegalAdmin({ tenantId }: { tenantId: string }) {
  const pages = useQuery({ queryKey: ['admin', 'legal', tenantId], queryFn: () => getTenantLegalPages(tenantId) });
  const [type, setType] = useState<LegalPageType>('cgu');
  const current = pages.data?.find((p) => p.type === type);
  const [draft, setDraft] = useState<{ title: string; content: string } | null>(null);
  const [requiresAcceptance, setRequires] = useInputState(true);
  const title = draft?.title ?? current?.title ?? '';
  const content = draft?.content ?? current?.content ?? '';
  const publish = useAdminWrite(() => postLegalPage(tenantId, { type, title, content, requiresAcceptance }));
  if (pages.isPending || pages.isError) return <LoadState query={pages} loading={<Loader aria-label="Chargement des pages légales" />} />;
  return (
    <Stack>
      <DataTable
        label="Pages légales en vigueur"
        rows={pages.data}
        rowKey={(p) => p.type}
        columns={[
          { header: 'Page', rowHeader: true, cell: (p) => TYPE_LABELS[p.type] },
          { header: 'Version en vigueur', cell: (p) => p.version },
          { header: 'Publiée le', cell: (p) => dateTime(p.publishedAt) },
          { header: 'Acceptation', cell: (p) => (p.requiresAcceptance ? 'Demandée' : 'Non demandée') },
        ]}
      />
      <Card withBorder component="section" aria-labelledby="legal-new">
        <Title order={2} size="h4" id="legal-new" mb="sm">
          Publier une nouvelle version
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            publish.mutate(undefined, { onSuccess: () => setDraft(null) });
          }}
        >
          <Stack gap="sm">
            <Select
              label="Page"
              value={type}
              allowDeselect={false}
              onChange={(v) => {
                setType((v ?? 'cgu') as LegalPageType);
                setDraft(null);
              }}
              data={LEGAL_PAGE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            />
            <TextInput label="Titre" value={title} onChange={(e) => setDraft({ title: e.currentTarget.value, content })} maxLength={200} />
            <Textarea label="Contenu" value={content} onChange={(e) => setDraft({ title, content: e.currentTarget.value })} autosize minRows={6} maxRows={16} />
            <Checkbox label="Les adhérents doivent accepter cette version à leur prochaine connexion" checked={requiresAcceptance} onChange={setRequires} />
            <Text size="sm">La version {current ? current.version + 1 : 1} remplacera la version en vigueur dès sa publication.</Text>
            <Outcome error={publish.error} done={publish.isSuccess} text="Nouvelle version publiée." />
            <Group>
              <Button type="submit" loading={publish.isPending}>
                Publier la version
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
