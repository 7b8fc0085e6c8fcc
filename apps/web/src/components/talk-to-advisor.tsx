import { Anchor, Button } from '@mantine/core';
import type { AdvisorOrigin, TAdvisorConversation } from '@mutua/contracts/advisor';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** What a step hands to the « Parler à un conseiller » page (react-router's location state). */
export type AdvisorHandOver = { conversation?: TAdvisorConversation; origin?: AdvisorOrigin };

/**
 * « Parler à un conseiller »: on every automated step (the assistant, an automatic decision, a form's
 * confirmation) a person is one click away — the page then offers a message, a callback or the line.
 * The assistant passes its conversation, which the message carries to the management centre.
 */
export function TalkToAdvisor({ conversation, origin = 'page', variant = 'link' }: AdvisorHandOver & { variant?: 'link' | 'button' }) {
  const state: AdvisorHandOver = { origin, ...(conversation && conversation.length > 0 ? { conversation } : {}) };
  if (variant === 'button') {
    return (
      <Button component={Link} to={paths.advisor} state={state} variant="outline" data-testid="talk-to-advisor">
        Parler à un conseiller
      </Button>
    );
  }
  return (
    <Anchor component={Link} to={paths.advisor} state={state} underline="always" data-testid="talk-to-advisor">
      Parler à un conseiller
    </Anchor>
  );
}
