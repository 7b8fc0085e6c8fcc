import { Alert, Text } from '@mantine/core';
import type { TAverageRequestResponseDelay } from '@mutua/contracts/requests';
import { formatDate } from '../../../lib/format';

/**
 * The average processing date message and the delay notice of the requests page, from
 * averageRequestResponseDelay: a request sent today is answered by the "futur" dates; requests received
 * up to the "past" dates are being processed now. Benefits (prestations: refunds, quotes, care) and
 * membership (adhésion: contract, beneficiaries) have their own delays.
 */
export function AverageDelay({ delay }: { delay: TAverageRequestResponseDelay }) {
  return (
    <Alert variant="light" color="blue" title="Délais de traitement" data-testid="average-delay">
      <Text size="sm">
        Une demande envoyée aujourd’hui sera traitée en moyenne d’ici le <strong>{formatDate(delay.prestationFuturDate, 'long')}</strong> pour vos
        remboursements et prestations, et d’ici le <strong>{formatDate(delay.adhesionFuturDate, 'long')}</strong> pour votre adhésion.
      </Text>
      <Text size="sm" mt="xs">
        Nos équipes traitent actuellement les demandes de prestations reçues jusqu’au {formatDate(delay.prestationPastDate, 'long')} et les demandes d’adhésion
        reçues jusqu’au {formatDate(delay.adhesionPastDate, 'long')}.
      </Text>
    </Alert>
  );
}
