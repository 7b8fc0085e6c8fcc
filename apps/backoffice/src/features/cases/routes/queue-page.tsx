import { Anchor, Badge, Button, Group, Loader, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { DataTable } from '@mutua/ui/data-table';
import { DEADLINE_LABELS, PRIORITY_LABELS, countdownLabel, type DeadlineState, type TCaseSummary } from '@mutua/contracts/backoffice';
import { REQUEST_TYPE_LABELS } from '@mutua/contracts/requests';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStaffSession } from '../../../lib/session';
import { getCases } from '../api/get-cases';

const GROUPS: DeadlineState[] = ['overdue', 'due_soon', 'not_due'];
// Mantine's darkest orange (#d9480f) is 4.3:1 on white, under the 4.5:1 of WCAG AA: a darker one for « due soon ».
const TONE: Record<DeadlineState, string> = { overdue: 'red.9', due_soon: '#b23a0b', not_due: 'dark' };

/** The queue: « assigned to me » by default, grouped overdue / due soon / not due, filters. */
export function QueuePage() {
  const session = useStaffSession();
  const [view, setView] = useState('mine');
  const [type, setType] = useState<string | null>(null);
  const [tenant, setTenant] = useState<string | null>(null);
  const [state, setState] = useState('OPEN');
  // « Ses demandes » from a member (?member=…): every case of that member, whoever handles it.
  const [params, setParams] = useSearchParams();
  const member = params.get('member');
  const query = new URLSearchParams({
    view: member ? 'all' : view,
    state,
    ...(type ? { type } : {}),
    ...(tenant ? { tenant } : {}),
    ...(member ? { member } : {}),
  });
  const list = useQuery({ queryKey: ['cases', query.toString()], queryFn: () => getCases(query) });
  const now = useNow();
  return (
    <Stack>
      <Title order={1} size="h2">
        Demandes des adhérents
      </Title>
      <Group align="end">
        <SegmentedControl
          aria-label="Quelles demandes"
          value={view}
          onChange={setView}
          data={[
            { value: 'mine', label: 'Qui me sont attribuées' },
            { value: 'unassigned', label: 'Non attribuées' },
            { value: 'all', label: 'Toutes' },
          ]}
        />
        <Select
          label="Type"
          placeholder="Tous"
          clearable
          value={type}
          onChange={setType}
          data={Object.entries(REQUEST_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <Select
          label="Mutuelle"
          placeholder="Toutes"
          clearable
          value={tenant}
          onChange={setTenant}
          data={(session.data?.staff?.tenants ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
        <Select
          label="État"
          value={state}
          onChange={(v) => setState(v ?? 'OPEN')}
          data={[
            { value: 'OPEN', label: 'Ouvertes' },
            { value: 'CLOSED', label: 'Clôturées' },
          ]}
          allowDeselect={false}
        />
      </Group>
      {member && (
        <Group>
          <Text>Demandes d’un adhérent{list.data?.items[0] ? `\u00a0: ${list.data.items[0].memberName}` : ''}</Text>
          <Button size="xs" variant="default" onClick={() => setParams({})}>
            Toutes les demandes
          </Button>
        </Group>
      )}
      <LoadState query={list} loading={<Loader aria-label="Chargement des demandes" />} />
      {list.data && list.data.items.length === 0 && (
        <Text>
          {view === 'mine'
            ? 'Aucune demande ne vous est attribuée. Consultez les demandes non attribuées pour en prendre une.'
            : 'Aucune demande ne correspond à ces filtres.'}
        </Text>
      )}
      {list.data &&
        GROUPS.map((group) => {
          const items = list.data.items.filter((i) => i.deadline === group);
          if (items.length === 0) return null;
          return (
            <section key={group} aria-labelledby={`group-${group}`}>
              <Title order={2} size="h4" id={`group-${group}`} c={TONE[group]} mb="xs">
                {DEADLINE_LABELS[group]} ({items.length})
              </Title>
              <DataTable
                striped
                label={DEADLINE_LABELS[group]}
                rows={items}
                rowKey={(c) => c.id}
                columns={[
                  {
                    header: 'Demande',
                    rowHeader: true,
                    cell: (c) => (
                      <>
                        <Anchor component={Link} to={`/cases/${c.id}`}>
                          {c.title}
                        </Anchor>
                        <Text size="xs">{c.kindLabel}</Text>
                      </>
                    ),
                  },
                  {
                    header: 'Adhérent',
                    cell: (c) => (
                      <>
                        {c.memberName}
                        <Text size="xs">n° {c.membershipNumber}</Text>
                      </>
                    ),
                  },
                  {
                    header: 'Statut',
                    cell: (c) => (
                      <Badge variant="outline" color="dark">
                        {c.statusLabel}
                      </Badge>
                    ),
                  },
                  { header: 'Priorité', cell: (c) => PRIORITY_LABELS[c.priority] },
                  { header: 'Attribuée à', cell: (c) => c.assignee?.displayName ?? '—' },
                  {
                    header: 'Échéance',
                    cell: (c) => (
                      <Text component="div" size="sm" c={c.state === 'OPEN' ? TONE[c.deadline] : undefined}>
                        <Countdown item={c} now={now} />
                      </Text>
                    ),
                  },
                ]}
              />
            </section>
          );
        })}
    </Stack>
  );
}

/** Now, again every 30 seconds: the countdowns move and turn red when breached without a reload. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The nearest deadline (a complaint's acknowledgement first), red once breached. */
function Countdown({ item, now }: { item: TCaseSummary; now: Date }) {
  if (item.state !== 'OPEN') return <>Clôturée</>;
  const ack = item.ackDueAt ? new Date(item.ackDueAt) : null;
  const due = new Date(item.dueAt);
  const nearest = ack && ack < due ? ack : due;
  const breached = nearest.getTime() < now.getTime();
  return (
    <Text size="sm" c={breached ? 'red.9' : undefined} fw={breached ? 700 : undefined} data-breached={breached || undefined}>
      {ack && ack <= due ? 'Accusé de réception\u00a0: ' : ''}
      {countdownLabel(nearest, now)}
    </Text>
  );
}
