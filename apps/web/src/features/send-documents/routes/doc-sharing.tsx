import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { parisIsoDate } from '@mutua/contracts/dates';
import {
  DOCUMENT_SHARING_COMMENT_MAX,
  DOCUMENT_SHARING_ERRORS,
  SHARED_DOCUMENT_TYPE_INFO,
  ZDocumentSharingFields,
  sharedDocumentTypeOfParam,
  sharedDocumentTypesFor,
} from '@mutua/contracts/document-sharing';
import type { TSubmissionResult } from '@mutua/contracts/refund-requests';
import { useId } from 'react';
import { useParams } from 'react-router';
import { AttachmentsField, useRequiredFiles } from '../../../components/attachments-field';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { useGlobalDetails } from '../../../lib/global-details';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useShareDocument } from '../api/share-document';
import { SendThenConfirm } from '../components/request-sent';
import { Form } from '../../../components/form';
import { DialogActions } from '../../../components/dialog-actions';
import { CommentField } from '../../../components/comment-field';
import { SendError } from '../../../components/send-error';
import { beneficiaryOptions } from '../../../lib/beneficiary-options';

/** Route `docSharing` (dialog « Partager un justificatif », `doc-sharing/{data?}` pre-selects a type). */
export function Component() {
  return (
    <SendThenConfirm<TSubmissionResult>
      title="Document envoyé"
      text="Votre document a bien été transmis à nos équipes. Vous suivez son traitement dans « Mes demandes »."
      again="Envoyer un nouveau document"
      form={(onSent) => <DocumentSharingForm onSent={onSent} />}
    />
  );
}

function DocumentSharingForm({ onSent }: { onSent: (result: TSubmissionResult) => void }) {
  // One key per opened form: a double click or a retry after a dropped connection is one request.
  const submission = useSubmissionKey();
  const { data } = useParams();
  const preselected = sharedDocumentTypeOfParam(data);
  const beneficiaries = useGlobalDetails((d) => d.insured.allBeneficiaries.beneficiaries).data ?? [];
  const attachments = useRequiredFiles(DOCUMENT_SHARING_ERRORS.files);
  const guidanceId = useId();
  const today = parisIsoDate();
  const share = useShareDocument({ onSuccess: onSent });
  const form = useZodForm(ZDocumentSharingFields, {
    defaultValues: {
      familyPosition: (beneficiaries.length === 1 ? beneficiaries[0]!.familyPosition : '') as never,
      documentType: (preselected ?? '') as never,
      comment: '',
    },
    labels: { comment: 'Commentaire' },
  });
  useServerFieldErrors(form, share.error);
  const { errors } = form.formState;
  const familyPosition = form.register('familyPosition');
  const position = Number(form.watch('familyPosition'));
  const beneficiary = beneficiaries.find((b) => b.familyPosition === position);
  const offered = beneficiary ? sharedDocumentTypesFor(beneficiary, today) : [];
  const documentType = form.watch('documentType');
  const info = offered.includes(documentType) ? SHARED_DOCUMENT_TYPE_INFO[documentType] : null;

  const submit = form.handleSubmit((values) => {
    if (!offered.includes(values.documentType)) {
      form.setError('documentType', { message: DOCUMENT_SHARING_ERRORS.typeNotOffered }, { shouldFocus: true });
      return;
    }
    if (!attachments.chosen()) return;
    share.mutate({ ...values, files: attachments.files, idempotencyKey: submission.key });
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Partager un justificatif">
      <Stack gap="md">
        <SendError error={share.error} title="Votre document n’a pas pu être envoyé" />
        <NativeSelect
          label="Bénéficiaire concerné"
          required
          data={beneficiaryOptions(beneficiaries)}
          error={errors.familyPosition?.message}
          {...familyPosition}
          onChange={(event) => {
            void familyPosition.onChange(event);
            // Keep the chosen type when the new beneficiary is offered it, else the link's type, else none.
            const next = beneficiaries.find((b) => b.familyPosition === Number(event.currentTarget.value));
            const types = next ? sharedDocumentTypesFor(next, today) : [];
            const current = form.getValues('documentType');
            form.setValue('documentType', (types.includes(current) ? current : preselected && types.includes(preselected) ? preselected : '') as never);
          }}
        />
        <NativeSelect
          label="Type de document"
          required
          disabled={!beneficiary}
          description={beneficiary ? undefined : 'Choisissez d’abord le bénéficiaire\u00a0: les documents proposés dépendent de sa situation.'}
          data={[{ value: '', label: 'Choisissez un type de document' }, ...offered.map((t) => ({ value: t, label: SHARED_DOCUMENT_TYPE_INFO[t].label }))]}
          error={errors.documentType?.message}
          aria-describedby={info ? guidanceId : undefined}
          {...form.register('documentType')}
          value={info ? documentType : ''}
        />
        {info && (
          <Alert id={guidanceId} color="blue" variant="light" title="Ce que le document doit comporter">
            <Text size="sm">{info.guidance}</Text>
          </Alert>
        )}
        <AttachmentsField label="Document" required {...attachments.field} disabled={share.isPending} />
        <CommentField limit={DOCUMENT_SHARING_COMMENT_MAX} {...formField(form, 'comment')} />
        <DialogActions label="Envoyer le document" pending={share.isPending} />
      </Stack>
    </Form>
  );
}
