import { useInputState } from '@mantine/hooks';
import { Card, Checkbox, Group, NumberInput, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { FEATURE_LABELS, SLA_FAMILIES, SLA_FAMILY_LABELS, type TAdminTenant } from '@mutua/contracts/backoffice-admin';
import { FEATURE_IDS } from '@mutua/contracts/features';
import { useState } from 'react';
import { AdminFormCard, FormActions } from './admin-form';
import { Outcome } from '@mutua/ui/outcome';
import { putTenantAnnouncement } from './api/put-tenant-announcement';
import { putTenantFeature } from './api/put-tenant-features';
import { putTenantMaintenance } from './api/put-tenant-maintenance';
import { putTenantSla } from './api/put-tenant-sla';
import { toIso, toLocalInput, useAdminWrite } from './use-admin';

/** Maintenance and its public reason, feature toggles, the home announcement and the SLA table of one tenant. */
export function TenantSettings({ tenant }: { tenant: TAdminTenant }) {
  return (
    <Stack>
      <Maintenance tenant={tenant} key={`m-${tenant.id}`} />
      <Features tenant={tenant} />
      <Announcement tenant={tenant} key={`a-${tenant.id}`} />
      <Sla tenant={tenant} key={`s-${tenant.id}`} />
    </Stack>
  );
}

function Maintenance({ tenant }: { tenant: TAdminTenant }) {
  const [on, setOn] = useInputState(tenant.maintenance);
  const [reason, setReason] = useInputState(tenant.maintenanceReason ?? '');
  const save = useAdminWrite(() => putTenantMaintenance(tenant.id, { on, reason: on ? reason : null }));
  return (
    <AdminFormCard id="maintenance-title" title="Maintenance" onSubmit={() => save.mutate()}>
      <Switch label="Espace adhérent en maintenance" checked={on} onChange={setOn} />
      <Textarea
        label="Motif affiché aux adhérents"
        description="Obligatoire pendant la maintenance."
        value={reason}
        onChange={setReason}
        disabled={!on}
        maxLength={500}
      />
      <Outcome error={save.error} done={save.isSuccess} text={'Maintenance enregistrée\u00a0: les adhérents la voient dans la seconde.'} />
      <FormActions label="Enregistrer la maintenance" pending={save.isPending} />
    </AdminFormCard>
  );
}

function Features({ tenant }: { tenant: TAdminTenant }) {
  const toggle = useAdminWrite((v: { featureId: string; enabled: boolean }) => putTenantFeature(tenant.id, v));
  return (
    <Card withBorder component="section" aria-labelledby="features-title">
      <Title order={2} size="h4" id="features-title" mb="sm">
        Fonctionnalités
      </Title>
      <Stack gap="xs">
        {[...tenant.features]
          .sort((a, b) => FEATURE_IDS.indexOf(a.featureId) - FEATURE_IDS.indexOf(b.featureId))
          .map((f) => (
            <Switch
              key={f.featureId}
              label={FEATURE_LABELS[f.featureId]}
              checked={f.enabled}
              disabled={toggle.isPending}
              onChange={(e) => toggle.mutate({ featureId: f.featureId, enabled: e.currentTarget.checked })}
            />
          ))}
        <Outcome error={toggle.error} done={toggle.isSuccess} text="Fonctionnalité enregistrée." />
      </Stack>
    </Card>
  );
}

function Announcement({ tenant }: { tenant: TAdminTenant }) {
  const a = tenant.announcement;
  const [message, setMessage] = useInputState(a?.message ?? '');
  const [displayed, setDisplayed] = useInputState(a?.displayed ?? true);
  const [startsAt, setStartsAt] = useInputState(toLocalInput(a?.startsAt ?? null));
  const [endsAt, setEndsAt] = useInputState(toLocalInput(a?.endsAt ?? null));
  const save = useAdminWrite(() => putTenantAnnouncement(tenant.id, { message, displayed, startsAt: toIso(startsAt), endsAt: toIso(endsAt) }));
  return (
    <AdminFormCard id="announcement-title" title="Annonce sur l’accueil" onSubmit={() => save.mutate()}>
      <Textarea label="Message de l’annonce" value={message} onChange={setMessage} maxLength={1000} autosize minRows={2} />
      <Checkbox label="Afficher l’annonce" checked={displayed} onChange={setDisplayed} />
      <Group grow align="start">
        <TextInput type="datetime-local" label="Début de l’affichage" description={'Vide\u00a0: dès maintenant.'} value={startsAt} onChange={setStartsAt} />
        <TextInput type="datetime-local" label="Fin de l’affichage" description={'Vide\u00a0: sans fin.'} value={endsAt} onChange={setEndsAt} />
      </Group>
      <Outcome error={save.error} done={save.isSuccess} text="Annonce publiée." />
      <FormActions label="Publier l’annonce" pending={save.isPending} />
    </AdminFormCard>
  );
}

function Sla({ tenant }: { tenant: TAdminTenant }) {
  const [days, setDays] = useState<Record<string, number | string>>(
    Object.fromEntries(SLA_FAMILIES.map((f) => [f, tenant.sla.find((s) => s.family === f)?.days ?? ''])),
  );
  const save = useAdminWrite(() =>
    putTenantSla(tenant.id, { entries: SLA_FAMILIES.filter((f) => days[f] !== '').map((family) => ({ family, days: Number(days[family]) })) }),
  );
  return (
    <AdminFormCard
      id="sla-title"
      title="Délais de traitement"
      intro="En jours calendaires, pour les nouvelles demandes. Les réclamations gardent l’accusé de réception sous 10 jours ouvrables et la réponse sous 2 mois au plus."
      onSubmit={() => save.mutate()}
    >
      <Group grow align="start">
        {SLA_FAMILIES.map((f) => (
          <NumberInput
            key={f}
            label={SLA_FAMILY_LABELS[f]}
            min={1}
            max={365}
            allowDecimal={false}
            value={days[f]}
            onChange={(v) => setDays((d) => ({ ...d, [f]: v }))}
          />
        ))}
      </Group>
      <Outcome error={save.error} done={save.isSuccess} text="Délais enregistrés." />
      <FormActions label="Enregistrer les délais" pending={save.isPending} />
    </AdminFormCard>
  );
}
