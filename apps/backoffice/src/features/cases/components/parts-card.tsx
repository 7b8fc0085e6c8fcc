import { useInputState } from '@mantine/hooks';
import { Button, Card, Textarea, Title } from '@mantine/core';
import type { TCaseDetail } from '@mutua/contracts/backoffice';
import { Outcome } from '@mutua/ui/outcome';
import { postAdditionalParts } from '../api/post-additional-parts';
import { useCaseWrite } from './use-case-write';

/** Request additional parts (10005): the member receives a request « Informations requises » to answer with files. */
export function PartsCard({ c }: { c: TCaseDetail }) {
  const [message, setMessage] = useInputState('');
  const ask = useCaseWrite(
    c.id,
    () => postAdditionalParts(c.id, message),
    () => setMessage(''),
  );
  if (c.state !== 'OPEN') return null;
  return (
    <Card withBorder component="section" aria-labelledby="parts-title">
      <Title order={2} size="h4" id="parts-title" mb="sm">
        Pièces complémentaires
      </Title>
      <Textarea label="Pièces demandées à l’adhérent" autosize minRows={2} value={message} onChange={setMessage} />
      <Outcome error={ask.error} done={ask.isSuccess} text="Demande de pièces envoyée à l’adhérent." mt="xs" />
      <Button mt="sm" variant="default" onClick={() => ask.mutate()} disabled={message.trim().length < 5} loading={ask.isPending}>
        Demander les pièces
      </Button>
    </Card>
  );
}
