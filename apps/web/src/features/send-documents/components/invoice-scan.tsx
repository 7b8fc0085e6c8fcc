import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { formatDate, formatEuros } from '@mutua/contracts/french-format';
import { INVOICE_SCAN_ACCEPT, needsCheck, practitionerText, type TInvoiceScan } from '@mutua/contracts/invoice-scan';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useScanInvoice } from '../api/scan-invoice';
import classes from './invoice-scan.module.css';

type Props = {
  /** The invoice read, and its file (the form attaches it as the invoice document). */
  onRead: (scan: TInvoiceScan, file: File) => void;
  /** The label of an act code of the tenant's catalogue, to say what was read. */
  actLabel: (code: string) => string | undefined;
  disabled?: boolean;
};

/**
 * « Prendre en photo ou importer une facture »: the phone's camera (or a file on a computer), read by
 * the server's OCR; the form is prefilled and the member checks it. On a phone a second button imports
 * a file already there (a PDF received by e-mail), since the camera button opens only the camera.
 */
export function InvoiceScan({ onRead, actLabel, disabled }: Props) {
  const scan = useScanInvoice();
  const statusId = useId();
  const summary = useRef<HTMLDivElement>(null);
  const read = (file: File | null) => {
    if (!file) return;
    scan.mutate(file, { onSuccess: (result) => onRead(result, file) });
  };
  // Once read, the eye goes to what was read: the summary takes the focus (and is announced).
  useEffect(() => {
    if (scan.isSuccess || scan.isError) summary.current?.focus();
  }, [scan.isSuccess, scan.isError]);
  const result = scan.data;
  const lines = result ? readLines(result, actLabel) : [];

  return (
    <div className={classes.box}>
      <Stack gap="xs">
        <Text size="sm" id={statusId}>
          Gagnez du temps&nbsp;: nous lisons la date des soins, le montant, le professionnel et l’acte sur votre facture. Vous vérifiez ensuite chaque champ
          avant d’envoyer.
        </Text>
        <Group gap="xs" grow preventGrowOverflow={false}>
          <FileButton onChange={read} accept={INVOICE_SCAN_ACCEPT} capture="environment" disabled={disabled || scan.isPending}>
            {(props) => (
              <Button {...props} className={classes.wrap} loading={scan.isPending} aria-describedby={statusId}>
                Prendre en photo ou importer une facture
              </Button>
            )}
          </FileButton>
          <FileButton onChange={read} accept={INVOICE_SCAN_ACCEPT} disabled={disabled || scan.isPending}>
            {(props) => (
              <Button {...props} variant="default" className={`${classes.wrap} ${classes.importOnly}`}>
                Importer un fichier
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="sm" aria-live="polite">
          {scan.isPending ? 'Lecture de la facture en cours…' : ''}
        </Text>
        {scan.isError && (
          <Alert ref={summary} tabIndex={-1} color="red" variant="light" title="Facture non lue">
            {scan.error.message} Vous pouvez aussi remplir le formulaire vous-même.
          </Alert>
        )}
        {result && (
          <Alert
            ref={summary}
            tabIndex={-1}
            role="status"
            color={lines.some((l) => l.check) ? 'yellow' : 'blue'}
            variant="light"
            title={lines.length ? 'Facture lue, formulaire prérempli' : 'Facture lue, rien à préremplir'}
          >
            {lines.length ? (
              <>
                <ul className={classes.read}>
                  {lines.map((l) => (
                    <li key={l.label}>
                      <CheckNote check={l.check}>
                        {l.label}&nbsp;: {l.value}
                      </CheckNote>
                    </li>
                  ))}
                </ul>
                <Text size="sm" mt={4}>
                  {lines.some((l) => l.check)
                    ? 'Vérifiez ces informations, surtout celles marquées «\u00a0À vérifier\u00a0», puis complétez le formulaire.'
                    : 'Vérifiez ces informations, puis complétez le formulaire.'}
                </Text>
              </>
            ) : (
              'Nous n’avons trouvé ni date, ni montant, ni acte sur ce document. Remplissez le formulaire vous-même.'
            )}
          </Alert>
        )}
      </Stack>
    </div>
  );
}

type ReadLine = { label: string; value: string; check: boolean };

function readLines(scan: TInvoiceScan, actLabel: Props['actLabel']): ReadLine[] {
  const lines: ReadLine[] = [];
  if (scan.careDate) lines.push({ label: 'Date des soins', value: formatDate(scan.careDate, 'long'), check: needsCheck(scan.confidence.careDate) });
  if (scan.amountCents) lines.push({ label: 'Montant', value: formatEuros(scan.amountCents), check: needsCheck(scan.confidence.amountCents) });
  const practitioner = practitionerText(scan.practitioner);
  if (practitioner) lines.push({ label: 'Professionnel de santé', value: practitioner, check: needsCheck(scan.confidence.practitioner) });
  const act = scan.actCode ? actLabel(scan.actCode) : undefined;
  if (act) lines.push({ label: 'Acte', value: act, check: needsCheck(scan.confidence.actCode) });
  return lines;
}

/** A field's help text, led by « À vérifier » when the reader was not sure of what it prefilled. */
export function CheckNote({ check, children }: { check: boolean; children?: ReactNode }) {
  return (
    <>
      {check && <span className={classes.toCheck}>À vérifier</span>}
      {children}
    </>
  );
}
