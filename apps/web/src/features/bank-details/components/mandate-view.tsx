import { Stack, Text, Title } from '@mantine/core';
import { formatIban, type TMandateContent } from '@mutua/contracts';
import { Details, Row } from './account-details';

/** The whole SEPA mandate, as the PDF prints it: every field and the standard text. */
export function MandateView({ mandate, headingId }: { mandate: TMandateContent; headingId: string }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="mandate">
      <Title order={3} size="h4" id={headingId}>
        {mandate.title}
      </Title>
      <Details>
        <Row label="Référence unique du mandat (RUM)">{mandate.rum}</Row>
        <Row label="Type de paiement">{mandate.paymentType}</Row>
        <Row label="Créancier">{mandate.creditor.name}</Row>
        <Row label="Adresse du créancier">{mandate.creditor.address}</Row>
        <Row label="Identifiant créancier SEPA (ICS)">{mandate.creditor.ics}</Row>
        <Row label="Débiteur">{mandate.debtor.name}</Row>
        <Row label="Adresse du débiteur">{mandate.debtor.address || 'Non renseignée'}</Row>
        <Row label="IBAN">{formatIban(mandate.debtor.iban)}</Row>
        <Row label="BIC">{mandate.debtor.bic ?? 'Non renseigné'}</Row>
        {mandate.debtor.bankName && <Row label="Banque">{mandate.debtor.bankName}</Row>}
      </Details>
      <Text size="sm">{mandate.standardText}</Text>
      <Text size="xs" c="dimmed">
        Vos droits concernant le présent mandat sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.
      </Text>
    </Stack>
  );
}
