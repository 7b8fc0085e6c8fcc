import { api } from '../../../lib/api';

/** POST /cases/:id/<action>: a reply, an internal note, the next step or the assignee. */
export const postCaseAction = (id: string, action: string, body: unknown) => api('POST', `/cases/${id}/${action}`, body);
