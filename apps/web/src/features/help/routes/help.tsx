import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { isLoggedIn } from '../../../lib/cookies';
import { paths } from '../../../lib/paths';
import { RelayService } from '../../../components/relay-service';
import { TalkToAdvisor } from '../../../components/talk-to-advisor';
import { AdviserCodeForm } from '../components/adviser-code-form';
import { TechnicalReportPanel } from '../components/technical-report-panel';

/** Route `help` (public): the FAQ, a code for a phone adviser, and the technical report. */
export function Component() {
  const signedIn = isLoggedIn();
  return (
    <Stack gap="xl" maw="46rem">
      <Stack gap="xs">
        <Title order={1}>Aide</Title>
        <Text>
          La réponse à votre question se trouve peut-être déjà dans la{' '}
          <Anchor component={Link} to={paths.faq} underline="always" style={{ textDecoration: 'underline' }}>
            foire aux questions
          </Anchor>
          , ou posez-la à notre{' '}
          <Anchor component={Link} to={paths.assistant} underline="always" style={{ textDecoration: 'underline' }}>
            assistant 24h/24, 7j/7
          </Anchor>
          &nbsp;: il répond à toute heure et vous oriente vers un conseiller si besoin.
        </Text>
      </Stack>

      <Stack component="section" gap="sm" aria-labelledby="help-adviser">
        <Title order={2} id="help-adviser">
          Être aidé par un conseiller au téléphone
        </Title>
        <Text>
          {signedIn
            ? 'Obtenez un code à communiquer au conseiller\u00a0: il retrouvera votre dossier sans vous demander d’informations personnelles.'
            : 'Saisissez votre numéro d’adhérent ou votre numéro de sécurité sociale pour obtenir un code à communiquer au conseiller\u00a0: il retrouvera votre dossier sans vous demander d’autres informations.'}
        </Text>
        <AdviserCodeForm />
        <Text>
          Vous préférez écrire ou être rappelé&nbsp;? <TalkToAdvisor />
        </Text>
      </Stack>

      <RelayService />

      <Stack component="section" gap="sm" aria-labelledby="help-report">
        <Title order={2} id="help-report">
          Signaler un problème technique
        </Title>
        <Text>
          Le rapport technique décrit votre navigateur, l’heure et les derniers codes d’erreur rencontrés, sans aucune donnée personnelle. Joignez-le à votre
          demande pour nous aider à comprendre le problème.
        </Text>
        <TechnicalReportPanel />
        {signedIn && (
          <Anchor component={Link} to={paths.newRequest} underline="always" style={{ textDecoration: 'underline' }}>
            Nous écrire
          </Anchor>
        )}
      </Stack>
    </Stack>
  );
}
