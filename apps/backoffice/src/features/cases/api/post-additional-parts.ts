import { api } from '../../../lib/api';

/** POST /cases/:id/additional-parts: asks the member for more documents. */
export const postAdditionalParts = (id: string, message: string) => api('POST', `/cases/${id}/additional-parts`, { message });
