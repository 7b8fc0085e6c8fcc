import { Alert, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { parisIsoDate } from '@mutua/contracts/dates';
import { ageOn } from '@mutua/contracts/document-sharing';
import {
  CHECKED_QUOTE_NATURES,
  QUOTE_COMMENT_MAX,
  QUOTE_DISCLAIMER,
  QUOTE_ERRORS,
  QUOTE_NATURES,
  QUOTE_NATURE_LABELS,
  quoteFieldsSchema,
  type TQuoteCheckRequest,
  type TQuoteFinding,
} from '@mutua/contracts/quotes';
import type { TSubmissionResult } from '@mutua/contracts/refund-requests';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { AttachmentsField, useRequiredFiles } from '../../../components/attachments-field';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { useGlobalDetails } from '../../../lib/global-details';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useEstimateQuote } from '../api/estimate-quote';
import { useCheckQuote, useSendQuote } from '../api/quotes';
import { QuoteEstimate } from '../components/quote-estimate';
import { quoteEstimateRequestOf } from '../quote-estimate';
import { QuoteLines, checkRequestOf, emptyLine, type CheckedNature, type LineDraft } from '../components/quote-lines';
import { SendThenConfirm } from '../components/request-sent';
import { Form } from '../../../components/form';
import { DialogActions } from '../../../components/dialog-actions';
import { CommentField } from '../../../components/comment-field';
import { beneficiaryOptions } from '../../../lib/beneficiary-options';

const isChecked = (nature: string): nature is CheckedNature => (CHECKED_QUOTE_NATURES as readonly string[]).includes(nature);

/** Route `quotation` (dialog « Envoyer un devis »): the quote, the optional 100 % Santé check, the sending. */
export function Component() {
  return (
    <SendThenConfirm<TSubmissionResult & { findings: TQuoteFinding[] }>
      title="Devis envoyé"
      text="Votre devis a bien été transmis à nos équipes. Vous retrouverez notre réponse dans « Mes demandes »."
      again="Envoyer un autre devis"
      form={(onSent) => <QuoteForm onSent={onSent} />}
    />
  );
}

