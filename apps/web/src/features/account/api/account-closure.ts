import type { TAccountClosure } from '@mutua/contracts/account-closure';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/account/closure: the member's password confirms; the session ends with the account. */
export const closeAccount = (input: TAccountClosure) => api.post<{ closed: true }>('/account/closure', input);

export const useCloseAccount = (config: MutationConfig<typeof closeAccount> = {}) => useMutation({ ...config, mutationFn: closeAccount });
