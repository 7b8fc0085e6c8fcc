import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { PAGE_DOCUMENT_KIND_LABELS } from '@mutua/contracts/documents';
import { FileDownloadButton, DownloadFailed } from '../../../components/download-button';
import { useContractDocuments, useDownloadContractDocument } from '../api/contract-documents';
import { LoadState } from '../../../components/load-state';

/**
 * contractual-info's shared documents: the insurer's health documents from the
 * database, downloadable. The guarantees table of a collective contract is the employer's: members
 * with only collective contracts are sent to their HR department for it.
 */
export function ContractDocuments({ onlyCollective }: { onlyCollective: boolean }) {
  const docs = useContractDocuments();
  const download = useDownloadContractDocument();
  const shown = (docs.data ?? []).filter((d) => !(onlyCollective && d.kind === 'guarantees_table'));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contract-docs-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="contract-docs-title">
          Documents de votre contrat
        </Title>
        <LoadState
          query={docs}
          message="Les documents n’ont pas pu être chargés. Réessayez dans quelques instants."
          loading={<Loader size="sm" aria-label="Chargement des documents" />}
        />
        <DownloadFailed failed={download.isError} />
        {onlyCollective && <Text size="sm">Le tableau de garanties de votre contrat collectif est à obtenir auprès de votre service RH.</Text>}
        {docs.data && shown.length === 0 && <Text size="sm">Aucun document n’est disponible pour le moment.</Text>}
        {shown.length > 0 && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((d) => (
              <Group key={d.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text size="sm" fw={600}>
                    {d.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {PAGE_DOCUMENT_KIND_LABELS[d.kind]}
                  </Text>
                </div>
                <FileDownloadButton name={d.name} pending={download.isPending && download.variables?.id === d.id} onClick={() => download.mutate(d)} />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
