import { Alert, Button, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { ZAccessibilityReportInput } from '@mutua/contracts/accessibility-reports';
import { useEffect, useRef, useState } from 'react';
import { Form } from '../../../components/form';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useSendAccessibilityReport } from '../api/send-accessibility-report';
import { FormActions } from '../../../components/form-actions';

/**
 * Reporting an accessibility problem, signed in or not: it reaches the management centre's back
 * office, which answers by e-mail. The same form sent twice is one report (its submission key).
 */
export function ReportProblemForm() {
  const submission = useSubmissionKey();
  const send = useSendAccessibilityReport();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(ZAccessibilityReportInput, {
    defaultValues: { name: '', email: '', page: '', description: '' },
    labels: { name: 'Nom', email: 'Adresse e-mail', page: 'Page ou service concerné', description: 'Description du problème' },
  });
  useServerFieldErrors(form, send.error);
  const { errors } = form.formState;
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  if (sentTo) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert ref={sentRef} tabIndex={-1} color="teal" variant="light" role="status" title="Signalement envoyé" data-testid="a11y-report-sent">
          Merci. Votre signalement a bien été transmis à nos équipes&nbsp;: nous vous répondrons à l’adresse {sentTo}.
        </Alert>
        <Button
          variant="outline"
          onClick={() => {
            form.reset();
            send.reset();
            setSentTo(null);
          }}
        >
          Signaler un autre problème
        </Button>
      </Stack>
    );
  }

  return (
    <Form
      aria-labelledby="a11y-report-title"
      onSubmit={form.handleSubmit((values) =>
        send.mutate(
          { ...values, key: submission.key },
          {
            onSuccess: () => {
              submission.renew();
              setSentTo(values.email);
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="a11y-report-title">
          Signaler un problème d’accessibilité
        </Title>
        {send.error && !Object.keys(errors).length && (
          <Alert color="red" variant="light" role="alert" title="Votre signalement n’a pas pu être envoyé">
            {send.error.message}
          </Alert>
        )}
        <TextInput label="Nom" description="Facultatif" autoComplete="name" maxLength={120} {...formField(form, 'name')} />
        <TextInput label="Adresse e-mail" description="Pour vous répondre" type="email" required autoComplete="email" {...formField(form, 'email')} />
        <TextInput
          label="Page ou service concerné"
          description="Par exemple «&nbsp;Mes remboursements&nbsp;» ou l’adresse de la page"
          required
          maxLength={300}
          {...formField(form, 'page')}
        />
        <Textarea
          label="Description du problème"
          description="Ce que vous avez essayé de faire, ce qui vous en a empêché, et votre équipement si vous le souhaitez (lecteur d’écran, navigateur…)"
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={4000}
          {...formField(form, 'description')}
        />
        <FormActions label="Envoyer le signalement" pending={send.isPending} />
      </Stack>
    </Form>
  );
}
