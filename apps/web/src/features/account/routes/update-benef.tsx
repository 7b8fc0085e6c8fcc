import { useInputState } from '@mantine/hooks';
import { Alert, Anchor, Button, Card, Checkbox, Group, List, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { DELETION_REASONS, DELETION_REASON_INFO, ZBeneficiaryDeletionFields, type DeletionReason, type TBeneficiaryDetail } from '@mutua/contracts/account';
import { openRibOf } from '@mutua/contracts/bank-details';
import { parisIsoDate } from '@mutua/contracts/dates';
import { formatPersonName } from '@mutua/contracts/names';
import { TELETRANSMISSION_LABELS } from '@mutua/contracts/teletransmission-rules';
import { useState } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import { AttachmentsField } from '../../../components/attachments-field';
import { PendingRefundChange } from '../../../components/pending-refund-change';
import { paths } from '../../../lib/paths';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useBeneficiaries, useDeleteBeneficiary, useUpdateBeneficiary } from '../api/beneficiaries';
import { useRefundAccounts } from '../api/refund-account';
import { ApiErrorAlert } from '../components/api-error-alert';
import { requestFormErrors } from '../components/request-form-errors';
import { BeneficiaryDocuments } from '../components/beneficiary-documents';
import { RequestSent } from '../components/request-sent';
import { Form } from '../../../components/form';
import { LoadState } from '../../../components/load-state';

