import type { AdvisorOrigin, TAdvisorConversation, TAdvisorSent } from '@mutua/contracts/advisor';

/** What both ways of reaching an advisor (a message, a callback) carry and say once sent. */
export type AdvisorFormProps = {
  /** The assistant's conversation, attached so that the advisor reads what was asked. */
  conversation: TAdvisorConversation;
  origin: AdvisorOrigin;
  onSent: (sent: TAdvisorSent) => void;
};
