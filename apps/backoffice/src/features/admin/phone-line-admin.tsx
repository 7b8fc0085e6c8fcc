import { Checkbox, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { openingHoursSentence, type TPhoneLineInput } from '@mutua/contracts/phone-line';
import { LoadState } from '@mutua/ui/load-state';
import { Outcome } from '@mutua/ui/outcome';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { AdminFormCard, FormActions } from './admin-form';
import { usePhoneLine, useSavePhoneLine } from './api/tenant-phone-line';

const DAY_NAMES = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];
type Day = { open: boolean; opensAt: string; closesAt: string };
type Draft = { phone: string; days: Day[]; relayProvider: string; relayUrl: string; relayPhone: string };

const toInput = (d: Draft): TPhoneLineInput => ({
  phone: d.phone,
  days: d.days.flatMap((day, i) => (day.open ? [{ dayOfWeek: i + 1, opensAt: day.opensAt, closesAt: day.closesAt }] : [])),
  relayProvider: d.relayProvider,
  relayUrl: d.relayUrl,
  relayPhone: d.relayPhone,
});

/**
 * The tenant's phone line: its number, its open days, and the relay service for deaf and
 * hard-of-hearing members, which the portal offers over the same hours (help, contact, footer).
 */
export function PhoneLineAdmin({ tenantId }: { tenantId: string }) {
  const line = usePhoneLine(tenantId);
  const save = useSavePhoneLine(tenantId);
  const [draft, setDraft] = useState<Draft | null>(null);
  if (line.isPending || line.isError) return <LoadState query={line} loading={<Loader aria-label="Chargement de la ligne téléphonique" />} />;
  const values: Draft = draft ?? {
    phone: line.data.phone,
    days: DAY_NAMES.map((_, i) => {
      const day = line.data.days.find((d) => d.dayOfWeek === i + 1);
      return { open: !!day, opensAt: day?.opensAt ?? '08:30', closesAt: day?.closesAt ?? '18:00' };
    }),
    relayProvider: line.data.relayProvider,
    relayUrl: line.data.relayUrl,
    relayPhone: line.data.relayPhone,
  };
  const setDay = (index: number, change: Partial<Day>) => setDraft({ ...values, days: values.days.map((d, i) => (i === index ? { ...d, ...change } : d)) });
  const fields: Record<string, string> = save.error instanceof ApiError ? save.error.fields : {};
  const preview = openingHoursSentence(toInput(values).days);
  return (
    <AdminFormCard
      id="phone-line-title"
      title="Ligne téléphonique et accessibilité"
      intro={
        <>
          Les horaires s’affichent sur les pages «&nbsp;Nous contacter&nbsp;» et «&nbsp;Aide&nbsp;»&nbsp;; le service d’accessibilité (transcription, LSF, LPC)
          y est proposé aux mêmes horaires, comme la loi l’exige depuis le 1<sup>er</sup>&nbsp;octobre 2026.
        </>
      }
      noValidate
      onSubmit={() => save.mutate(toInput(values), { onSuccess: () => setDraft(null) })}
    >
      <TextInput
        label="Numéro de la ligne"
        type="tel"
        required
        value={values.phone}
        error={fields.phone}
        onChange={(e) => setDraft({ ...values, phone: e.currentTarget.value })}
        maw={320}
      />
      <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm">
          Jours et heures d’ouverture
        </Text>
        {values.days.map((day, i) => (
          <Group key={DAY_NAMES[i]} gap="sm" align="flex-end" wrap="wrap">
            <Checkbox label={DAY_NAMES[i]} checked={day.open} onChange={(e) => setDay(i, { open: e.currentTarget.checked })} w={110} />
            <TextInput
              label={`${DAY_NAMES[i]}, ouverture`}
              type="time"
              disabled={!day.open}
              value={day.opensAt}
              onChange={(e) => setDay(i, { opensAt: e.currentTarget.value })}
              w={150}
            />
            <TextInput
              label={`${DAY_NAMES[i]}, fermeture`}
              type="time"
              disabled={!day.open}
              value={day.closesAt}
              onChange={(e) => setDay(i, { closesAt: e.currentTarget.value })}
              w={150}
            />
          </Group>
        ))}
        {fields.days && (
          <Text c="red.9" size="sm" role="alert">
            {fields.days}
          </Text>
        )}
        <Text size="sm">Affiché aux adhérents&nbsp;: {preview || 'ligne fermée'}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Service d’accessibilité"
          description="Nom du prestataire, vide si aucun"
          value={values.relayProvider}
          error={fields.relayProvider}
          onChange={(e) => setDraft({ ...values, relayProvider: e.currentTarget.value })}
        />
        <TextInput
          label="Adresse du service"
          description="https://…"
          type="url"
          value={values.relayUrl}
          error={fields.relayUrl}
          onChange={(e) => setDraft({ ...values, relayUrl: e.currentTarget.value })}
        />
        <TextInput
          label="Numéro SMS ou visiophone"
          description="Facultatif"
          type="tel"
          value={values.relayPhone}
          error={fields.relayPhone}
          onChange={(e) => setDraft({ ...values, relayPhone: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Outcome error={save.error} done={save.isSuccess && !draft} text="Ligne téléphonique enregistrée." />
      <FormActions pending={save.isPending} />
    </AdminFormCard>
  );
}
