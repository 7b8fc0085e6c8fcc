import { Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@mutua/ui/data-table';
import { api } from '../../lib/api-client';

type StaffCode = { email: string; role: string; code: string | null };

/** The demo staff's current TOTP codes (back office sign-in, development only; refreshed every 10 s). */
export function DebugStaffCodes() {
  const codes = useQuery({
    queryKey: ['debug', 'staff-codes'],
    queryFn: ({ signal }) => api.get<StaffCode[]>('/debug/staff-codes', { signal, silent: true }),
    refetchInterval: 10_000,
    retry: false,
  });
  if (!codes.data) return null;
  return (
    <section aria-labelledby="debug-staff-title">
      <Title order={2} size="h4" id="debug-staff-title" mb="xs">
        Codes des comptes de démonstration du back-office
      </Title>
      <Text size="sm" mb="xs">
        Mot de passe&nbsp;: Gestion-Demo-2026! — adresse&nbsp;: gestion.localhost (même port)
      </Text>
      <DataTable
        withTableBorder
        maw={640}
        data-testid="debug-staff-codes"
        label="Codes des comptes de démonstration"
        rows={codes.data}
        rowKey={(c) => c.email}
        columns={[
          { header: 'Compte', cell: (c) => c.email },
          { header: 'Rôle', cell: (c) => c.role },
          { header: 'Code actuel', cell: (c) => c.code ?? 'à enrôler (code QR à la première connexion)' },
        ]}
      />
    </section>
  );
}
