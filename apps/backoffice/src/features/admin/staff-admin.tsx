import { Badge, Button, Card, Checkbox, Group, Loader, PasswordInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { STAFF_ROLES, STAFF_ROLE_LABELS, type StaffRole, type TAdminStaff, type TStaffProfile } from '@mutua/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api';
import { Outcome } from './outcome';
import { useAdminWrite } from './use-admin';

const roles = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));

/** Staff accounts of the administrator's tenants: create, deactivate, reset the authenticator, unblock. */
export function StaffAdmin({ me }: { me: TStaffProfile }) {
  const list = useQuery({ queryKey: ['admin', 'staff'], queryFn: () => api<TAdminStaff[]>('GET', '/admin/staff') });
  const update = useAdminWrite('PUT', (v: { id: string; active: boolean }) => `/admin/staff/${v.id}`, (v) => ({ active: v.active }));
  const action = useAdminWrite('POST', (v: { id: string; what: 'totp-reset' | 'unblock' }) => `/admin/staff/${v.id}/${v.what}`, () => ({}));
  const tenantName = (id: string) => me.tenants.find((t) => t.id === id)?.name ?? id;
  return (
    <Stack>
      <Outcome error={update.error ?? action.error} done={update.isSuccess || action.isSuccess} text="Compte mis à jour : ses sessions en cours sont fermées si besoin." />
      {list.isPending && <Loader aria-label="Chargement des comptes" />}
      {list.data && (
        <Table.ScrollContainer minWidth={800}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th>
                <Table.Th>Rôle</Table.Th>
                <Table.Th>Mutuelles</Table.Th>
                <Table.Th>État</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {s.displayName}
                    <Text size="xs">{s.email}</Text>
                  </Table.Td>
                  <Table.Td>{STAFF_ROLE_LABELS[s.role]}</Table.Td>
                  <Table.Td>{s.tenants.map(tenantName).join(', ')}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge color={s.active ? 'teal.9' : 'gray.8'}>{s.active ? 'Actif' : 'Désactivé'}</Badge>
                      {s.blocked && <Badge color="red.9">Bloqué</Badge>}
                      {!s.enrolled && <Badge variant="outline" color="dark">Authentificateur à enrôler</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {s.id === me.id ? (
                      <Text size="sm">Votre compte</Text>
                    ) : (
                      <Group gap={4}>
                        <Button size="xs" variant="default" aria-label={`${s.active ? 'Désactiver' : 'Réactiver'} ${s.displayName}`} onClick={() => update.mutate({ id: s.id, active: !s.active })}>
                          {s.active ? 'Désactiver' : 'Réactiver'}
                        </Button>
                        {s.enrolled && (
                          <Button size="xs" variant="default" aria-label={`Réinitialiser l’authentificateur de ${s.displayName}`} onClick={() => action.mutate({ id: s.id, what: 'totp-reset' })}>
                            Réinitialiser l’authentificateur
                          </Button>
                        )}
                        {s.blocked && (
                          <Button size="xs" variant="default" aria-label={`Débloquer ${s.displayName}`} onClick={() => action.mutate({ id: s.id, what: 'unblock' })}>
                            Débloquer
                          </Button>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NewStaff me={me} />
    </Stack>
  );
}

function NewStaff({ me }: { me: TStaffProfile }) {
  const empty = { email: '', displayName: '', role: 'agent' as StaffRole, tenants: [] as string[], password: '' };
  const [form, setForm] = useState(empty);
  const create = useAdminWrite('POST', () => '/admin/staff', () => form);
  return (
    <Card withBorder component="section" aria-labelledby="staff-new">
      <Title order={2} size="h4" id="staff-new" mb="sm">
        Créer un compte
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(undefined, { onSuccess: () => setForm(empty) });
        }}
      >
        <Stack gap="sm">
          <Group grow align="start">
            <TextInput label="Nom affiché" value={form.displayName} onChange={(e) => setForm({ ...form, displayName: e.currentTarget.value })} />
            <TextInput label="Adresse e-mail" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.currentTarget.value })} />
          </Group>
          <Group grow align="start">
            <Select label="Rôle" data={roles} value={form.role} allowDeselect={false} onChange={(v) => setForm({ ...form, role: (v ?? 'agent') as StaffRole })} />
            <PasswordInput label="Mot de passe provisoire" description="12 caractères au moins, transmis à la personne par un autre canal." value={form.password} onChange={(e) => setForm({ ...form, password: e.currentTarget.value })} />
          </Group>
          <Checkbox.Group label="Mutuelles" value={form.tenants} onChange={(tenants) => setForm({ ...form, tenants })}>
            <Group mt={4}>
              {me.tenants.map((t) => (
                <Checkbox key={t.id} value={t.id} label={t.name} />
              ))}
            </Group>
          </Checkbox.Group>
          <Text size="sm">À sa première connexion, la personne enrôle son application d’authentification (code QR).</Text>
          <Outcome error={create.error} done={create.isSuccess} text="Compte créé." />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Créer le compte
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
