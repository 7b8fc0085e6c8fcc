import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { DataTable } from '@mutua/ui/data-table';
import { formatDate, formatEuros } from '@mutua/contracts/french-format';
import type { TPaymentFile, TPaymentFileDetail } from '@mutua/contracts/payment-files';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dateTime } from '../../../lib/api';

/**
 * « Virements »: the SEPA transfer files of the staff's tenants (one per tenant and batch), their totals,
 * the XML to hand to the bank, and « envoyé à la banque » once it is. Managers and administrators.
 */
export function PaymentFilesPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['payment-files'], queryFn: () => api<TPaymentFile[]>('GET', '/payment-files') });
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['payment-files'] });
  const batch = useMutation({
    mutationFn: () => api<TPaymentFile[]>('POST', '/payment-files', {}),
    onSuccess: async (files) => {
      setDone(
        files.length
          ? `${files.length} fichier${files.length > 1 ? 's' : ''} de virements créé${files.length > 1 ? 's' : ''}.`
          : 'Aucun remboursement à payer pour le moment.',
      );
      await refresh();
    },
  });
  const sent = useMutation({
    mutationFn: (id: string) => api<TPaymentFile>('POST', `/payment-files/${id}/sent`, {}),
    onSuccess: async (file) => {
      setDone(`Fichier ${file.messageId} marqué comme envoyé à la banque\u00a0: les adhérents voient « Virement émis ».`);
      await refresh();
    },
  });
  const error = batch.error ?? sent.error;
  return (
    <Stack>
      <Title order={1} size="h2">
        Virements
      </Title>
      <Text size="sm">
        Chaque lot rassemble, par mutuelle, les remboursements validés à payer à l’adhérent ou au bénéficiaire (virement SEPA, norme ISO 20022 pain.001). Les
        remboursements en tiers payant y sont listés, sans être payés à l’adhérent.
      </Text>
      <Group>
        <Button onClick={() => batch.mutate()} loading={batch.isPending}>
          Créer le lot de virements maintenant
        </Button>
      </Group>
      {done && (
        <Alert color="green" role="status">
          {done}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <LoadState query={list} loading={<Loader aria-label="Chargement des fichiers de virements" />} />
      {list.data?.length === 0 && <Text>Aucun fichier de virements pour le moment.</Text>}
      {list.data?.map((f) => (
        <PaymentFileCard key={f.id} file={f} busy={sent.isPending} onSent={() => sent.mutate(f.id)} />
      ))}
    </Stack>
  );
}

function PaymentFileCard({ file, busy, onSent }: { file: TPaymentFile; busy: boolean; onSent: () => void }) {
  const [open, setOpen] = useState(false);
  const titleId = `payment-file-${file.id}`;
  return (
    <Card withBorder component="article" aria-labelledby={titleId} data-testid="payment-file">
      <Stack gap={6}>
        <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {file.messageId}
        </Title>
        <Text size="sm">
          {file.tenantId} · exécution le {formatDate(file.executionDate, 'long')} · créé le {dateTime(file.createdAt)}
        </Text>
        <Text>
          {file.transferCount} virement{file.transferCount > 1 ? 's' : ''} pour {formatEuros(file.transferTotalCents)}
          {file.listedCount > 0 &&
            ` · ${file.listedCount} remboursement${file.listedCount > 1 ? 's' : ''} en tiers payant listé${file.listedCount > 1 ? 's' : ''} (${formatEuros(file.listedTotalCents)})`}
        </Text>
        <Text size="sm" fw={500}>
          {file.sentAt ? `Envoyé à la banque le ${dateTime(file.sentAt)} par ${file.sentBy ?? '—'}` : 'Pas encore envoyé à la banque'}
        </Text>
        <Group gap="sm">
          <Anchor href={`/api/bo/payment-files/${file.id}/xml`} download>
            Télécharger le fichier XML ({file.messageId})
          </Anchor>
          <Button variant="default" size="xs" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {open ? 'Masquer le détail' : 'Voir le détail'}
          </Button>
          {!file.sentAt && (
            <Button size="xs" onClick={onSent} loading={busy}>
              Marquer comme envoyé à la banque
            </Button>
          )}
        </Group>
        {open && <PaymentFileLines id={file.id} />}
      </Stack>
    </Card>
  );
}

function PaymentFileLines({ id }: { id: string }) {
  const detail = useQuery({ queryKey: ['payment-files', id], queryFn: () => api<TPaymentFileDetail>('GET', `/payment-files/${id}`) });
  if (detail.isPending || detail.isError) return <LoadState query={detail} loading={<Loader size="sm" aria-label="Chargement du détail" />} />;
  return (
    <DataTable
      label="Remboursements du fichier"
      data-testid="payment-file-lines"
      rowKey={(l) => l.refundId}
      rows={detail.data.lines}
      columns={[
        { header: 'Décompte', rowHeader: true, cell: (l) => l.reference },
        { header: 'Bénéficiaire du paiement', cell: (l) => l.payeeName },
        { header: 'Compte', cell: (l) => (l.kind === 'TRANSFER' ? l.ibanMasked : 'Tiers payant (non payé par ce fichier)') },
        { header: 'Montant', cell: (l) => formatEuros(l.amountCents) },
      ]}
    />
  );
}
