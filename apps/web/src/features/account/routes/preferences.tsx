import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  CARD_FORMATS,
  CARD_FORMAT_LABELS,
  MAGAZINE_CHANNELS,
  MAGAZINE_CHANNEL_LABELS,
  MAGAZINE_FORMATS,
  MAGAZINE_FORMAT_LABELS,
  STATEMENT_CHANNELS,
  STATEMENT_CHANNEL_LABELS,
  type TPreferenceValues,
  type TPreferences,
} from '@mutua/contracts/account';
import { formatPersonName } from '@mutua/contracts/names';
import { TELETRANSMISSION_LABELS, TELETRANSMISSION_REQUESTABLE } from '@mutua/contracts/teletransmission-rules';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { DataTable } from '@mutua/ui/data-table';
import { usePreferences, useSavePreferences } from '../api/preferences';
import { ApiErrorAlert } from '../components/api-error-alert';
import { LostCard } from '../components/lost-card';
import { TeletransmissionForm } from '../components/teletransmission-form';
import { Form } from '../../../components/form';
import { LoadState } from '../../../components/load-state';
import { RadioRow } from '../../../components/radio-row';

function Teletransmission({ prefs, open }: { prefs: TPreferences; open: boolean }) {
  const [editing, setEditing] = useState<number | null>(null);
  const save = useSavePreferences();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tele-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="tele-title" ref={ref} tabIndex={-1}>
          Télétransmission
        </Title>
        <Text size="sm">
          Avec la télétransmission, la Sécurité sociale nous transmet vos remboursements&nbsp;: vous n’avez plus à nous envoyer vos décomptes.
        </Text>
        <ApiErrorAlert error={save.error} />
        <DataTable
          verticalSpacing="sm"
          label="Télétransmission par bénéficiaire"
          rows={prefs.teletransmission}
          rowKey={(p) => p.familyPosition}
          columns={[
            {
              header: 'Bénéficiaire',
              rowHeader: true,
              cell: (p) => (
                <>
                  {formatPersonName(p)}
                  {p.organisationCode && (
                    <Text size="xs" c="gray.7">
                      Code organisme {p.organisationCode}
                    </Text>
                  )}
                  {p.reason && (
                    <Text size="xs" c="gray.7">
                      {p.reason}
                    </Text>
                  )}
                </>
              ),
            },
            {
              header: 'État',
              cell: (p) => (
                <Text size="sm" fw={600}>
                  {TELETRANSMISSION_LABELS[p.state]}
                </Text>
              ),
            },
            {
              header: 'Actions',
              cell: (p) =>
                TELETRANSMISSION_REQUESTABLE.includes(p.state) && (
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setEditing(p.familyPosition)}
                      aria-label={`Demander la télétransmission pour ${formatPersonName(p)}`}
                    >
                      Demander
                    </Button>
                    {p.state === 'INACTIVE' && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => save.mutate({ teletransmission: { familyPosition: p.familyPosition, action: 'NOT_WISHED' } })}
                        aria-label={`Je ne souhaite pas la télétransmission pour ${formatPersonName(p)}`}
                      >
                        Non souhaitée
                      </Button>
                    )}
                  </Group>
                ),
            },
          ]}
        />
        {editing !== null && (
          <TeletransmissionForm key={editing} person={prefs.teletransmission.find((p) => p.familyPosition === editing)!} onDone={() => setEditing(null)} />
        )}
      </Stack>
    </Card>
  );
}

function Choice<K extends keyof TPreferenceValues>({
  label,
  name,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  name: K;
  values: readonly TPreferenceValues[K][];
  labels: Record<TPreferenceValues[K], string>;
  value: TPreferenceValues[K];
  onChange: (name: K, value: TPreferenceValues[K]) => void;
}) {
  return (
    <RadioRow
      label={label}
      value={value}
      onChange={(v) => onChange(name, v as TPreferenceValues[K])}
      choices={values.map((v) => ({ value: v, label: labels[v] }))}
    />
  );
}

function Channels({ prefs }: { prefs: TPreferences }) {
  const save = useSavePreferences();
  const [v, setV] = useState<TPreferenceValues>({
    magazineChannel: prefs.magazineChannel,
    magazineFormat: prefs.magazineFormat,
    statementChannel: prefs.statementChannel,
    cardFormat: prefs.cardFormat,
  });
  const change = <K extends keyof TPreferenceValues>(name: K, value: TPreferenceValues[K]) => setV((s) => ({ ...s, [name]: value }));
  const choice = <K extends keyof TPreferenceValues>(name: K) => ({ name, value: v[name], onChange: change });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="channels-title">
      <Form noValidate onSubmit={(e) => (e.preventDefault(), save.mutate(v))}>
        <Stack gap="md">
          <Title order={2} size="h4" id="channels-title">
            Magazine, relevés et carte
          </Title>
          <ApiErrorAlert error={save.error} />
          {save.data && (
            <Alert color="green" variant="light" role="status" title="Vos préférences ont été enregistrées">
              {save.data.requestIds.length > 0
                ? 'Le changement de format de votre carte de tiers payant nous a été transmis\u00a0: suivez-le dans « Mes demandes ».'
                : null}
            </Alert>
          )}
          <Choice label="Magazine santé&nbsp;: réception" values={MAGAZINE_CHANNELS} labels={MAGAZINE_CHANNEL_LABELS} {...choice('magazineChannel')} />
          {v.magazineChannel !== 'NONE' && (
            <Choice label="Magazine santé&nbsp;: format" values={MAGAZINE_FORMATS} labels={MAGAZINE_FORMAT_LABELS} {...choice('magazineFormat')} />
          )}
          <Choice label="Relevés de remboursement" values={STATEMENT_CHANNELS} labels={STATEMENT_CHANNEL_LABELS} {...choice('statementChannel')} />
          <Choice label="Carte de tiers payant" values={CARD_FORMATS} labels={CARD_FORMAT_LABELS} {...choice('cardFormat')} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Enregistrer mes préférences
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

/** Route `preferences` (/preferences/{openTeletransmission?}): teletransmission, magazine, statements, card format, lost card. */
export function Component() {
  const { openTeletransmission } = useParams();
  const query = usePreferences();
  const { data } = query;
  return (
    <Stack gap="lg">
      <Title order={1}>Mes préférences</Title>
      <LoadState query={query} title="Vos préférences n’ont pas pu être chargées" loading={240} loadingLabel="Chargement de vos préférences" />
      {data && (
        <>
          <Teletransmission prefs={data} open={openTeletransmission === 'true'} />
          <Channels prefs={data} />
          <LostCard />
        </>
      )}
    </Stack>
  );
}
