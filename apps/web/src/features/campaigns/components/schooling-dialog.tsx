import { Button, Group, List, Radio, Stack, Text } from '@mantine/core';
import { SCHOOLING_CHOICE_LABELS, SCHOOLING_CHOICES, SCHOOLING_MESSAGES, type SchoolingChoice, type TSchoolingCampaign } from '@mutua/contracts/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AttachmentsField } from '../../../components/attachments-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatName } from '../../../lib/format';
import { refreshGlobalDetails } from '../../../lib/global-details';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import { answerSchooling } from '../api/campaigns';
import { CampaignAsk, CampaignDialog, CampaignDone, useCampaignSending } from './campaign-dialog';

type ChildForm = { choice: SchoolingChoice | null; files: File[]; error?: string; key: string };

const DONE_LABELS: Record<SchoolingChoice, string> = {
  UPLOAD: 'certificat envoyé',
  LATER: 'à déposer ultérieurement',
  NOT_SCHOOLED: 'non scolarisé(e)',
};

const dueChildren = (campaign: TSchoolingCampaign) => campaign.children.filter((c) => c.answer === null || c.answer === 'LATER');

/**
 * The schooling campaign: per child due, the certificate now, « déposer
 * ultérieurement » or « cet enfant n'est pas scolarisé ». Each child's answer is its own request to
 * the server, with its own submission key (a retry after a failure sends the same answer once).
 */
export function SchoolingDialog({ campaign, onClose }: { campaign: TSchoolingCampaign; onClose: () => void }) {
  const client = useQueryClient();
  const [children] = useState(() => dueChildren(campaign));
  const [forms, setForms] = useState<Record<string, ChildForm>>(() =>
    Object.fromEntries(children.map((c) => [c.beneficiaryId, { choice: c.answer, files: [], key: crypto.randomUUID() }])),
  );
  const [saved, setSaved] = useState<Record<string, SchoolingChoice>>({});
  const { failure, setFailure, sending, setSending, done, setDone, doneRef } = useCampaignSending();

  const deadline = formatDate(campaign.deadline, 'long');
  const schoolYear = `${campaign.campaignYear}-${campaign.campaignYear + 1}`;
  const update = (id: string, patch: Partial<ChildForm>) => setForms((all) => ({ ...all, [id]: { ...all[id]!, ...patch } }));

  const submit = async () => {
    setFailure(null);
    let valid = true;
    for (const child of children) {
      if (saved[child.beneficiaryId]) continue;
      const form = forms[child.beneficiaryId]!;
      const error = !form.choice
        ? SCHOOLING_MESSAGES.noChoice
        : form.choice === 'UPLOAD' && form.files.length === 0
          ? SCHOOLING_MESSAGES.fileMissing
          : undefined;
      if (error) valid = false;
      update(child.beneficiaryId, { error });
    }
    if (!valid) return;
    setSending(true);
    let uploaded = false;
    try {
      for (const child of children) {
        if (saved[child.beneficiaryId]) continue;
        const form = forms[child.beneficiaryId]!;
        await answerSchooling({ beneficiaryId: child.beneficiaryId, choice: form.choice!, files: form.files, idempotencyKey: form.key });
        if (form.choice === 'UPLOAD') uploaded = true;
        setSaved((all) => ({ ...all, [child.beneficiaryId]: form.choice! }));
      }
      setDone(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : errorMessage('INTERNAL'));
    } finally {
      setSending(false);
      await Promise.all([
        refreshGlobalDetails(client),
        ...(uploaded ? [refreshGlobalDetailsPart(client, 'requests'), refreshGlobalDetailsPart(client, 'timeline_recent')] : []),
      ]).catch(() => undefined);
    }
  };

  const anyUpload = Object.values(saved).includes('UPLOAD');
  return (
    <CampaignDialog title={`Certificats de scolarité ${schoolYear}`} onClose={onClose} testId="schooling-campaign">
      {done ? (
        <CampaignDone title="Merci, vos réponses sont enregistrées." headingRef={doneRef} toRequests={anyUpload} onClose={onClose}>
          <List spacing="xs">
            {children.map((c) => (
              <List.Item key={c.beneficiaryId}>
                {formatName(c.firstName)}&nbsp;: {DONE_LABELS[saved[c.beneficiaryId]!]}
              </List.Item>
            ))}
          </List>
          {anyUpload && <Text>Suivez le traitement de vos certificats dans vos demandes.</Text>}
          {Object.values(saved).includes('LATER') && <Text>Nous vous le redemanderons lors de votre prochaine connexion.</Text>}
        </CampaignDone>
      ) : (
        <Stack gap="md">
          <CampaignAsk
            text={
              campaign.overdue
                ? `La date limite du ${deadline} est passée\u00a0: envoyez-nous dès que possible le certificat de scolarité ${schoolYear} de chaque enfant scolarisé, pour qu’il reste couvert.`
                : `Pour que vos enfants restent couverts, envoyez-nous leur certificat de scolarité ${schoolYear} avant le ${deadline}.`
            }
            notice={SCHOOLING_MESSAGES.legalNotice}
            failure={failure}
            failureTitle="Vos réponses n’ont pas toutes été envoyées"
          />
          {children.map((child, index) => {
            const form = forms[child.beneficiaryId]!;
            const name = `${formatName(child.firstName)} ${formatName(child.surName)}`;
            if (saved[child.beneficiaryId]) {
              return (
                <Text key={child.beneficiaryId} fw={600}>
                  {name}&nbsp;: réponse enregistrée.
                </Text>
              );
            }
            return (
              <Stack key={child.beneficiaryId} gap="xs">
                <Radio.Group
                  label={name}
                  description={`Né(e) le ${formatDate(child.birthDate)}`}
                  value={form.choice}
                  onChange={(value) => update(child.beneficiaryId, { choice: value as SchoolingChoice, error: undefined })}
                  error={form.choice !== 'UPLOAD' ? form.error : undefined}
                  withAsterisk
                >
                  <Stack gap={6} mt="xs">
                    {SCHOOLING_CHOICES.map((choice, i) => (
                      <Radio
                        key={choice}
                        value={choice}
                        label={SCHOOLING_CHOICE_LABELS[choice]}
                        disabled={sending}
                        data-autofocus={index === 0 && i === 0 ? true : undefined}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                {form.choice === 'UPLOAD' && (
                  <AttachmentsField
                    label={`Certificat de scolarité de ${formatName(child.firstName)}`}
                    required
                    files={form.files}
                    onChange={(files) => update(child.beneficiaryId, { files, error: undefined })}
                    error={form.error}
                    disabled={sending}
                  />
                )}
              </Stack>
            );
          })}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={sending}>
              Plus tard
            </Button>
            <Button onClick={() => void submit()} loading={sending}>
              Envoyer mes réponses
            </Button>
          </Group>
        </Stack>
      )}
    </CampaignDialog>
  );
}
