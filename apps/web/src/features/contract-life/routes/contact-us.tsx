import { Alert, Anchor, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { COMPLAINT_COMMENT_MAX, COMPLAINT_SUBJECT_MAX, ZContactFields } from '@mutua/contracts/complaints';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AttachmentsField } from '../../../components/attachments-field';
import { RelayService } from '../../../components/relay-service';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { paths } from '../../../lib/paths';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useContactChannels, useSendContactMessage } from '../api/contact';
import { Mediator } from '../components/mediator';
import { Form } from '../../../components/form';
import { SendError } from '../../../components/send-error';
import { RequestLinks } from '../components/request-links';
import { FormActions } from '../../../components/form-actions';

/** Route `contactUs` (dialog): a message by theme, the phone line with the tenant's hours, the post address; the sent confirmation. */
export function Component() {
  const channels = useContactChannels();
  const [attachments, setAttachments] = useState<File[]>([]);
  const [sentId, setSentId] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const send = useSendContactMessage();
  const form = useZodForm(ZContactFields, {
    defaultValues: { theme: '' as never, subject: '', message: '' },
    labels: { theme: 'Thème', subject: 'Objet', message: 'Message' },
  });
  useServerFieldErrors(form, send.error);
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sentId) sentRef.current?.focus();
  }, [sentId]);

  if (sentId) {
    return (
      <Stack gap="md">
        <Alert ref={sentRef} tabIndex={-1} color="teal" variant="light" role="status" title="Message envoyé" data-testid="contact-sent">
          Votre message a bien été transmis à nos équipes. Vous retrouverez notre réponse dans «&nbsp;Mes demandes&nbsp;».
        </Alert>
        <Group gap="sm">
          <RequestLinks requestId={sentId} />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {channels.isPending && <Skeleton height={90} />}
      {channels.data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Paper withBorder p="sm" component="section" aria-labelledby="contact-phone">
            <Title order={3} size="h5" id="contact-phone">
              Par téléphone
            </Title>
            <Text size="sm">
              <Anchor href={`tel:${channels.data.phone.replace(/\s/g, '')}`} td="underline">
                {channels.data.phone}
              </Anchor>
            </Text>
            <Text size="sm">{channels.data.callHours}</Text>
          </Paper>
          <Paper withBorder p="sm" component="section" aria-labelledby="contact-post">
            <Title order={3} size="h5" id="contact-post">
              Par courrier
            </Title>
            <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
              {channels.data.postAddress.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </Text>
          </Paper>
        </SimpleGrid>
      )}
      <RelayService headingOrder={3} id="contact-relay" />
      <Form
        noValidate
        aria-labelledby="contact-form-title"
        onSubmit={form.handleSubmit((values) =>
          send.mutate(
            { ...values, attachments, key: submission.key },
            {
              onSuccess: (result) => {
                submission.renew();
                setSentId(result.requestId);
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="contact-form-title">
            Nous écrire
          </Title>
          <SendError error={send.error} title="Votre message n’a pas pu être envoyé" />
          <NativeSelect
            label="Thème"
            required
            data={[{ value: '', label: 'Choisissez un thème' }, ...(channels.data?.themes ?? []).map((t) => ({ value: t.code, label: t.label }))]}
            {...formField(form, 'theme')}
          />
          <TextInput label="Objet" required maxLength={COMPLAINT_SUBJECT_MAX} {...formField(form, 'subject')} />
          <Textarea label="Message" required autosize minRows={5} maxRows={12} maxLength={COMPLAINT_COMMENT_MAX} {...formField(form, 'message')} />
          <AttachmentsField files={attachments} onChange={setAttachments} disabled={send.isPending} />
          <FormActions label="Envoyer" pending={send.isPending} />
        </Stack>
      </Form>
      <section aria-labelledby="contact-complaint">
        <Title order={3} size="h5" id="contact-complaint">
          Vous êtes mécontent de nos services&nbsp;?
        </Title>
        <Text size="sm">
          <Link to={paths.claimPage}>Déposer une réclamation</Link>&nbsp;: nous en accusons réception sous 10&nbsp;jours ouvrables et y répondons sous
          2&nbsp;mois.
        </Text>
        <Mediator />
      </section>
    </Stack>
  );
}
