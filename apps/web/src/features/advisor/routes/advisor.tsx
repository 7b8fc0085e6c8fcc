import { Button, Stack, Text, Title } from '@mantine/core';
import {
  ADVISOR_ORIGINS,
  ZAdvisorConversation,
  callbackSlotLabel,
  type AdvisorOrigin,
  type TAdvisorConversation,
  type TAdvisorSent,
} from '@mutua/contracts/advisor';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { AdvisorHandOver } from '../../../components/talk-to-advisor';
import { TitledSection } from '../../../components/titled-section';
import { rememberAfterSignIn } from '../../../lib/after-sign-in';
import { isLoggedIn } from '../../../lib/cookies';
import { paths } from '../../../lib/paths';
import { AdvisorMessageForm } from '../components/advisor-message-form';
import { AdvisorSent } from '../components/advisor-sent';
import { CallbackForm } from '../components/callback-form';
import { ConversationNotice } from '../components/conversation-notice';
import { PhoneWay } from '../components/phone-way';

/** Kept across the sign-in (the page is left for /login): the conversation a signed-out visitor brings. */
const HANDOVER_KEY = 'mutua.advisor-handover';

/** What the step that sent the member here handed over: from the route's state, else from before a sign-in. */
function useHandOver(): { conversation: TAdvisorConversation; origin: AdvisorOrigin } {
  const location = useLocation();
  const [handOver] = useState(() => {
    let raw = (location.state ?? (typeof window === 'undefined' ? null : (window.history.state as unknown))) as AdvisorHandOver | null;
    if (!raw?.conversation && typeof window !== 'undefined') {
      try {
        const kept = sessionStorage.getItem(HANDOVER_KEY);
        sessionStorage.removeItem(HANDOVER_KEY);
        if (kept) raw = JSON.parse(kept) as AdvisorHandOver;
      } catch {
        // Storage refused: the member starts without the conversation.
      }
    }
    const conversation = ZAdvisorConversation.safeParse(raw?.conversation ?? []);
    const origin = ADVISOR_ORIGINS.find((o) => o === raw?.origin) ?? (conversation.success && conversation.data.length > 0 ? 'assistant' : 'page');
    return { conversation: conversation.success ? conversation.data : [], origin };
  });
  return handOver;
}

/**
 * Route `advisor` (public): a person whenever asked. Signed in: a message to the management centre
 * (the assistant's conversation attached), a callback within the phone hours, or the line; signed out,
 * the line and a way to sign in to write.
 */
export function Component() {
  const signedIn = isLoggedIn();
  const { conversation, origin } = useHandOver();
  const [sent, setSent] = useState<{ way: 'message' | 'callback'; result: TAdvisorSent } | null>(null);

  return (
    <Stack gap="xl" maw="46rem">
      <Stack gap="xs">
        <Title order={1}>Parler à un conseiller</Title>
        <Text>Une personne de notre centre de gestion vous répond, quelle que soit votre question. Choisissez comment.</Text>
      </Stack>
      {conversation.length > 0 && <ConversationNotice conversation={conversation} />}

      {signedIn ? (
        sent ? (
          <AdvisorSent
            requestId={sent.result.requestId}
            title={sent.way === 'message' ? 'Votre message est envoyé à un conseiller' : 'Votre demande de rappel est enregistrée'}
            text={
              sent.way === 'message'
                ? 'Un conseiller vous répond sous 24\u00a0heures. Sa réponse arrivera dans « Mes demandes » et nous vous préviendrons par e-mail.'
                : `Un conseiller vous appellera le ${callbackSlotLabel(new Date(sent.result.callbackAt!))}. Vous retrouvez cette demande dans « Mes demandes ».`
            }
          />
        ) : (
          <>
            <TitledSection title="Écrire à un conseiller">
              <AdvisorMessageForm conversation={conversation} origin={origin} onSent={(result) => setSent({ way: 'message', result })} />
            </TitledSection>
            <TitledSection title="Être rappelé">
              <Text size="sm">Un conseiller vous appelle sur le créneau de votre choix, aux heures d’ouverture de notre ligne.</Text>
              <CallbackForm conversation={conversation} origin={origin} onSent={(result) => setSent({ way: 'callback', result })} />
            </TitledSection>
          </>
        )
      ) : (
        <TitledSection title="Écrire à un conseiller ou être rappelé" align="flex-start">
          <Text size="sm">Connecté à votre espace, vous écrivez à un conseiller ou choisissez un créneau de rappel.</Text>
          <Button
            component="a"
            href={paths.login}
            maw="100%"
            h="auto"
            py={8}
            // The label wraps on a phone rather than push the page sideways.
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
            onClick={() => {
              rememberAfterSignIn(paths.advisor);
              try {
                if (conversation.length > 0) sessionStorage.setItem(HANDOVER_KEY, JSON.stringify({ conversation, origin }));
              } catch {
                // Storage refused: the member writes again what she asked.
              }
            }}
          >
            Se connecter pour écrire à un conseiller
          </Button>
        </TitledSection>
      )}

      <TitledSection title="Appeler un conseiller">
        <PhoneWay />
      </TitledSection>
    </Stack>
  );
}