function QuoteForm({ onSent }: { onSent: (result: TSubmissionResult & { findings: TQuoteFinding[] }) => void }) {
  // One key per opened form: a double click or a retry after a dropped connection is one request.
  const submission = useSubmissionKey();
  const beneficiaries = (useGlobalDetails((d) => d.insured.allBeneficiaries.beneficiaries).data ?? []).filter((b) => b.insured);
  const today = parisIsoDate();
  const schema = useMemo(() => quoteFieldsSchema(today), [today]);
  const attachments = useRequiredFiles(QUOTE_ERRORS.files);
  const [drafts, setDrafts] = useState<LineDraft[]>([emptyLine()]);
  const [lastEquipmentDate, setLastEquipmentDate] = useState('');
  const [lineError, setLineError] = useState<string | null>(null);
  const [findings, setFindings] = useState<TQuoteFinding[] | null>(null);
  const check = useCheckQuote({ onSuccess: (result) => setFindings(result.findings) });
  const [lineOf, setLineOf] = useState<(number | null)[]>([]);
  const estimate = useEstimateQuote();
  const send = useSendQuote({ onSuccess: onSent });
  const form = useZodForm(schema, {
    defaultValues: {
      nature: '' as never,
      familyPosition: (beneficiaries.length === 1 ? beneficiaries[0]!.familyPosition : '') as never,
      quoteDate: '',
      amount: '',
      comment: '',
      lines: '',
    },
    labels: { quoteDate: 'Date du devis', amount: 'Montant du devis', comment: 'Commentaire' },
  });
  useServerFieldErrors(form, send.error);
  const { errors } = form.formState;
  const nature = form.watch('nature');
  const beneficiary = beneficiaries.find((b) => b.familyPosition === Number(form.watch('familyPosition')));

  const linesRequest = (): TQuoteCheckRequest | null => {
    if (!isChecked(nature)) return null;
    const built = checkRequestOf(nature, drafts, {
      beneficiaryAge: beneficiary ? ageOn(beneficiary.birthDate, today) : undefined,
      lastEquipmentDate: lastEquipmentDate || undefined,
    });
    if ('invalidLine' in built) {
      setLineError(`Ligne ${built.invalidLine + 1}\u00a0: vérifiez l’acte et les montants (en euros, par exemple 1 000,00).`);
      return null;
    }
    setLineError(null);
    return built;
  };

  const submit = form.handleSubmit((values) => {
    if (!attachments.chosen()) return;
    const filled = drafts.some((d) => d.price.trim() !== '');
    const lines = filled ? linesRequest() : null;
    if (filled && !lines) return;
    send.mutate({ ...values, lines, files: attachments.files, idempotencyKey: submission.key });
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Envoyer un devis">
      <Stack gap="md">
        {send.error && (
          <Alert color="red" variant="light" role="alert" title={QUOTE_ERRORS.creation}>
            {send.error.message}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="nature"
          render={({ field }) => (
            <Radio.Group
              label="Type de devis"
              withAsterisk
              value={field.value ?? ''}
              onChange={(value) => {
                field.onChange(value);
                setFindings(null);
                setDrafts([emptyLine()]);
              }}
              name={field.name}
              error={errors.nature?.message}
            >
              <Group gap="md" mt={4}>
                {QUOTE_NATURES.map((n) => (
                  <Radio key={n} value={n} label={QUOTE_NATURE_LABELS[n]} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <NativeSelect label="Bénéficiaire des soins" required data={beneficiaryOptions(beneficiaries)} {...formField(form, 'familyPosition')} />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput type="date" label="Date du devis" required max={today} {...formField(form, 'quoteDate')} miw={200} />
          <TextInput label="Montant du devis" required placeholder="1 000,00" inputMode="decimal" rightSection="€" {...formField(form, 'amount')} miw={200} />
        </Group>
        <AttachmentsField label="Devis" required {...attachments.field} disabled={send.isPending} />
        {isChecked(nature) && (
          <QuoteLines
            nature={nature}
            drafts={drafts}
            onChange={(next) => {
              setDrafts(next);
              setFindings(null);
              estimate.reset();
            }}
            lastEquipmentDate={lastEquipmentDate}
            onLastEquipmentDate={setLastEquipmentDate}
            onCheck={() => {
              const request = linesRequest();
              if (!request) return;
              check.mutate(request);
              // The same lines priced against the member's own guarantees, once the person cared for is known.
              const priced = beneficiary && quoteEstimateRequestOf(nature, drafts, beneficiary.familyPosition, today);
              estimate.reset();
              if (priced) {
                setLineOf(priced.lineOf);
                estimate.mutate(priced.request);
              }
            }}
            checking={check.isPending || estimate.isPending}
            lineError={lineError ?? (check.error ? check.error.message : null)}
            findings={findings}
            estimate={
              !beneficiary ? (
                findings && (
                  <Text size="sm" mt="xs">
                    Choisissez le bénéficiaire des soins pour estimer votre remboursement.
                  </Text>
                )
              ) : estimate.data ? (
                <QuoteEstimate estimate={estimate.data} lineOf={lineOf} />
              ) : (
                estimate.error && (
                  <Alert color="red" variant="light" mt="xs" title="L’estimation n’a pas pu être calculée">
                    {estimate.error.message}
                  </Alert>
                )
              )
            }
          />
        )}
        <CommentField limit={QUOTE_COMMENT_MAX} {...formField(form, 'comment')} />
        <Alert color="gray" variant="light" title="Bon à savoir">
          <Text size="sm">{QUOTE_DISCLAIMER}</Text>
        </Alert>
        <DialogActions label="Envoyer mon devis" pending={send.isPending} />
      </Stack>
    </Form>
  );
}
