import { useInputState } from '@mantine/hooks';
import { Button, Checkbox, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

/**
 * SPAM_BLOCKED: the member flagged our mails as spam, so no code can be sent. A guide to undo it, and
 * a confirmation checkbox; confirming retries the login with spam_cleared.
 */
export function SpamGuide({ noReplyEmail, onConfirm, loading }: { noReplyEmail?: string; onConfirm: () => void; loading?: boolean }) {
  const [checked, setChecked] = useInputState(false);
  const [touched, setTouched] = useState(false);
  const headingId = useId();
  const sender = noReplyEmail ?? 'notre adresse d’envoi';
  return (
    <Paper component="section" withBorder radius="md" p="md" bg="orange.0" aria-labelledby={headingId} data-testid="spam-guide">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Recevoir à nouveau nos e-mails
        </Title>
        <Text size="sm">
          Vous avez signalé nos e-mails comme indésirables&nbsp;: nous ne pouvons pas vous envoyer votre code de vérification en deux étapes.
        </Text>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>Ouvrez le dossier « Courrier indésirable » (ou « Spam ») de votre messagerie.</List.Item>
          <List.Item>Sélectionnez un de nos messages et choisissez « Ce n’est pas un spam » (ou « Non indésirable »).</List.Item>
          <List.Item>Ajoutez {sender} à vos contacts pour recevoir nos prochains e-mails.</List.Item>
        </List>
        <Checkbox
          checked={checked}
          onChange={setChecked}
          label="J’ai retiré vos e-mails de mes courriers indésirables"
          error={touched && !checked ? 'Veuillez confirmer avoir suivi le guide.' : undefined}
        />
        <Button
          onClick={() => {
            setTouched(true);
            if (checked) onConfirm();
          }}
          loading={loading}
        >
          Confirmer et recevoir mon code
        </Button>
      </Stack>
    </Paper>
  );
}
