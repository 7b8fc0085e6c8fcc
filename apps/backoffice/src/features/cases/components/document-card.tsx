import { useInputState } from '@mantine/hooks';
import { Alert, Anchor, Button, Card, FileInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { TCaseDetail } from '@mutua/contracts/backoffice';
import { APPROVAL_STATE_LABELS, documentMessageDefault, type TApproval } from '@mutua/contracts/backoffice-approvals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../../../lib/api';
import { getCaseApprovals } from '../api/get-case-approvals';
import { postDocument } from '../api/post-document';

/**
 * Publishing a document to the member (an attestation, a letter): the agent proposes a PDF with its
 * message; the member sees nothing until a manager, having read it, approves it (four eyes) — then it
 * arrives in this request's thread.
 */
export function DocumentCard({ c }: { c: TCaseDetail }) {
  const queryClient = useQueryClient();
  const approvals = useQuery({ queryKey: ['case-approvals', c.id], queryFn: () => getCaseApprovals(c.id) });
  const [name, setName] = useInputState('');
  const [message, setMessage] = useInputState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const propose = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.set('caseId', c.id);
      form.set('name', name);
      form.set('message', message ?? documentMessageDefault(name));
      if (file) form.set('file', file);
      return postDocument(form);
    },
    onSuccess: async () => {
      setName('');
      setMessage(null);
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: ['case-approvals', c.id] });
      await queryClient.invalidateQueries({ queryKey: ['case-refund', c.id] });
    },
  });
  if (!approvals.data) return null;
  const documents = approvals.data.filter((a): a is TApproval & { document: NonNullable<TApproval['document']> } => a.document !== null);
  const pending = approvals.data.find((a) => a.state === 'PENDING');
  return (
    <Card withBorder component="section" aria-labelledby="document-title">
      <Title order={2} size="h4" id="document-title" mb="sm">
        Document à l’adhérent
      </Title>
      {documents
        .filter((a) => a.state !== 'PENDING')
        .map((a) => (
          <Text size="sm" key={a.id} mb="xs">
            {APPROVAL_STATE_LABELS[a.state]}&nbsp;: « {a.document.name} » par {a.decidedBy?.displayName}
            {a.reason ? ` (motif\u00a0: ${a.reason})` : ''}
          </Text>
        ))}
      {pending ? (
        <Alert color="blue" role="status" data-testid="document-pending">
          {pending.document ? (
            <>
              « {pending.document.name} » (
              <Anchor href={`/api/bo/approvals/${pending.id}/file`} download>
                {pending.document.fileName}
              </Anchor>
              ) proposé par {pending.proposedBy.displayName} le {dateTime(pending.proposedAt)}&nbsp;: en attente de la validation d’un responsable.
            </>
          ) : (
            <>Une proposition de remboursement attend la validation d’un responsable&nbsp;: un document pourra être proposé ensuite.</>
          )}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text size="sm">Le document n’est envoyé à l’adhérent qu’après la validation d’un responsable.</Text>
          <TextInput label="Nom du document" description="Tel que l’adhérent le lira, par exemple « Attestation de droits »." value={name} onChange={setName} />
          <FileInput
            label="Document PDF"
            accept="application/pdf"
            clearable
            value={file}
            onChange={setFile}
            placeholder="Choisir un fichier PDF"
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          />
          <Textarea label="Message à l’adhérent" autosize minRows={3} value={message ?? documentMessageDefault(name || '…')} onChange={setMessage} />
          {propose.isError && (
            <Alert color="red" role="alert">
              {propose.error.message}
            </Alert>
          )}
          <Button variant="default" onClick={() => propose.mutate()} loading={propose.isPending} disabled={!file || name.trim().length < 3}>
            Proposer le document
          </Button>
        </Stack>
      )}
    </Card>
  );
}
