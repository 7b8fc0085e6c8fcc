import { Stack, Text, Title } from '@mantine/core';
import { formatIban, type TMandateContent } from '@mutua/contracts/bank-details';
import { Details } from './account-details';
import { DataRow } from '../../../components/data-row';

/** The whole SEPA mandate, as the PDF prints it: every field and the standard text. */
export function MandateView({ mandate, headingId }: { mandate: TMandateContent; headingId: string }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="mandate">
      <Title order={3} size="h4" id={headingId}>
        {mandate.title}
      </Title>
      <Details>
        <DataRow label="Référence unique du mandat (RUM)">{mandate.rum}</DataRow>
        <DataRow label="Type de paiement">{mandate.paymentType}</DataRow>
        <DataRow label="Créancier">{mandate.creditor.name}</DataRow>
        <DataRow label="Adresse du créancier">{mandate.creditor.address}</DataRow>
        <DataRow label="Identifiant créancier SEPA (ICS)">{mandate.creditor.ics}</DataRow>
        <DataRow label="Débiteur">{mandate.debtor.name}</DataRow>
        <DataRow label="Adresse du débiteur">{mandate.debtor.address || 'Non renseignée'}</DataRow>
        <DataRow label="IBAN">{formatIban(mandate.debtor.iban)}</DataRow>
        <DataRow label="BIC">{mandate.debtor.bic ?? 'Non renseigné'}</DataRow>
        {mandate.debtor.bankName && <DataRow label="Banque">{mandate.debtor.bankName}</DataRow>}
      </Details>
      <Text size="sm">{mandate.standardText}</Text>
      <Text size="xs" c="dimmed">
        Vos droits concernant le présent mandat sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.
      </Text>
    </Stack>
  );
}
