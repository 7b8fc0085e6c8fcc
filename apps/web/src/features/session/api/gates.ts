import type { LegalPageType } from '@mutua/contracts/legal-pages';
import type { TPersonalInfoValidationRequest } from '@mutua/contracts/personal-info';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /auth/legal-pages/accept: the pages read, each in the version read (acceptance stored with its time). */
export const acceptLegalPages = (input: { pages: { type: LegalPageType; version: number }[] }) =>
  api.post<{ validatedLegalPages: true; acceptedAt: string }>('/auth/legal-pages/accept', input);

export const useAcceptLegalPages = (config: MutationConfig<typeof acceptLegalPages> = {}) => useMutation({ ...config, mutationFn: acceptLegalPages });

/** POST /auth/personal-info/validate: completes the missing personal information. */
export const validatePersonalInfo = (input: TPersonalInfoValidationRequest) =>
  api.post<{ invalidPersonalInformation: false }>('/auth/personal-info/validate', input);

export const useValidatePersonalInfo = (config: MutationConfig<typeof validatePersonalInfo> = {}) =>
  useMutation({ ...config, mutationFn: validatePersonalInfo });

/** POST /auth/tutorial/finished: the first-connection tutorial is not shown again. */
export const finishTutorial = () => api.post<{ ok: true }>('/auth/tutorial/finished');

export const useFinishTutorial = (config: MutationConfig<typeof finishTutorial> = {}) => useMutation({ ...config, mutationFn: finishTutorial });

/** PUT /auth/password: the signed-in member changes (or must renew) the password. */
export const changePassword = (input: { currentPassword: string; newPassword: string }) => api.put<{ ok: true }>('/auth/password', input);

export const useChangePassword = (config: MutationConfig<typeof changePassword> = {}) => useMutation({ ...config, mutationFn: changePassword });
