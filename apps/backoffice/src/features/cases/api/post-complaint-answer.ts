import { api } from '../../../lib/api';

/** POST /cases/:id/complaint-answer: the complaint accepted or refused, with the message the member reads. */
export const postComplaintAnswer = (id: string, body: { outcome: 'ACCEPTED' | 'REFUSED'; message: string }) =>
  api('POST', `/cases/${id}/complaint-answer`, body);
