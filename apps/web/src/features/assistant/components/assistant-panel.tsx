import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import type { TAdvisorConversation } from '@mutua/contracts/advisor';
import { ZAssistantQuestion, type TAssistantAnswer, type TAssistantHuman, type TAssistantReply } from '@mutua/contracts/assistant';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useCheckedInput } from '../../../components/checked-input';
import { Form } from '../../../components/form';
import { TalkToAdvisor } from '../../../components/talk-to-advisor';
import { ApiError } from '../../../lib/api-client';
import { useAskAssistant } from '../api/ask-assistant';
import classes from './assistant.module.css';

type Turn = { id: number; question: string; reply: TAssistantReply | null; error: string | null };

const SOURCE_LABELS = { faq: 'FAQ', screen: 'page', member: 'vos données' } as const;

/** « Source : FAQ — Où trouver ma carte de tiers payant ? » */
export function sourceLine(answer: TAssistantAnswer): string {
  return `Source\u00a0: ${SOURCE_LABELS[answer.source.kind]} — ${answer.title}`;
}

function Answer({ answer }: { answer: TAssistantAnswer }) {
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-labelledby={titleId} data-testid="assistant-answer">
      <Stack gap={6}>
        <Title order={3} size="h5" id={titleId}>
          {answer.title}
        </Title>
        <Text size="sm" className={classes.text}>
          {answer.text}
        </Text>
        <Text size="xs" c="gray.8">
          {answer.source.kind === 'faq' ? (
            <Anchor component={Link} to={answer.source.url} size="xs" td="underline">
              {sourceLine(answer)}
            </Anchor>
          ) : (
            sourceLine(answer)
          )}
        </Text>
        {answer.action && (
          <div>
            <Button component={Link} to={answer.action.url} size="xs" variant="light">
              {answer.action.label}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** A person: « Parler à un conseiller » (the conversation goes along), the phone line and its relay service. */
function Human({ human, conversation }: { human: TAssistantHuman; conversation: TAdvisorConversation }) {
  return (
    <Stack gap={4} data-testid="assistant-human">
      <div>
        <TalkToAdvisor variant="button" origin="assistant" conversation={conversation} />
      </div>
      {human.phone && (
        <Text size="sm">
          Ou par téléphone au{' '}
          <Anchor href={`tel:${human.phone.replace(/\s/g, '')}`} td="underline">
            {human.phone}
          </Anchor>
          {human.hours && ` — ${human.hours}`}.
        </Text>
      )}
      {human.relayService && (
        <Text size="sm">
          Personnes sourdes ou malentendantes&nbsp;:{' '}
          <Anchor href={human.relayService.url} td="underline">
            appeler un conseiller par le service d’accessibilité {human.relayService.provider}
          </Anchor>{' '}
          ({human.relayService.modes.join(', ')}).
        </Text>
      )}
    </Stack>
  );
}

function TurnView({ turn, headingRef, conversation }: { turn: Turn; headingRef?: React.Ref<HTMLHeadingElement>; conversation: TAdvisorConversation }) {
  const { reply } = turn;
  const heading =
    !reply && !turn.error
      ? 'Recherche en cours…'
      : reply?.confident
        ? `Réponse à «\u00a0${turn.question}\u00a0»`
        : `Pas de réponse sûre à «\u00a0${turn.question}\u00a0»`;
  return (
    <Stack component="article" gap="xs" className={classes.turn}>
      <Text className={classes.question}>
        <VisuallyHidden>Vous&nbsp;: </VisuallyHidden>
        {turn.question}
      </Text>
      <Title order={2} size="h4" ref={headingRef} tabIndex={-1} className={classes.heading}>
        {turn.error ? 'La réponse n’a pas pu être obtenue' : heading}
      </Title>
      {turn.error && <Text c="red.8">{turn.error}</Text>}
      {reply && !reply.confident && (
        <Text>
          Je n’ai pas trouvé de réponse sûre à votre question dans nos pages. Un conseiller peut vous répondre
          {reply.answers.length ? '\u00a0; ces pages peuvent aussi vous aider' : ''}.
        </Text>
      )}
      {reply && !reply.confident && <Human human={reply.human} conversation={conversation} />}
      {reply?.answers.map((answer) => (
        <Answer key={`${answer.source.kind}:${answer.source.id}`} answer={answer} />
      ))}
    </Stack>
  );
}

/**
 * The assistant's conversation: a labelled question field, the answers in a log (read out politely as
 * they come), each citing its source and linking to its action, and a person at every step. The field
 * takes the focus when the panel opens, the newest answer's heading when it arrives.
 */
export function AssistantPanel() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const question = useCheckedInput(ZAssistantQuestion, 'question', { fallback: 'Posez votre question en quelques mots.' });
  const input = useRef<HTMLInputElement>(null);
  const newest = useRef<HTMLHeadingElement>(null);
  const next = useRef(0);
  const ask = useAskAssistant();
  const lastDone = turns.at(-1)?.reply ?? turns.at(-1)?.error;

  // Opened as the first page of the visit (the layout focuses a later page's `data-page-focus` itself).
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (lastDone) newest.current?.focus();
  }, [lastDone]);

  const settle = (id: number, patch: Partial<Turn>) => setTurns((all) => all.map((t) => (t.id === id ? { ...t, ...patch } : t)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = question.check();
    if (!checked || ask.isPending) return;
    const id = ++next.current;
    setTurns((all) => [...all, { id, question: checked.question, reply: null, error: null }]);
    question.setValue('');
    ask.mutate(checked, {
      onSuccess: (reply) => settle(id, { reply }),
      onError: (error) => settle(id, { error: error instanceof ApiError ? error.message : 'Le service ne répond pas. Veuillez réessayer.' }),
    });
  };

  // What « Parler à un conseiller » hands to the adviser page: each question and the answers read (it
  // takes the last 30 questions, 5 answers each, as ZAdvisorConversation says).
  const conversation: TAdvisorConversation = turns
    .filter((t) => t.reply)
    .slice(-30)
    .map((t) => ({ question: t.question, answers: t.reply!.answers.slice(0, 5).map((a) => `${a.title}\n${a.text}\n${sourceLine(a)}`.slice(0, 2000)) }));
  const human = turns.findLast((t) => t.reply)?.reply?.human;

  return (
    <Stack gap="md">
      <div role="log" aria-live="polite" aria-label="Conversation avec l’assistant" className={classes.log} data-testid="assistant-log">
        {turns.length === 0 && (
          <Text c="gray.8">
            Posez votre question en quelques mots, par exemple «&nbsp;ma carte de tiers payant&nbsp;» ou «&nbsp;remboursement lunettes&nbsp;».
          </Text>
        )}
        {turns.map((turn, i) => (
          <TurnView key={turn.id} turn={turn} headingRef={i === turns.length - 1 ? newest : undefined} conversation={conversation} />
        ))}
      </div>
      <Form onSubmit={submit} noValidate aria-label="Poser une question à l’assistant">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput ref={input} data-page-focus className={classes.field} label="Votre question" {...question.field} maxLength={300} autoComplete="off" />
          <Button type="submit" loading={ask.isPending}>
            Envoyer
          </Button>
        </Group>
      </Form>
      <Group gap="sm">
        <Text size="sm">Vous préférez une personne&nbsp;?</Text>
        <TalkToAdvisor origin="assistant" conversation={conversation} />
        {human?.phone && (
          <Text size="sm">
            ou appelez le{' '}
            <Anchor href={`tel:${human.phone.replace(/\s/g, '')}`} td="underline">
              {human.phone}
            </Anchor>
          </Text>
        )}
      </Group>
    </Stack>
  );
}
