import { Alert, Anchor, Button, Card, DataList, Group, List, Stack, Text, Title } from '@mantine/core';
import { TP_CARD_TEXTS, type TTpCard } from '@mutua/contracts/tp-card';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/download-button';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatPersonName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDownloadTpCard, useTpCard } from '../api/tp-card';
import { EmailCardDialog } from '../components/email-card-dialog';
import { PaperResend } from '../components/paper-resend';
import { TpCardQr } from '../components/tp-card-qr';
import { LoadState } from '../../../components/load-state';
import { DataRow } from '../../../components/data-row';

/** The card as the professional sees it: numbers, beneficiaries, validity, and the QR code. */
function CardFace({ card }: { card: TTpCard }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tp-card-face">
      <Stack gap="md">
        <Title order={2} size="h4" id="tp-card-face">
          {card.contractLabel}
        </Title>
        <Group align="flex-start" justify="space-between" gap="lg" wrap="wrap">
          <Stack gap="sm" style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <DataList size="sm" labelWidth="10rem">
              <DataRow label="Numéro AMC">{card.amcNumber}</DataRow>
              <DataRow label="Numéro de contrat">{card.insurerContract}</DataRow>
              <DataRow label="Numéro d’adhérent">{card.membershipNumber}</DataRow>
              <DataRow label="Réseau de soins">{card.careNetwork}</DataRow>
              <DataRow label="Opérateur">{card.operator}</DataRow>
              <DataRow label="Validité">{`du ${formatDate(card.validFrom, 'long')} au ${formatDate(card.validTo, 'long')}`}</DataRow>
            </DataList>
            <Text size="sm" fw={700} component="h3">
              Bénéficiaires
            </Text>
            <List size="sm" aria-label="Bénéficiaires de la carte">
              {card.beneficiaries.map((b) => (
                <List.Item key={b.familyPosition}>{formatPersonName(b)}</List.Item>
              ))}
            </List>
          </Stack>
          <TpCardQr card={card} />
        </Group>
      </Stack>
    </Card>
  );
}

/** Route `tpCard` (« Ma carte de tiers payant », the card panel): from home's card block and « Mon compte ». */
export function Component() {
  const card = useTpCard();
  const download = useDownloadTpCard();
  const [emailOpened, setEmailOpened] = useState(false);
  const unavailable = card.error instanceof ApiError && card.error.code === 'TP_CARD_UNAVAILABLE';

  return (
    <Stack gap="lg">
      <Title order={1}>Ma carte de tiers payant</Title>
      {unavailable && (
        <Alert color="gray" variant="light" title={TP_CARD_TEXTS.unavailable}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Aucun de vos contrats n’est en cours&nbsp;: la carte n’est délivrée que pour un contrat actif.</Text>
            <Anchor component={Link} to={paths.contractualInfo} size="sm">
              Voir mes contrats
            </Anchor>
          </Stack>
        </Alert>
      )}
      {!unavailable && <LoadState query={card} title="Votre carte n’a pas pu être chargée" loading={240} />}
      {card.data && (
        <>
          <Text>Présentez-la à vos professionnels de santé avec votre carte Vitale pour ne pas avancer les frais couverts par votre contrat.</Text>
          <CardFace card={card.data} />
          {card.data.dematerialised ? (
            <Stack gap="xs">
              <Group gap="sm" wrap="wrap">
                <DownloadButton pending={download.isPending} onClick={() => download.mutate()}>
                  Télécharger ma carte
                </DownloadButton>
                <Button variant="light" onClick={() => setEmailOpened(true)}>
                  Recevoir ma carte par e-mail
                </Button>
                <Button variant="default" component="a" href="/api/tp-card/wallet.pkpass">
                  Ajouter à Apple Wallet
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                Dans Apple Wallet, votre carte se met à jour d’elle-même quand un bénéficiaire est ajouté ou que la carte est renouvelée.
              </Text>
              {download.isError && (
                <Alert color="red" variant="light" role="alert" title="Le téléchargement a échoué">
                  {download.error.message}
                </Alert>
              )}
              <EmailCardDialog opened={emailOpened} onClose={() => setEmailOpened(false)} storedEmail={card.data.storedEmail} />
            </Stack>
          ) : (
            <Alert color="blue" variant="light" title="Carte disponible par courrier">
              {TP_CARD_TEXTS.notDematerialised}
            </Alert>
          )}
          <PaperResend card={card.data} />
        </>
      )}
    </Stack>
  );
}
