import { Stack, Table, Text, Title } from '@mantine/core';
import { parisIsoDate } from '@mutua/contracts/dates';
import { PAYMENT_SCHEDULE_VIEW_TEXTS, paymentScheduleFileName, upcomingDebits, type TPaymentSchedule } from '@mutua/contracts/documents';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { downloadFile } from '../lib/download';
import { formatDate, formatEuros } from '../lib/format';
import { DownloadButton, DownloadFailed } from './download-button';

const monthOf = (iso: string) => formatDate(iso, 'month');

/** GET /api/contracts/{insurerContract}/payment-schedule.pdf. */
const downloadSchedule = (insurerContract: string) =>
  downloadFile(`/contracts/${encodeURIComponent(insurerContract)}/payment-schedule.pdf`, paymentScheduleFileName(insurerContract));

/**
 * The payment schedule (échéancier) of one individual contract, from the global details: the debits
 * still to come (date, month paid, amount), the account debited, and the whole schedule as a PDF. Shown
 * by « Mes contrats » and the contributions tab of « Mes documents ».
 */
export function PaymentSchedulePanel({ schedule, headingOrder = 4 }: { schedule: TPaymentSchedule; headingOrder?: 2 | 3 | 4 }) {
  const headingId = useId();
  const download = useMutation({ mutationFn: downloadSchedule });
  const upcoming = upcomingDebits(schedule, parisIsoDate());
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} size="h5" id={headingId}>
        {PAYMENT_SCHEDULE_VIEW_TEXTS.title} — contrat {schedule.insurerContract}
      </Title>
      {schedule.account && (
        <Text size="sm">
          Prélevées sur le compte de {schedule.account.holder} (IBAN {schedule.account.ibanMasked})
          {schedule.mandateRum ? `, mandat ${schedule.mandateRum}` : ''}.
        </Text>
      )}
      {upcoming.length === 0 ? (
        <Text size="sm">{PAYMENT_SCHEDULE_VIEW_TEXTS.none}</Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table striped aria-label={`Prélèvements à venir\u00a0: contrat ${schedule.insurerContract}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Cotisation de</Table.Th>
                <Table.Th ta="right">Montant</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {upcoming.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{formatDate(d.date)}</Table.Td>
                  <Table.Td>{monthOf(d.periodStart)}</Table.Td>
                  <Table.Td ta="right">{formatEuros(d.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <div>
        <DownloadButton
          size="xs"
          variant="light"
          pending={download.isPending}
          onClick={() => download.mutate(schedule.insurerContract)}
          aria-label={`${PAYMENT_SCHEDULE_VIEW_TEXTS.download}\u00a0: contrat ${schedule.insurerContract}`}
        >
          {PAYMENT_SCHEDULE_VIEW_TEXTS.download}
        </DownloadButton>
      </div>
      <DownloadFailed failed={download.isError} />
    </Stack>
  );
}
