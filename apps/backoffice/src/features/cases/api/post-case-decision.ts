import { api } from '../../../lib/api';

/** POST /cases/:id/accept: the request's effect applied (beneficiary added, address changed…). */
export const postCaseAccept = (id: string) => api('POST', `/cases/${id}/accept`);

/** POST /cases/:id/refuse: the request refused, with the reason the member reads. */
export const postCaseRefuse = (id: string, reason: string) => api('POST', `/cases/${id}/refuse`, { reason });
