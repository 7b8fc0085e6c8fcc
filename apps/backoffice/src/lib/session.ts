import type { TStaffProfile } from '@mutua/contracts/backoffice';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export type StaffSessionState = { stage: 'NONE' | 'PASSWORD' | 'ACTIVE'; staff: TStaffProfile | null };

/** The staff session (also issues the anti-forgery token the forms need). */
export const useStaffSession = () => useQuery({ queryKey: ['session'], queryFn: () => api<StaffSessionState>('GET', '/auth/session') });