function IdentityForm({ person }: { person: TBeneficiaryDetail }) {
  const update = useUpdateBeneficiary(person.familyPosition);
  const [legalName, setLegalName] = useInputState(person.legalName ?? '');
  const [useMain, setUseMain] = useInputState(person.useMainBankDetails);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="identity-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ legalName: legalName.trim() || null, useMainBankDetails: useMain });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="identity-title">
            Nom et remboursements
          </Title>
          <ApiErrorAlert error={update.error} />
          {update.isSuccess && <Alert color="green" variant="light" role="status" title="Modifications enregistrées" />}
          <TextInput label="Nom d’usage (facultatif)" value={legalName} onChange={setLegalName} />
          {person.rank !== 'MAIN' && (
            <Checkbox label="Rembourser les soins de ce bénéficiaire sur le compte bancaire de l’assuré principal" checked={useMain} onChange={setUseMain} />
          )}
          <Group>
            <Button type="submit" loading={update.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

/** The person's refund account in force (theirs or the main insured's) and a change being checked, with the link to change it. */
function RefundAccount({ familyPosition, name }: { familyPosition: number; name: string }) {
  const query = useRefundAccounts();
  const { data } = query;
  const own = familyPosition === 1 ? null : data?.beneficiaries.find((b) => b.familyPosition === familyPosition);
  const account = familyPosition === 1 ? data?.refund : (own?.account ?? data?.refund);
  const pending = familyPosition === 1 ? data?.pendingRefund : own?.pending;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="refund-account-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="refund-account-title">
          Compte de remboursement
        </Title>
        <LoadState query={query} title="Le compte de remboursement n’a pas pu être chargé" loading={48} loadingLabel="Chargement du compte de remboursement" />
        {data && (
          <Text size="sm">
            {account ? (
              <>
                Compte en vigueur&nbsp;: <span aria-label={`IBAN se terminant par ${account.ibanLast4.split('').join(' ')}`}>{account.ibanMasked}</span> (
                {account.holder}){familyPosition !== 1 && !own?.account ? ', celui de l’assuré principal' : ''}
              </>
            ) : (
              'Aucun compte de remboursement n’est enregistré.'
            )}
          </Text>
        )}
        {pending && <PendingRefundChange pending={pending} testId={`pending-refund-${familyPosition}`} />}
        {data && !pending && (
          <Anchor
            component={Link}
            to={generatePath(paths.updateRib, { openRib: openRibOf('refund', familyPosition) })}
            underline="always"
            size="sm"
            aria-label={`Modifier le compte de remboursement de ${name}`}
          >
            Modifier le compte de remboursement
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

function DeletionForm({ remove }: { remove: ReturnType<typeof useDeleteBeneficiary> }) {
  const submission = useSubmissionKey();
  const [reason, setReason] = useState<DeletionReason | ''>('');
  const [endDate, setEndDate] = useInputState(parisIsoDate());
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Form
      noValidate
      aria-labelledby="deletion-title"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = ZBeneficiaryDeletionFields.safeParse({ reason, endDate });
        const found = requestFormErrors(parsed, files);
        setErrors(found);
        if (Object.keys(found).length === 0) remove.mutate({ reason, endDate, files, idempotencyKey: submission.key });
      }}
    >
      <Stack gap="sm">
        <ApiErrorAlert error={remove.error} title="Votre demande n’a pas pu être envoyée" />
        <NativeSelect
          label="Motif de la suppression"
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value as DeletionReason)}
          data={[{ value: '', label: 'Choisissez un motif' }, ...DELETION_REASONS.map((r) => ({ value: r, label: DELETION_REASON_INFO[r].label }))]}
          error={errors.reason}
        />
        {reason && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Justificatif à joindre&nbsp;:
            </Text>
            <List size="sm">
              {DELETION_REASON_INFO[reason].documents.map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <TextInput type="date" label="Date de fin d’adhésion" required value={endDate} onChange={setEndDate} error={errors.endDate} />
        <AttachmentsField files={files} onChange={setFiles} disabled={remove.isPending} label="Justificatifs" />
        {errors.files && (
          <Text size="sm" c="red.8" role="alert">
            {errors.files}
          </Text>
        )}
        <Group>
          <Button type="submit" color="red.8" loading={remove.isPending}>
            Demander la suppression
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** Route `updateBenef` (/update-benef/{familyPosition}): name, refunds account, teletransmission, documents, deletion. */
export function Component() {
  const { familyPosition } = useParams();
  const query = useBeneficiaries();
  const { data } = query;
  const person = data?.beneficiaries.find((b) => String(b.familyPosition) === familyPosition);
  // Held by the page: the confirmation stays in view after the list reloads with the deletion pending.
  const remove = useDeleteBeneficiary(Number(familyPosition));
  const sentId = remove.data?.requestId;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.beneficiary} size="sm" underline="always">
        ← Mes bénéficiaires
      </Anchor>
      <Title order={1}>{person ? formatPersonName(person) : 'Modifier un bénéficiaire'}</Title>
      <LoadState query={query} title="Ce bénéficiaire n’a pas pu être chargé" loading={200} loadingLabel="Chargement du bénéficiaire" />
      {data && !person && (
        <Alert color="gray" variant="light" title="Bénéficiaire introuvable">
          <Anchor component={Link} to={paths.beneficiary} underline="always">
            Revenir à la liste de mes bénéficiaires
          </Anchor>
        </Alert>
      )}
      {person && (
        <>
          <IdentityForm person={person} key={person.familyPosition} />
          <RefundAccount familyPosition={person.familyPosition} name={formatPersonName(person)} />
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tele-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="tele-title">
                Télétransmission avec la Sécurité sociale
              </Title>
              <Text size="sm">
                État&nbsp;: {TELETRANSMISSION_LABELS[person.teletransmission.state]}
                {person.teletransmission.organisationCode ? ` (code organisme ${person.teletransmission.organisationCode})` : ''}
                {person.teletransmission.reason ? `. ${person.teletransmission.reason}` : ''}
              </Text>
              <Anchor component={Link} to={generatePath(paths.preferences, { openTeletransmission: 'true' })} underline="always" size="sm">
                Gérer la télétransmission
              </Anchor>
            </Stack>
          </Card>
          <BeneficiaryDocuments familyPosition={person.familyPosition} name={formatPersonName(person)} />
          {person.rank !== 'MAIN' && (
            <Card withBorder radius="md" padding="lg" component="section">
              <Stack gap="sm">
                <Title order={2} size="h4" id="deletion-title">
                  Supprimer ce bénéficiaire
                </Title>
                {sentId ? (
                  <RequestSent requestId={sentId} title="Votre demande de suppression a été prise en compte">
                    Elle est en cours de traitement par le centre de gestion.
                  </RequestSent>
                ) : person.pendingDeletion ? (
                  <Alert color="blue" variant="light" title="Suppression en cours">
                    Une demande de suppression est en cours de traitement par le centre de gestion&nbsp;: vous ne pouvez pas en envoyer une autre pour ce
                    bénéficiaire.
                  </Alert>
                ) : (
                  <DeletionForm remove={remove} />
                )}
              </Stack>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
