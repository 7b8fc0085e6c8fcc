import { useInputState } from '@mantine/hooks';
import { Anchor, Badge, Button, Card, Grid, Group, Loader, Select, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { Outcome } from '@mutua/ui/outcome';
import { CANNED_ANSWERS, DEADLINE_LABELS, PRIORITY_LABELS, countdownLabel } from '@mutua/contracts/backoffice';
import { formatDate } from '@mutua/contracts/french-format';
import { isClaimKind, messageKindOf } from '@mutua/contracts/requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { dateTime } from '../../../lib/api';
import { ComplaintCard } from '../components/complaint-card';
import { DocumentCard } from '../components/document-card';
import { EffectCard } from '../components/effect-card';
import { PartsCard } from '../components/parts-card';
import { AutoDecisionCard } from '../components/auto-decision-card';
import { RefundCard } from '../components/refund-card';
import { useStaffSession } from '../../../lib/session';
import { getCase } from '../api/get-case';
import { postCaseAction } from '../api/post-case-action';

/** One case: the member, the timeline and thread, a reply, an internal note, the next step, the assignee. */
export function CasePage() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['case', id], queryFn: () => getCase(id!) });
  const role = useStaffSession().data?.staff?.role;
  const readsAudit = role === 'manager' || role === 'administrator';
  const [reply, setReply] = useInputState('');
  const [note, setNote] = useInputState('');
  const [done, setDone] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown; message: string }) => postCaseAction(id!, path, body),
    onSuccess: async (_data, vars) => {
      setDone(vars.message);
      await queryClient.invalidateQueries({ queryKey: ['case', id] });
      await queryClient.invalidateQueries({ queryKey: ['cases'] });
    },
  });
  if (detail.isPending || detail.isError) return <LoadState query={detail} loading={<Loader aria-label="Chargement de la demande" />} />;
  const c = detail.data;
  return (
    <Stack>
      <Title order={1} size="h2">
        {c.title}
      </Title>
      <Group>
        <Badge variant="outline" color="dark">
          {c.kindLabel}
        </Badge>
        <Badge variant="outline" color="dark">
          {c.statusLabel}
        </Badge>
        <Text size="sm">
          {c.state === 'OPEN' ? `${DEADLINE_LABELS[c.deadline]} · ${countdownLabel(new Date(c.dueAt), new Date())}` : 'Clôturée'} · priorité{' '}
          {PRIORITY_LABELS[c.priority]}
        </Text>
      </Group>
      <Outcome error={act.error} done={done} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Card withBorder component="section" aria-labelledby="thread-title">
              <Title order={2} size="h4" id="thread-title" mb="sm">
                Échanges avec l’adhérent
              </Title>
              <Stack>
                {c.messages.map((m) => (
                  <Card key={m.id} bg={m.direction === 'insurer' ? 'indigo.0' : 'gray.0'} p="sm">
                    <Text size="xs" fw={700}>
                      {m.direction === 'insurer' ? 'Centre de gestion' : c.memberName} · {dateTime(m.createdAt)}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{m.body}</Text>
                    {m.attachments.map((a) => (
                      <Text size="sm" key={a.id}>
                        Pièce jointe&nbsp;:{' '}
                        <a href={`/api/bo/cases/${c.id}/files/${a.id}`} download>
                          {a.nameFile}
                        </a>
                      </Text>
                    ))}
                  </Card>
                ))}
              </Stack>
              <Stack mt="md">
                <Select
                  label="Réponse type"
                  placeholder="Choisir une réponse type"
                  data={CANNED_ANSWERS.map((a) => a.label)}
                  onChange={(label) => setReply(CANNED_ANSWERS.find((a) => a.label === label)?.text ?? reply)}
                />
                <Textarea label="Réponse à l’adhérent" autosize minRows={4} value={reply} onChange={setReply} />
                <Button
                  onClick={() =>
                    act.mutate({ path: 'reply', body: { message: reply }, message: 'Réponse envoyée à l’adhérent.' }, { onSuccess: () => setReply('') })
                  }
                  disabled={!reply.trim()}
                >
                  Envoyer la réponse
                </Button>
              </Stack>
            </Card>
            <Card withBorder component="section" aria-labelledby="notes-title">
              <Title order={2} size="h4" id="notes-title" mb="sm">
                Notes internes (jamais visibles par l’adhérent)
              </Title>
              {c.notes.length === 0 && <Text size="sm">Aucune note.</Text>}
              {c.notes.map((n) => (
                <Text key={n.id} size="sm" mb="xs">
                  <strong>{n.staff.displayName}</strong> · {dateTime(n.createdAt)}&nbsp;: {n.body}
                </Text>
              ))}
              <Textarea label="Nouvelle note" value={note} onChange={setNote} />
              <Button
                mt="sm"
                variant="default"
                disabled={!note.trim()}
                onClick={() => act.mutate({ path: 'note', body: { body: note }, message: 'Note ajoutée.' }, { onSuccess: () => setNote('') })}
              >
                Ajouter la note
              </Button>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Card withBorder component="section" aria-labelledby="member-title">
              <Title order={2} size="h4" id="member-title">
                Adhérent
              </Title>
              <Text>{c.member.name}</Text>
              <Text size="sm">n° {c.member.membershipNumber}</Text>
              {c.member.email && <Text size="sm">{c.member.email}</Text>}
              {readsAudit && (
                <Group gap="sm" mt="xs">
                  <Anchor component={Link} to={`/audit?case=${c.id}`} size="sm">
                    Journal d’audit de ce dossier
                  </Anchor>
                  <Anchor component={Link} to={`/audit?member=${c.member.membershipNumber}`} size="sm">
                    Journal d’audit de l’adhérent
                  </Anchor>
                </Group>
              )}
            </Card>
            <Card withBorder component="section" aria-labelledby="timeline-title">
              <Title order={2} size="h4" id="timeline-title" mb="sm">
                Suivi
              </Title>
              <Timeline active={c.statusList.length - 1} bulletSize={14}>
                {c.statusList.map((s) => (
                  <Timeline.Item key={s.id} title={s.label}>
                    <Text size="xs">{formatDate(s.date, 'long')}</Text>
                  </Timeline.Item>
                ))}
              </Timeline>
              {c.nextSteps.length > 0 && (
                <Stack mt="md" gap="xs">
                  <Text size="sm" fw={700}>
                    Passer à l’étape&nbsp;:
                  </Text>
                  {c.nextSteps.map((s) => (
                    <Button
                      key={s.step}
                      variant="light"
                      onClick={() => act.mutate({ path: 'step', body: { step: s.step }, message: `Étape « ${s.label} » enregistrée.` })}
                    >
                      {s.label}
                    </Button>
                  ))}
                </Stack>
              )}
            </Card>
            {c.type === 'bill' && <AutoDecisionCard caseId={c.id} />}
            {c.type === 'bill' && <RefundCard c={c} />}
            {c.type === 'message' && isClaimKind(messageKindOf(c.typeCode)) && <ComplaintCard c={c} />}
            <EffectCard c={c} />
            <DocumentCard c={c} />
            <PartsCard c={c} />
            <Card withBorder component="section" aria-labelledby="assign-title">
              <Title order={2} size="h4" id="assign-title" mb="sm">
                Attribution
              </Title>
              <Select
                label="Attribuée à"
                placeholder="Personne"
                clearable
                value={c.assignee?.id ?? null}
                data={c.staff.map((s) => ({ value: s.id, label: s.displayName }))}
                onChange={(staffId) => act.mutate({ path: 'assign', body: { staffId }, message: 'Attribution enregistrée.' })}
              />
              <Select
                mt="sm"
                label="Priorité"
                allowDeselect={false}
                value={String(c.priority)}
                data={[1, 2, 3].map((p) => ({ value: String(p), label: PRIORITY_LABELS[p]! }))}
                onChange={(p) =>
                  act.mutate({ path: 'assign', body: { staffId: c.assignee?.id ?? null, priority: Number(p) }, message: 'Priorité enregistrée.' })
                }
              />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
