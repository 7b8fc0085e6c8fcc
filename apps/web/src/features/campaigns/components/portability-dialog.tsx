import { Button, Group, Stack, Text } from '@mantine/core';
import { PORTABILITY_MESSAGES, PORTABILITY_TITLES, type TPortability } from '@mutua/contracts/portability';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AttachmentsField } from '../../../components/attachments-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { refreshGlobalDetails } from '../../../lib/global-details';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import { useSubmissionKey } from '../../../lib/submit-form';
import { sendPortabilityProof } from '../api/campaigns';
import { Form } from '../../../components/form';
import { CampaignAsk, CampaignDialog, CampaignDone, useCampaignSending } from './campaign-dialog';

/** « novembre 2026 » for 2026-11. */
const monthLabel = (month: string) => formatDate(`${month}-01`, 'month');

/** The case's explanation: dates in French, non-breaking spaces before « : ». */
function intro(p: TPortability): string {
  const end = formatDate(p.end, 'long');
  const month = monthLabel(p.month);
  switch (p.case) {
    case 'STARTING':
      return `Depuis le ${formatDate(p.start, 'long')}, vous bénéficiez de la portabilité de vos droits\u00a0: votre couverture santé est maintenue jusqu’au ${end} (${p.months}\u00a0mois, selon la durée de votre dernier contrat collectif, 12\u00a0mois au plus), tant que vous êtes indemnisé(e) par France Travail. Envoyez-nous chaque mois votre justificatif France Travail, en commençant par celui de ${month}.`;
    case 'PROOF_DUE':
      return `Votre portabilité des droits court jusqu’au ${end}. Pour garder votre couverture santé, envoyez-nous votre justificatif France Travail de ${month}.`;
    case 'ENDING':
      return `Votre portabilité des droits prend fin le ${end}. Envoyez-nous votre dernier justificatif France Travail (${month}). Pour rester couvert(e) ensuite, contactez-nous\u00a0: nous vous proposerons une couverture individuelle.`;
  }
}

/**
 * The France Travail portability popup (3 cases), in its turn (lib/popups.ts):
 * the case's dates and this month's proof through the shared upload field, sent as a France Travail
 * supporting-document request (one submission key per opened popup: a retry sends it once).
 */
export function PortabilityDialog({ portability, onClose }: { portability: TPortability; onClose: () => void }) {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const { failure, setFailure, sending, setSending, done, setDone, doneRef } = useCampaignSending();

  const submit = async () => {
    setFailure(null);
    if (files.length === 0) return setError(PORTABILITY_MESSAGES.fileMissing);
    setSending(true);
    try {
      await sendPortabilityProof({ files, idempotencyKey: submission.key });
      setDone(true);
      await Promise.all([
        refreshGlobalDetails(client),
        refreshGlobalDetailsPart(client, 'requests'),
        refreshGlobalDetailsPart(client, 'timeline_recent'),
      ]).catch(() => undefined);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : errorMessage('INTERNAL'));
    } finally {
      setSending(false);
    }
  };

  return (
    <CampaignDialog title={PORTABILITY_TITLES[portability.case]} onClose={onClose} testId="portability-popup">
      {done ? (
        <CampaignDone title="Merci, votre justificatif France Travail est envoyé." headingRef={doneRef} toRequests onClose={onClose}>
          <Text>Suivez son traitement dans vos demandes. Nous vous le redemanderons le mois prochain.</Text>
        </CampaignDone>
      ) : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack gap="md">
            <CampaignAsk
              text={intro(portability)}
              notice={PORTABILITY_MESSAGES.legalNotice}
              failure={failure}
              failureTitle="Votre justificatif n’a pas été envoyé"
            />
            <AttachmentsField
              label={`Justificatif France Travail de ${monthLabel(portability.month)}`}
              required
              files={files}
              onChange={(next) => {
                setFiles(next);
                setError(undefined);
              }}
              error={error}
              disabled={sending}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={sending}>
                Plus tard
              </Button>
              <Button type="submit" loading={sending}>
                Envoyer mon justificatif
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
    </CampaignDialog>
  );
}
