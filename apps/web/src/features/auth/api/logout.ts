import { useMutation } from '@tanstack/react-query';
import { logout } from '../../../lib/platform/logout';
import type { MutationConfig } from '../../../lib/react-query';

export { logout };

export const useLogout = (config: MutationConfig<typeof logout> = {}) => useMutation({ ...config, mutationFn: logout });
