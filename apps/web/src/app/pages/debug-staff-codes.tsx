import { Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
      <Table withTableBorder maw={640} data-testid="debug-staff-codes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Compte</Table.Th>
            <Table.Th>Rôle</Table.Th>
            <Table.Th>Code actuel</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.data.map((c) => (
            <Table.Tr key={c.email}>
              <Table.Td>{c.email}</Table.Td>
              <Table.Td>{c.role}</Table.Td>
              <Table.Td>{c.code ?? 'à enrôler (code QR à la première connexion)'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
