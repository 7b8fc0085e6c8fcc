import { Alert, Fieldset, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import type { TClaimWarning } from '@mutua/contracts/claim-checks';
import { parisIsoDate } from '@mutua/contracts/dates';
import type { THealthcareAct } from '@mutua/contracts/healthcare';
import { INVOICE_DOCUMENT_CODE, amountFieldText, needsCheck, practitionerText, type TInvoiceScan } from '@mutua/contracts/invoice-scan';
import {
  CARE_DATE_MAX_AGE_YEARS,
  REFUND_COMMENT_MAX,
  REFUND_REQUEST_ERRORS,
  isoDateMinusYears,
  refundDocumentsFor,
  refundRequestFieldsSchema,
  REFUND_PRACTITIONER_MAX,
  type TSubmissionResult,
} from '@mutua/contracts/refund-requests';
import { careTeletransmitted } from '@mutua/contracts/teletransmission-rules';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { AttachmentsField } from '../../../components/attachments-field';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { useGlobalDetails } from '../../../lib/global-details';
import { useSubmissionKey } from '../../../lib/submit-form';
import { fileSha256, useCheckRefundRequest } from '../api/check-refund-request';
import { useSendRefundRequest } from '../api/send-refund-request';
import { ActPicker } from '../components/act-picker';
import { CheckNote, InvoiceScan } from '../components/invoice-scan';
import { SendThenConfirm } from '../components/request-sent';
import { Form } from '../../../components/form';
import { DialogActions } from '../../../components/dialog-actions';
import { CommentField } from '../../../components/comment-field';
import { SendError } from '../../../components/send-error';
import { beneficiaryOptions } from '../../../lib/beneficiary-options';
import { RadioRow } from '../../../components/radio-row';

/** Route `getRefund` (dialog « Me faire rembourser »): the refund request form, then its confirmation. */
const SESSION_MODES = [
  { value: 'single', label: 'Une séance' },
  { value: 'multiple', label: 'Plusieurs séances' },
];

export function Component() {
  return (
    <SendThenConfirm<TSubmissionResult>
      text="Votre demande de remboursement a bien été transmise. Elle apparaît dans « Mes demandes »&nbsp;: « Reçu par nos équipes ». Une demande courante est souvent calculée et remboursée dans la minute&nbsp;: vous la retrouverez alors dans « Mes remboursements »."
      form={(onSent) => <RefundRequestForm onSent={onSent} />}
    />
  );
}

function RefundRequestForm({ onSent }: { onSent: (result: TSubmissionResult) => void }) {
  // One key per opened form: a double click or a retry after a dropped connection is one request.
  const submission = useSubmissionKey();
  const details = useGlobalDetails((d) => ({ healthCare: d.healthCare, beneficiaries: d.insured.allBeneficiaries.beneficiaries, links: d.noemieStateDtoList }));
  const today = parisIsoDate();
  const schema = useMemo(() => refundRequestFieldsSchema(today), [today]);
  const [act, setAct] = useState<THealthcareAct | null>(null);
  const [documents, setDocuments] = useState<Record<string, File[]>>({});
  const [documentErrors, setDocumentErrors] = useState<Record<string, string>>({});
  const send = useSendRefundRequest({ onSuccess: onSent });
  // The invoice read by the OCR: what it prefilled, and how sure it was (« À vérifier » below that).
  const [scanned, setScanned] = useState<TInvoiceScan | null>(null);
  const check = useCheckRefundRequest();
  // The warnings shown for these values: sending them again confirms (an implausible amount); a duplicate is refused anyway.
  const [warnings, setWarnings] = useState<{ key: string; list: TClaimWarning[] } | null>(null);
  const beneficiaries = (details.data?.beneficiaries ?? []).filter((b) => b.insured);
  const form = useZodForm(schema, {
    defaultValues: {
      actCode: '',
      familyPosition: (beneficiaries.length === 1 ? beneficiaries[0]!.familyPosition : '') as never,
      careDate: '',
      amount: '',
      sessionMode: 'single',
      sessionCount: '',
      practitioner: '',
      comment: '',
    },
    labels: {
      careDate: 'Date des soins',
      amount: 'Montant',
      sessionCount: 'Nombre de séances',
      practitioner: 'Professionnel de santé',
      comment: 'Commentaire',
    },
  });
  useServerFieldErrors(form, send.error);
  useServerFieldErrors(form, check.error);
  const { errors } = form.formState;
  const sessionMode = form.watch('sessionMode');
  // The person's teletransmission state, the one home shows and the server checks: care the fund sent us needs no statement.
  const [familyPosition, careDate] = form.watch(['familyPosition', 'careDate']);
  const personId = beneficiaries.find((b) => String(b.familyPosition) === String(familyPosition))?.id;
  const link = details.data?.links.find((l) => l.beneficiaryId === personId);
  const needs =
    act && details.data ? refundDocumentsFor(act, details.data.healthCare.defaultDocuments, link ? careTeletransmitted(link, careDate) : false) : [];
  const allFiles = Object.values(documents).flat();

  const submit = form.handleSubmit(async (values) => {
    const missing = Object.fromEntries(
      needs.filter((d) => d.required && !(documents[d.code]?.length ?? 0)).map((d) => [d.code, `${REFUND_REQUEST_ERRORS.missingDocument}\u00a0: ${d.label}.`]),
    );
    setDocumentErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const invoice = documents[INVOICE_DOCUMENT_CODE]?.[0];
    const invoiceSha256 = invoice ? await fileSha256(invoice) : undefined;
    const claim = {
      actCode: values.actCode,
      familyPosition: values.familyPosition,
      careDate: values.careDate,
      amountCents: values.amountCents,
      sessions: values.sessions,
      practitioner: values.practitioner,
    };
    const checked = await check.mutateAsync({ ...claim, ...(invoiceSha256 ? { invoiceSha256 } : {}) }).catch(() => null);
    if (!checked) return;
    const key = JSON.stringify({ ...claim, invoiceSha256, codes: checked.warnings.map((w) => w.code) });
    const confirmed = warnings?.key === key;
    setWarnings(checked.warnings.length ? { key, list: checked.warnings } : null);
    if (checked.warnings.length && (!confirmed || checked.warnings.some((w) => w.code === 'DUPLICATE'))) return;
    const kept = Object.fromEntries(needs.map((d) => [d.code, documents[d.code] ?? []]));
    send.mutate({ ...values, documents: kept, idempotencyKey: submission.key });
  });
  const duplicate = warnings?.list.some((w) => w.code === 'DUPLICATE') ?? false;
  // A changed field is a new claim to check: the warnings of the old one go.
  useEffect(() => {
    const watching = form.watch(() => setWarnings(null));
    return () => watching.unsubscribe();
  }, [form]);

  const toCheck = (field: keyof TInvoiceScan['confidence']) => scanned !== null && scanned[field] !== null && needsCheck(scanned.confidence[field]);
  const prefill = (scan: TInvoiceScan, file: File) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    if (scan.careDate) form.setValue('careDate', scan.careDate, options);
    if (scan.amountCents) form.setValue('amount', amountFieldText(scan.amountCents), options);
    const practitioner = practitionerText(scan.practitioner).slice(0, REFUND_PRACTITIONER_MAX);
    if (practitioner) form.setValue('practitioner', practitioner, options);
    const scannedAct = details.data?.healthCare.allActs.find((a) => a.code === scan.actCode);
    if (scannedAct) {
      form.setValue('actCode', scannedAct.code, options);
      setAct(scannedAct);
    }
    // The photographed invoice is the invoice document the claim needs, unless one is there already.
    setDocuments((current) => (current[INVOICE_DOCUMENT_CODE]?.length ? current : { ...current, [INVOICE_DOCUMENT_CODE]: [file] }));
    setDocumentErrors({});
    setScanned(scan);
  };

  if (!details.data) return null;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Demande de remboursement">
      <Stack gap="md">
        <SendError error={send.error} title="Votre demande n’a pas pu être envoyée" />
        <InvoiceScan onRead={prefill} actLabel={(code) => details.data?.healthCare.allActs.find((a) => a.code === code)?.label} disabled={send.isPending} />
        {check.error && !send.error && (
          <Alert color="red" variant="light" role="alert" title="Votre demande n’a pas pu être vérifiée">
            {check.error.message}
          </Alert>
        )}
        {warnings && (
          <Alert
            color={duplicate ? 'red' : 'orange'}
            variant="light"
            role="alert"
            title={duplicate ? 'Facture déjà envoyée' : 'Vérifiez votre demande avant de l’envoyer'}
          >
            <Stack gap={4}>
              {warnings.list.map((w) => (
                <span key={w.code}>{w.message}</span>
              ))}
              {!duplicate && <span>Si tout est exact, cliquez à nouveau sur « Confirmer et envoyer ».</span>}
            </Stack>
          </Alert>
        )}
        <ActPicker
          frequentActs={details.data.healthCare.allFrequentActs}
          hint={toCheck('actCode') ? <CheckNote check>Acte déduit de la facture&nbsp;: choisissez-en un autre s’il ne convient pas.</CheckNote> : undefined}
          chosen={act}
          onChoose={(next) => {
            setAct(next);
            setDocumentErrors({});
          }}
          registration={form.register('actCode')}
          error={errors.actCode?.message}
        />
        <NativeSelect label="Bénéficiaire des soins" required data={beneficiaryOptions(beneficiaries)} {...formField(form, 'familyPosition')} />
        <TextInput
          type="date"
          label="Date des soins"
          required
          min={isoDateMinusYears(today, CARE_DATE_MAX_AGE_YEARS)}
          max={today}
          description={<CheckNote check={toCheck('careDate')}>{`Les soins de moins de ${CARE_DATE_MAX_AGE_YEARS}\u00a0ans.`}</CheckNote>}
          {...formField(form, 'careDate')}
        />
        <TextInput
          label="Montant payé"
          required
          placeholder="1 000,00"
          inputMode="decimal"
          rightSection="€"
          description={<CheckNote check={toCheck('amountCents')}>En euros, par exemple 1 000,00</CheckNote>}
          {...formField(form, 'amount')}
        />
        <Controller
          control={form.control}
          name="sessionMode"
          render={({ field }) => (
            <RadioRow label="Nombre de séances" value={field.value ?? 'single'} onChange={field.onChange} name={field.name} choices={SESSION_MODES} />
          )}
        />
        <TextInput
          label="Professionnel de santé (facultatif)"
          description="Son nom, ou son numéro RPPS, ADELI ou FINESS, tel qu’il figure sur la facture"
          maxLength={REFUND_PRACTITIONER_MAX}
          {...formField(form, 'practitioner')}
        />
        {sessionMode === 'multiple' && (
          <Controller
            control={form.control}
            name="sessionCount"
            render={({ field }) => (
              <NumberInput
                label="Nombre de séances"
                required
                min={2}
                max={99}
                allowDecimal={false}
                allowNegative={false}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(String(value))}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={errors.sessionCount?.message}
              />
            )}
          />
        )}
        {act ? (
          <Fieldset legend="Documents à joindre" variant="unstyled">
            <Stack gap="lg">
              {needs.map((doc) => (
                <AttachmentsField
                  key={`${act.code}-${doc.code}`}
                  label={doc.required ? doc.label : `${doc.label} (facultatif)`}
                  required={doc.required}
                  description={doc.note}
                  files={documents[doc.code] ?? []}
                  otherFiles={allFiles.filter((f) => !(documents[doc.code] ?? []).includes(f))}
                  onChange={(files) => {
                    setDocuments((current) => ({ ...current, [doc.code]: files }));
                    setWarnings(null);
                    setDocumentErrors(({ [doc.code]: _gone, ...rest }) => rest);
                  }}
                  error={doc.required ? documentErrors[doc.code] : undefined}
                  disabled={send.isPending}
                />
              ))}
            </Stack>
          </Fieldset>
        ) : null}
        <CommentField limit={REFUND_COMMENT_MAX} {...formField(form, 'comment')} />
        <DialogActions
          label={warnings && !duplicate ? 'Confirmer et envoyer' : 'Envoyer ma demande'}
          pending={send.isPending}
          loading={send.isPending || check.isPending}
          disabled={duplicate}
        />
      </Stack>
    </Form>
  );
}
