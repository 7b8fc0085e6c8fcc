import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { FileDownloadButton, DownloadFailed } from '../../../components/download-button';
import { formatDate } from '../../../lib/format';
import { useBeneficiaryDocuments, useDownloadBeneficiaryDocument } from '../api/beneficiaries';
import { LoadState } from '../../../components/load-state';

/** The update-beneficiary page's documents: files about that person and their refund statements. */
export function BeneficiaryDocuments({ familyPosition, name }: { familyPosition: number; name: string }) {
  const docs = useBeneficiaryDocuments(familyPosition);
  const download = useDownloadBeneficiaryDocument();
  const rows = docs.data
    ? [
        ...docs.data.files.map((f) => ({
          key: `f-${f.id}`,
          kind: 'file' as const,
          id: f.id,
          name: f.name,
          label: f.name,
          date: f.date,
          what: f.origin === 'member' ? `Envoyé par vous${f.requestTitle ? ` (${f.requestTitle})` : ''}` : 'Envoyé par votre mutuelle',
        })),
        ...docs.data.statements.map((s) => ({
          key: `s-${s.refundId}`,
          kind: 'statement' as const,
          id: s.refundId,
          name: s.fileName,
          label: `Décompte n° ${s.reference}`,
          date: s.paymentDate,
          what: `${s.actWording}, soins du ${formatDate(s.careDate)}`,
        })),
      ]
    : [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="benef-docs-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="benef-docs-title">
          Documents
        </Title>
        <LoadState
          query={docs}
          message={`Les documents de ${name} n’ont pas pu être chargés. Réessayez dans quelques instants.`}
          loading={<Loader size="sm" aria-label="Chargement des documents" />}
        />
        <DownloadFailed failed={download.isError} />
        {docs.data && rows.length === 0 && (
          <Text size="sm">
            Aucun document ni décompte pour {name} pour l’instant. Les justificatifs que vous envoyez et ses décomptes de remboursement apparaîtront ici.
          </Text>
        )}
        {rows.length > 0 && (
          <Stack gap="xs" component="ul" aria-labelledby="benef-docs-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((r) => (
              <Group
                key={r.key}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                align="center"
                py={4}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              >
                <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Text size="sm" fw={600}>
                    {r.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(r.date)} · {r.what}
                  </Text>
                </div>
                <FileDownloadButton
                  name={r.label}
                  pending={download.isPending && download.variables?.id === r.id}
                  onClick={() => download.mutate({ kind: r.kind, id: r.id, name: r.name })}
                />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
