import { Alert, Button, Card, Textarea, Title } from '@mantine/core';
import type { TCaseDetail } from '@mutua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { postAdditionalParts } from '../api/post-additional-parts';

/** Request additional parts (10005): the member receives a request « Informations requises » to answer with files. */
export function PartsCard({ c }: { c: TCaseDetail }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const ask = useMutation({
    mutationFn: () => postAdditionalParts(c.id, message),
    onSuccess: async () => {
      setMessage('');
      await queryClient.invalidateQueries({ queryKey: ['case', c.id] });
    },
  });
  if (c.state !== 'OPEN') return null;
  return (
    <Card withBorder component="section" aria-labelledby="parts-title">
      <Title order={2} size="h4" id="parts-title" mb="sm">
        Pièces complémentaires
      </Title>
      <Textarea label="Pièces demandées à l’adhérent" autosize minRows={2} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
      {ask.isError && (
        <Alert color="red" role="alert" mt="xs">
          {ask.error.message}
        </Alert>
      )}
      {ask.isSuccess && (
        <Alert color="green" role="status" mt="xs">
          Demande de pièces envoyée à l’adhérent.
        </Alert>
      )}
      <Button mt="sm" variant="default" onClick={() => ask.mutate()} disabled={message.trim().length < 5} loading={ask.isPending}>
        Demander les pièces
      </Button>
    </Card>
  );
}
