import { Badge, Button, Card, Checkbox, Group, Loader, Modal, PasswordInput, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { DataTable } from '@mutua/ui/data-table';
import { STAFF_ROLES, STAFF_ROLE_LABELS, type StaffRole, type TStaffProfile } from '@mutua/contracts/backoffice';
import type { TAdminStaff } from '@mutua/contracts/backoffice-admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormActions } from './admin-form';
import { Outcome } from '@mutua/ui/outcome';
import { postStaff } from './api/post-staff';
import { postStaffAction, type StaffAction } from './api/post-staff-action';
import { putStaff } from './api/put-staff';
import { useAdminWrite } from './use-admin';
import { getStaff } from './api/get-staff';

const roles = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));
/** What each role may do, shown beside the choice. */
const ROLE_HINTS: Record<StaffRole, string> = {
  agent: 'Traite les demandes de ses mutuelles.',
  manager: 'Traite les demandes, consulte l’espace d’un adhérent en lecture seule et valide les publications.',
  derogator: 'Traite les demandes et agit dans l’espace d’un adhérent, avec un motif.',
  administrator: 'Gère les comptes du personnel, les réglages et les contenus de ses mutuelles.',
};

/** Staff accounts of the administrator's tenants: create, change role and tenants, deactivate, reset the authenticator, unblock. */
export function StaffAdmin({ me }: { me: TStaffProfile }) {
  const list = useQuery({ queryKey: ['admin', 'staff'], queryFn: getStaff });
  const update = useAdminWrite((v: { id: string; active: boolean }) => putStaff(v.id, { active: v.active }));
  const [changing, setChanging] = useState<TAdminStaff | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const action = useAdminWrite((v: { id: string; what: StaffAction }) => postStaffAction(v.id, v.what));
  const tenantName = (id: string) => me.tenants.find((t) => t.id === id)?.name ?? id;
  return (
    <Stack>
      <Outcome
        error={update.error ?? action.error}
        done={update.isSuccess || action.isSuccess}
        text={'Compte mis à jour\u00a0: ses sessions en cours sont fermées si besoin.'}
      />
      <Outcome error={null} done={changed} />
      <LoadState query={list} loading={<Loader aria-label="Chargement des comptes" />} />
      {list.data && (
        <DataTable
          label="Comptes du personnel"
          rows={list.data}
          rowKey={(s) => s.id}
          columns={[
            {
              header: 'Nom',
              rowHeader: true,
              cell: (s) => (
                <>
                  {s.displayName}
                  <Text size="xs">{s.email}</Text>
                </>
              ),
            },
            { header: 'Rôle', cell: (s) => STAFF_ROLE_LABELS[s.role] },
            { header: 'Mutuelles', cell: (s) => s.tenants.map(tenantName).join(', ') },
            {
              header: 'État',
              cell: (s) => (
                <Group gap={4}>
                  <Badge color={s.active ? 'teal.9' : 'gray.8'}>{s.active ? 'Actif' : 'Désactivé'}</Badge>
                  {s.blocked && <Badge color="red.9">Bloqué</Badge>}
                  {!s.enrolled && (
                    <Badge variant="outline" color="dark">
                      Authentificateur à enrôler
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              header: 'Actions',
              cell: (s) =>
                s.id === me.id ? (
                  <Text size="sm">Votre compte</Text>
                ) : (
                  <Group gap={4}>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Modifier le rôle et les mutuelles de ${s.displayName}`}
                      onClick={() => {
                        setChanged(null);
                        setChanging(s);
                      }}
                    >
                      Modifier le rôle
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`${s.active ? 'Désactiver' : 'Réactiver'} ${s.displayName}`}
                      onClick={() => update.mutate({ id: s.id, active: !s.active })}
                    >
                      {s.active ? 'Désactiver' : 'Réactiver'}
                    </Button>
                    {s.enrolled && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Réinitialiser l’authentificateur de ${s.displayName}`}
                        onClick={() => action.mutate({ id: s.id, what: 'totp-reset' })}
                      >
                        Réinitialiser l’authentificateur
                      </Button>
                    )}
                    {s.blocked && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Débloquer ${s.displayName}`}
                        onClick={() => action.mutate({ id: s.id, what: 'unblock' })}
                      >
                        Débloquer
                      </Button>
                    )}
                  </Group>
                ),
            },
          ]}
        />
      )}
      <Modal
        opened={changing !== null}
        onClose={() => setChanging(null)}
        title={changing ? `Rôle et mutuelles de ${changing.displayName}` : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {changing && (
          <RoleForm
            me={me}
            target={changing}
            onCancel={() => setChanging(null)}
            onDone={(role) => {
              setChanged(`${changing.displayName}\u00a0: ${STAFF_ROLE_LABELS[role].toLowerCase()}. Ses sessions en cours ont été fermées.`);
              setChanging(null);
            }}
          />
        )}
      </Modal>
      <NewStaff me={me} />
    </Stack>
  );
}

/**
 * A staff member's role and tenants (those of the administrator; their other tenants stay). Any change
 * ends their sessions and the member spaces they entered (server side); nothing changed, nothing sent.
 */
function RoleForm({ me, target, onCancel, onDone }: { me: TStaffProfile; target: TAdminStaff; onCancel: () => void; onDone: (role: StaffRole) => void }) {
  const mine = me.tenants.map((t) => t.id);
  const initialTenants = target.tenants.filter((t) => mine.includes(t));
  const others = target.tenants.filter((t) => !mine.includes(t));
  const [role, setRole] = useState<StaffRole>(target.role);
  const [tenants, setTenants] = useState<string[]>(initialTenants);
  const save = useAdminWrite(() => putStaff(target.id, { role, tenants }));
  const unchanged = role === target.role && [...tenants].sort().join() === [...initialTenants].sort().join();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (unchanged) return onCancel();
        save.mutate(undefined, { onSuccess: () => onDone(role) });
      }}
    >
      <Stack>
        <Radio.Group label="Rôle" value={role} onChange={(v) => setRole(v as StaffRole)}>
          <Stack gap="xs" mt={4}>
            {STAFF_ROLES.map((r) => (
              <Radio key={r} value={r} label={STAFF_ROLE_LABELS[r]} description={ROLE_HINTS[r]} data-autofocus={r === role ? true : undefined} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox.Group label="Mutuelles" value={tenants} onChange={setTenants}>
          <Group mt={4}>
            {me.tenants.map((t) => (
              <Checkbox key={t.id} value={t.id} label={t.name} />
            ))}
          </Group>
        </Checkbox.Group>
        {others.length > 0 && <Text size="sm">Ses autres mutuelles ({others.join(', ')}) ne dépendent pas de vous et restent inchangées.</Text>}
        <Text size="sm">
          Dès l’enregistrement, ses sessions en cours se ferment, ainsi que les espaces adhérents ouverts depuis elles&nbsp;: la personne se reconnecte avec ses
          nouveaux droits.
        </Text>
        <Outcome error={save.error} done={false} />
        <FormActions pending={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function NewStaff({ me }: { me: TStaffProfile }) {
  const empty = { email: '', displayName: '', role: 'agent' as StaffRole, tenants: [] as string[], password: '' };
  const [form, setForm] = useState(empty);
  const create = useAdminWrite(() => postStaff(form));
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
            <Select
              label="Rôle"
              data={roles}
              value={form.role}
              allowDeselect={false}
              onChange={(v) => setForm({ ...form, role: (v ?? 'agent') as StaffRole })}
            />
            <PasswordInput
              label="Mot de passe provisoire"
              description="12 caractères au moins, transmis à la personne par un autre canal."
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
            />
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
          <FormActions label="Créer le compte" pending={create.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
