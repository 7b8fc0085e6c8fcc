import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { BANK_DETAILS_TEXTS, ZBankDetailsChangeFields, type BankTarget, type TBankDetailsChangeResult } from '@mutua/contracts/bank-details';
import { useState } from 'react';
import { AttachmentsField } from '../../../components/attachments-field';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useSendChange } from '../api/send-change';
import { Form } from '../../../components/form';
import { FormActions } from '../../../components/form-actions';

const DOCUMENT_MISSING = 'Ajoutez une copie de votre relevé d’identité bancaire (RIB).';

/**
 * The change of one account: holder, IBAN (spaces accepted, checked as typed with the contract's
 * rules), BIC (optional: derived for the common French banks), and a copy of the bank details document.
 */
export function ChangeForm({
  target,
  familyPosition,
  defaultHolder,
  onCancel,
  onDone,
}: {
  target: BankTarget;
  familyPosition: number;
  defaultHolder: string;
  onCancel: () => void;
  onDone: (result: TBankDetailsChangeResult) => void;
}) {
  const [attachments, setAttachments] = useState<File[]>([]);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const send = useSendChange({ onSuccess: (result) => onDone(result) });
  const form = useZodForm(ZBankDetailsChangeFields, {
    defaultValues: { target, familyPosition, holder: defaultHolder, iban: '', bic: '' },
    labels: { holder: 'Titulaire du compte', iban: 'IBAN', bic: 'BIC' },
  });
  useServerFieldErrors(form, send.error);
  const inUse = send.error?.code === 'BANK_IBAN_IN_USE';
  const alreadyPending = send.error?.code === 'BANK_CHANGE_PENDING';

  const submit = form.handleSubmit((values) => {
    if (attachments.length === 0) {
      setDocumentError(DOCUMENT_MISSING);
      return;
    }
    send.mutate({ target, familyPosition, holder: values.holder, iban: values.iban, bic: values.bic, attachments, idempotencyKey: submission.key });
  });

  return (
    <Form noValidate onSubmit={submit} aria-label="Nouvelles coordonnées bancaires">
      <Stack gap="md">
        {send.error && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={inUse ? BANK_DETAILS_TEXTS.alreadyUsedTitle : alreadyPending ? BANK_DETAILS_TEXTS.pendingTitle : BANK_DETAILS_TEXTS.saveErrorTitle}
          >
            {send.error.message}
          </Alert>
        )}
        <TextInput label="Titulaire du compte" required maxLength={70} autoComplete="name" {...formField(form, 'holder')} />
        <TextInput
          label="IBAN"
          required
          maxLength={60}
          autoComplete="off"
          spellCheck={false}
          description="Par exemple FR76 3000 4000 0312 3456 7890 143 (les espaces sont acceptés)"
          {...formField(form, 'iban')}
        />
        <TextInput
          label="BIC (facultatif)"
          maxLength={14}
          autoComplete="off"
          spellCheck={false}
          description="Renseigné automatiquement pour les principales banques françaises"
          {...formField(form, 'bic')}
        />
        <div>
          <AttachmentsField
            label="Copie de votre RIB"
            files={attachments}
            onChange={(files) => {
              setAttachments(files);
              if (files.length) setDocumentError(null);
            }}
            disabled={send.isPending}
          />
          {documentError && (
            <Text c="red.8" size="sm" role="alert" mt={4}>
              {documentError}
            </Text>
          )}
        </div>
        {target === 'contribution' && (
          <Text size="sm">
            Vos cotisations sont prélevées sur ce compte&nbsp;: l’étape suivante vous présente le mandat de prélèvement SEPA à signer par un code reçu par SMS.
          </Text>
        )}
        <FormActions label={target === 'contribution' ? 'Continuer vers le mandat' : 'Valider'} pending={send.isPending} onCancel={onCancel} />
      </Stack>
    </Form>
  );
}
