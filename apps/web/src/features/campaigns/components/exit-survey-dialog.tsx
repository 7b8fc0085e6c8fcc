import { Alert, Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { EXIT_SURVEY_COMMENT_MAX, EXIT_SURVEY_MESSAGES, EXIT_SURVEY_REASON_IDS, EXIT_SURVEY_REASONS, type ExitSurveyReason } from '@mutua/contracts/campaigns';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { sendExitSurvey } from '../api/campaigns';
import { Form } from '../../../components/form';
import { useCampaignSending } from './campaign-dialog';
import { Popup } from '../../../components/popup';

/** The exit survey before the old insured space: its answer stored, then the old space. */
export function ExitSurveyDialog({ onClose }: { onClose: () => void }) {
  const [reason, setReason] = useState<ExitSurveyReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { failure, setFailure, sending, setSending } = useCampaignSending();
  const tooLong = comment.trim().length > EXIT_SURVEY_COMMENT_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(EXIT_SURVEY_MESSAGES.reason);
    if (tooLong) return;
    setSending(true);
    setFailure(null);
    try {
      const { url } = await sendExitSurvey({ reason, comment: comment.trim() });
      window.location.assign(url);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : errorMessage('INTERNAL'));
      setSending(false);
    }
  };

  return (
    <Popup opened onClose={onClose} title="Retourner à l’ancien espace adhérent" size="md">
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Radio.Group
            label={'Pourquoi souhaitez-vous retourner à l’ancien espace\u00a0?'}
            description="Votre réponse nous aide à améliorer le nouvel espace."
            value={reason}
            onChange={(value) => {
              setReason(value as ExitSurveyReason);
              setError(undefined);
            }}
            error={error}
            withAsterisk
          >
            <Stack gap={6} mt="xs">
              {EXIT_SURVEY_REASON_IDS.map((id, i) => (
                <Radio key={id} value={id} label={EXIT_SURVEY_REASONS[id]} data-autofocus={i === 0 ? true : undefined} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Commentaire (facultatif)"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={3}
            error={tooLong ? EXIT_SURVEY_MESSAGES.comment : undefined}
            description={`${EXIT_SURVEY_COMMENT_MAX} caractères au maximum.`}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={sending}>
              Rester ici
            </Button>
            <Button type="submit" loading={sending}>
              Continuer vers l’ancien espace
            </Button>
          </Group>
        </Stack>
      </Form>
    </Popup>
  );
}
