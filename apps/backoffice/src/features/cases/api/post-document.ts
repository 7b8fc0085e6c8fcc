import { api } from '../../../lib/api';

/** POST /documents (multipart): a document proposed for the member's space. */
export const postDocument = (form: FormData) => api<{ id: string }>('POST', '/documents', form);
