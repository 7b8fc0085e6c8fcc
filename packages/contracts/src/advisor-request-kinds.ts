import { defineRequestKinds } from './request-rules';

/**
 * « Parler à un conseiller »: the request kinds of its two written ways, not in the spec's list (the
 * right to a person on every automated step). The back office's queue lists them with their own deadline.
 */
export const ADVISOR_REQUEST_KINDS = defineRequestKinds('message', {
  advisor_message: { typeCode: 10033, label: 'Message à un conseiller' },
  advisor_callback: { typeCode: 10034, label: 'Rappel par un conseiller' },
});
