import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getTenants } from './api/get-tenants';

/** The administrator's tenants with their settings. */
export const useAdminTenants = () => useQuery({ queryKey: ['admin', 'tenants'], queryFn: getTenants });

/** A write of the administration screens (one of ./api): refreshes the admin data it touched, keeps the outcome to show. */
export function useAdminWrite<I = void>(request: (input: I) => Promise<unknown>, refresh: string[] = ['admin']) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: refresh }),
  });
}

/** « 2026-11-23T10:00 » (local) ⇄ ISO. */
export const toIso = (local: string) => (local ? new Date(local).toISOString() : null);
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
