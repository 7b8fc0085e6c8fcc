import { ActionIcon, Alert, Button, Checkbox, Group, List, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TQuoteCheckRequest, TQuoteFinding } from '@mutua/contracts/quotes';
import { parseEuroAmount } from '@mutua/contracts/refund-requests';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import classes from './send-documents.module.css';

export type CheckedNature = 'optic' | 'dental' | 'audio';

/** One line as typed (prices as text, read with the French amount rule). */
export type LineDraft = {
  item: 'frame' | 'lenses';
  offerClass: 'A' | 'B';
  complexity: 'simple' | 'complex' | 'very_complex';
  label: string;
  basket: '100_sante' | 'maitrise' | 'libre';
  remaining: string;
  alternativeOffered: boolean;
  ear: 'left' | 'right';
  deviceClass: 'I' | 'II';
  price: string;
};

export const emptyLine = (): LineDraft => ({
  item: 'frame',
  offerClass: 'A',
  complexity: 'simple',
  label: '',
  basket: 'libre',
  remaining: '0',
  alternativeOffered: false,
  ear: 'left',
  deviceClass: 'I',
  price: '',
});

/** The check request of the drafts, or the index of the first line whose amounts do not read. */
export function checkRequestOf(
  nature: CheckedNature,
  drafts: LineDraft[],
  extra: { beneficiaryAge?: number; lastEquipmentDate?: string },
): TQuoteCheckRequest | { invalidLine: number } {
  const amountOk = (text: string) => text.trim() === '0' || parseEuroAmount(text) !== null;
  const bad = drafts.findIndex((d) => parseEuroAmount(d.price) === null || (nature === 'dental' && (!d.label.trim() || !amountOk(d.remaining))));
  if (bad >= 0) return { invalidLine: bad };
  const price = (d: LineDraft) => parseEuroAmount(d.price)!;
  const last = extra.lastEquipmentDate ? { lastEquipmentDate: extra.lastEquipmentDate } : {};
  switch (nature) {
    case 'optic':
      return {
        nature,
        lines: drafts.map((d) => ({
          item: d.item,
          offerClass: d.offerClass,
          priceCents: price(d),
          ...(d.item === 'lenses' ? { complexity: d.complexity } : {}),
        })),
        ...(extra.beneficiaryAge !== undefined ? { beneficiaryAge: extra.beneficiaryAge } : {}),
        ...last,
      };
    case 'dental':
      return {
        nature,
        lines: drafts.map((d) => ({
          label: d.label.trim(),
          basket: d.basket,
          priceCents: price(d),
          remainingChargeCents: d.remaining.trim() === '0' ? 0 : parseEuroAmount(d.remaining)!,
          alternativeOffered: d.alternativeOffered,
          alternativeExists: true,
        })),
      };
    case 'audio':
      return { nature, lines: drafts.map((d) => ({ ear: d.ear, deviceClass: d.deviceClass, priceCents: price(d) })), ...last };
  }
}

/** The parts of a line typed or chosen as text (all but the alternative's checkbox). */
type TextPart = { [K in keyof LineDraft]: LineDraft[K] extends string ? K : never }[keyof LineDraft];

/** The choices of each listed part of a line, worded as on the quote. */
const CHOICES = {
  item: [
    { value: 'frame', label: 'Monture' },
    { value: 'lenses', label: 'Verres' },
  ],
  offerClass: [
    { value: 'A', label: 'A (100 % Santé)' },
    { value: 'B', label: 'B (tarifs libres)' },
  ],
  complexity: [
    { value: 'simple', label: 'Simples' },
    { value: 'complex', label: 'Complexes' },
    { value: 'very_complex', label: 'Très complexes' },
  ],
  basket: [
    { value: '100_sante', label: '100 % Santé' },
    { value: 'maitrise', label: 'Maîtrisé' },
    { value: 'libre', label: 'Libre' },
  ],
  ear: [
    { value: 'left', label: 'Gauche' },
    { value: 'right', label: 'Droite' },
  ],
  deviceClass: [
    { value: 'I', label: 'I (100 % Santé)' },
    { value: 'II', label: 'II (tarifs libres)' },
  ],
} satisfies { [K in TextPart]?: { value: LineDraft[K]; label: string }[] };

type Props = {
  nature: CheckedNature;
  drafts: LineDraft[];
  onChange: (drafts: LineDraft[]) => void;
  lastEquipmentDate: string;
  onLastEquipmentDate: (value: string) => void;
  onCheck: () => void;
  checking: boolean;
  lineError: string | null;
  findings: TQuoteFinding[] | null;
  /** The estimate of the lines against the member's guarantees, shown under the findings. */
  estimate?: ReactNode;
};

