import type { SchoolingChoice, TExitSurvey, TSchoolingAnswerResult } from '@mutua/contracts/campaigns';
import type { TPortabilityProofResult } from '@mutua/contracts/portability';
import { api } from '../../../lib/api-client';
import { multipartForm } from '../../../lib/submit-form';

export type SchoolingAnswerInput = { beneficiaryId: string; choice: SchoolingChoice; files: readonly File[]; idempotencyKey: string };

/** POST /api/schooling-campaign/{beneficiary} (multipart): one child's answer, the certificate for UPLOAD. */
export const answerSchooling = (input: SchoolingAnswerInput) =>
  api.post<TSchoolingAnswerResult>(
    `/schooling-campaign/${encodeURIComponent(input.beneficiaryId)}`,
    multipartForm({ choice: input.choice }, input.choice === 'UPLOAD' ? input.files : []),
    {
      idempotencyKey: input.idempotencyKey,
    },
  );

/** POST /api/exit-survey: the answer, then the old space's address. */
export const sendExitSurvey = (input: TExitSurvey) => api.post<{ url: string }>('/exit-survey', input);

/** POST /api/portability/proof (multipart): this month's France Travail proof under `attachments`. */
export const sendPortabilityProof = (input: { files: readonly File[]; idempotencyKey: string }) =>
  api.post<TPortabilityProofResult>('/portability/proof', multipartForm({}, input.files), { idempotencyKey: input.idempotencyKey });
