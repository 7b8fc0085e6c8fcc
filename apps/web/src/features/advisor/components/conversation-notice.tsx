import { Alert, List, Text } from '@mantine/core';
import type { TAdvisorConversation } from '@mutua/contracts/advisor';

/** The assistant's conversation the member brings: said to be attached, and shown so she knows what goes. */
export function ConversationNotice({ conversation }: { conversation: TAdvisorConversation }) {
  return (
    <Alert color="blue" variant="light" title="Votre conversation avec l’assistant sera jointe" data-testid="conversation-notice">
      <Text size="sm">Le conseiller lira vos questions et les réponses de l’assistant&nbsp;: inutile de les réécrire.</Text>
      <List size="sm" mt="xs" spacing={2}>
        {conversation.map((turn, i) => (
          <List.Item key={i}>{turn.question}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
