import type { TConsentChoice, TConsentState } from '@mutua/contracts';
import { api } from '../../../lib/api-client';

// Plain calls, no query cache: the banner is on the login page, whose JavaScript has a budget.

/** GET /api/consent (public): the visitor's current choice, and whether this is a back-office session. */
export const getConsent = (signal?: AbortSignal) => api.get<TConsentState>('/consent', { signal });

/** POST /api/consent: records a choice; the answer is the new current state. */
export const saveConsent = (choice: TConsentChoice) => api.post<TConsentState>('/consent', choice);