/** The quote's lines as the member reads them on the paper, and what the 100 % Santé rules say of them. */
export function QuoteLines({ nature, drafts, onChange, lastEquipmentDate, onLastEquipmentDate, onCheck, checking, lineError, findings, estimate }: Props) {
  const headingId = useId();
  const set = (index: number, patch: Partial<LineDraft>) => onChange(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  // A typed part of line `index`: its value and what typing or choosing does to it.
  const field = (index: number, key: TextPart) => ({
    value: drafts[index]![key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(index, { [key]: e.currentTarget.value }),
  });
  const choice = (index: number, key: keyof typeof CHOICES) => ({ ...field(index, key), data: CHOICES[key] });
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} className={classes.checkBox}>
      <Title order={3} size="h5" id={headingId}>
        Vérifier et estimer mon devis (facultatif)
      </Title>
      <Text size="sm">
        Recopiez les lignes de votre devis&nbsp;: nous vous disons, avant l’envoi, ce que les règles du 100 % Santé permettent de vérifier et ce que vous
        rembourseraient la Sécurité sociale et votre mutuelle. Votre devis sera envoyé dans tous les cas.
      </Text>
      <ol className={classes.lines}>
        {drafts.map((d, i) => (
          <li key={i}>
            <Group gap="xs" align="flex-end" wrap="wrap">
              {nature === 'optic' && (
                <>
                  <NativeSelect label={`Ligne ${i + 1}\u00a0: élément`} {...choice(i, 'item')} />
                  <NativeSelect label="Classe" {...choice(i, 'offerClass')} />
                  {d.item === 'lenses' && <NativeSelect label="Verres" {...choice(i, 'complexity')} />}
                </>
              )}
              {nature === 'dental' && (
                <>
                  <TextInput label={`Ligne ${i + 1}\u00a0: acte`} {...field(i, 'label')} placeholder="Couronne" />
                  <NativeSelect label="Panier" {...choice(i, 'basket')} />
                  <TextInput label="Reste à charge (€)" {...field(i, 'remaining')} inputMode="decimal" w={130} />
                </>
              )}
              {nature === 'audio' && (
                <>
                  <NativeSelect label={`Ligne ${i + 1}\u00a0: oreille`} {...choice(i, 'ear')} />
                  <NativeSelect label="Classe" {...choice(i, 'deviceClass')} />
                </>
              )}
              <TextInput label="Prix (€)" {...field(i, 'price')} inputMode="decimal" placeholder="1 000,00" w={120} />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => onChange(drafts.filter((_, j) => j !== i))}
                aria-label={`Retirer la ligne ${i + 1}`}
              >
                <span aria-hidden="true">✕</span>
              </ActionIcon>
            </Group>
            {nature === 'dental' && (
              <Checkbox
                mt="xs"
                label="Le devis propose une alternative 100 % Santé ou à tarifs maîtrisés pour cet acte"
                checked={d.alternativeOffered}
                onChange={(e) => set(i, { alternativeOffered: e.currentTarget.checked })}
              />
            )}
          </li>
        ))}
      </ol>
      {nature !== 'dental' && (
        <TextInput
          type="date"
          label={nature === 'optic' ? 'Date de votre dernier équipement optique (facultatif)' : 'Date de votre dernier appareil auditif (facultatif)'}
          value={lastEquipmentDate}
          onChange={(e) => onLastEquipmentDate(e.currentTarget.value)}
          w={260}
        />
      )}
      {lineError && (
        <Text size="sm" c="red.8" role="alert">
          {lineError}
        </Text>
      )}
      <Group gap="sm">
        <Button variant="light" onClick={() => onChange([...drafts, emptyLine()])}>
          Ajouter une ligne
        </Button>
        <Button variant="outline" onClick={onCheck} loading={checking} disabled={drafts.length === 0}>
          Vérifier mon devis
        </Button>
      </Group>
      <div aria-live="polite">
        {findings &&
          (findings.length === 0 ? (
            <Alert color="teal" variant="light" title="Rien à signaler" data-testid="quote-findings">
              Les lignes saisies respectent les règles du 100 % Santé que nous pouvons vérifier.
            </Alert>
          ) : (
            <Alert
              color="orange"
              variant="light"
              title={`${findings.length}\u00a0point${findings.length > 1 ? 's' : ''} à vérifier avec votre professionnel`}
              data-testid="quote-findings"
            >
              <List spacing="xs" size="sm">
                {findings.map((f) => (
                  <List.Item key={`${f.rule}-${f.message}`}>
                    {f.message}{' '}
                    <Text span size="xs" c="gray.8">
                      ({f.source})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Alert>
          ))}
        {estimate}
      </div>
    </Stack>
  );
}
