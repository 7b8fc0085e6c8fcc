import type { TPostalCommune, TPersonalInfo, TPersonalInfoUpdate } from '@mutua/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshGlobalDetails } from '../../../lib/global-details';

export const personalInfoKey = ['account', 'personal-info'] as const;

/** GET /api/personal-info. */
export const personalInfoQueryOptions = () =>
  queryOptions({ queryKey: personalInfoKey, queryFn: ({ signal }) => api.get<TPersonalInfo>('/personal-info', { signal }) });
export const usePersonalInfo = () => useQuery(personalInfoQueryOptions());

/** PUT /api/personal-info: answers the saved information and whether the postal code changed. */
export const useSavePersonalInfo = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TPersonalInfoUpdate) => api.put<TPersonalInfo & { zipCodeChanged: boolean }>('/personal-info', input),
    onSuccess: async ({ zipCodeChanged: _changed, ...info }) => {
      client.setQueryData(personalInfoKey, info);
      await refreshGlobalDetails(client).catch(() => undefined);
    },
  });
};

/** GET /api/postal-codes/{code}: La Poste's communes of a postal code. */
export const communesQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['account', 'postal-codes', code],
    queryFn: ({ signal }) => api.get<TPostalCommune[]>(`/postal-codes/${code}`, { signal }),
    staleTime: Infinity,
  });
export const useCommunes = (code: string) => useQuery({ ...communesQueryOptions(code), enabled: /^[0-9]{5}$/.test(code) });

/** PUT /api/auth/password. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (input: { currentPassword: string; newPassword: string }) => api.put<{ ok: true }>('/auth/password', input) });

/** The value of the NIR choice (the server knows the NIR: the page only has it masked). */
export const NIR_LOGIN_CHOICE = 'NIR';

/** PUT /api/auth/login/update: sign in with the membership number, an own e-mail or (tenant toggle) the NIR. */
export const useUpdateLogin = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (login: string) =>
      api.put<{ loginType: string; login: string }>('/auth/login/update', login === NIR_LOGIN_CHOICE ? { loginType: NIR_LOGIN_CHOICE } : { login }),
    onSuccess: () => client.invalidateQueries({ queryKey: personalInfoKey }),
  });
};

/** POST /api/contact-change: a link to the new e-mail address, or a code to the new mobile. */
export const useRequestContactChange = () =>
  useMutation({
    mutationFn: (input: { kind: 'email' | 'mobile'; value: string; password: string }) =>
      api.post<{ kind: 'email' | 'mobile'; status: 'PENDING'; destination: string; expiresAt: string }>('/contact-change', input),
  });

/** POST /api/contact-change/confirm with the SMS code. */
export const useConfirmMobile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ kind: 'mobile'; confirmed: true }>('/contact-change/confirm', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: personalInfoKey }),
  });
};
