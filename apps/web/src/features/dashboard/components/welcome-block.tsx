import { Stack, Text } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts';
import { formatDate, formatName } from '../../../lib/format';

/** Welcome: the main insured's first name, membership number and previous connection. */
export function WelcomeBlock({ details }: { details: TGlobalDetails }) {
  const main = details.insured.allBeneficiaries.beneficiaries.find((b) => b.rank === 'MAIN');
  const lastConnection = details.insured.lastConnection;
  return (
    <Stack gap={4}>
      <Text component="p" fz="h2" fw={700} ff="heading" c="var(--mutua-font-color-heading)">
        {main ? `Bonjour ${formatName(main.firstName)}` : 'Bienvenue dans votre espace adhérent'}
      </Text>
      <Text>
        Bienvenue dans votre espace adhérent {details.insurer.name}. Numéro d’adhérent : <strong>{details.profile.membershipNumber}</strong>
      </Text>
      {lastConnection && <Text size="sm">Dernière connexion le {formatDate(lastConnection, 'detail')}</Text>}
    </Stack>
  );
}
