import { Stack, Text, Title } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { formatDate, formatName } from '../../../lib/format';

/** Welcome: the main insured's first name, membership number and previous connection. */
export function WelcomeBlock({ details }: { details: TGlobalDetails }) {
  const main = details.insured.allBeneficiaries.beneficiaries.find((b) => b.rank === 'MAIN');
  const lastConnection = details.insured.lastConnection;
  return (
    <Stack gap={4}>
      {/* The page's heading: focus lands here after sign-in (app/layout/root.tsx). */}
      <Title order={1} size="h2">
        {main ? `Bonjour ${formatName(main.firstName)}` : 'Bienvenue dans votre espace adhérent'}
      </Title>
      <Text>
        Bienvenue dans votre espace adhérent {details.insurer.name}. Numéro d’adhérent&nbsp;: <strong>{details.profile.membershipNumber}</strong>
      </Text>
      {lastConnection && <Text size="sm">Dernière connexion le {formatDate(lastConnection, 'detail')}</Text>}
    </Stack>
  );
}
