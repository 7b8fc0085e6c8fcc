import { Alert, Button, Card, Checkbox, Loader, NumberInput, Stack, TagsInput, Text, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import type { TAutoDecisionRules, TTenantAutoDecisionRules } from '@mutua/contracts/auto-decision';
import { formatEuros } from '@mutua/contracts/french-format';
import { parseEuroAmount } from '@mutua/contracts/refund-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dateTime } from '../../../lib/api';
import { useStaffSession } from '../../../lib/session';

/**
 * « Décisions automatiques »: each tenant's rules (read by its staff, changed by an administrator, each
 * change a new version that the decisions it takes name).
 */
export function AutoDecisionRulesPage() {
  const list = useQuery({ queryKey: ['auto-decision-rules'], queryFn: () => api<TTenantAutoDecisionRules[]>('GET', '/auto-decision-rules') });
  const admin = useStaffSession().data?.staff?.role === 'administrator';
  return (
    <Stack>
      <Title order={1} size="h2">
        Décisions automatiques
      </Title>
      <Text size="sm">
        Une demande de remboursement qui respecte toutes les règles de sa mutuelle est remboursée sans intervention, selon le calcul du moteur de garanties. Les
        autres arrivent dans la file des gestionnaires avec la proposition du moteur et la raison.
      </Text>
      <LoadState query={list} loading={<Loader aria-label="Chargement des règles" />} />
      {list.data?.map((r) => (
        <RulesCard key={`${r.tenantId}-${r.version}`} set={r} editable={admin} />
      ))}
    </Stack>
  );
}

function RulesCard({ set, editable }: { set: TTenantAutoDecisionRules; editable: boolean }) {
  const queryClient = useQueryClient();
  const [rules, setRules] = useState<TAutoDecisionRules>(set.rules);
  const [threshold, setThreshold] = useState<string | number>((set.rules.maxAmountCents / 100).toFixed(2).replace('.', ','));
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (next: TAutoDecisionRules) =>
      api<TTenantAutoDecisionRules>('PUT', '/auto-decision-rules', { tenantId: set.tenantId, version: set.version, rules: next }),
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: ['auto-decision-rules'] });
    },
  });
  const cents = parseEuroAmount(String(threshold));
  const titleId = `rules-${set.tenantId}`;
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {set.tenantName}
        </Title>
        <Text size="sm">
          Version {set.version}
          {set.updatedAt ? ` · modifiée le ${dateTime(set.updatedAt)} par ${set.updatedBy ?? '—'}` : ' · règles par défaut'}
        </Text>
        {saved && (
          <Alert color="green" role="status">
            Règles enregistrées&nbsp;: les prochaines demandes sont décidées avec cette version.
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (cents === null) return;
            setSaved(false);
            save.mutate({ ...rules, maxAmountCents: cents });
          }}
        >
          <Stack gap="sm">
            <Checkbox
              label="Décider automatiquement les demandes qui respectent ces règles"
              checked={rules.enabled}
              disabled={!editable}
              onChange={(e) => setRules({ ...rules, enabled: e.currentTarget.checked })}
            />
            <TagsInput
              label="Actes décidés automatiquement"
              description="Les codes des actes du formulaire de demande (par exemple CONSULTATION_GENERALISTE)"
              value={rules.allowedActs}
              disabled={!editable}
              onChange={(allowedActs) => setRules({ ...rules, allowedActs })}
            />
            <NumberInput
              label="Montant maximal de la demande (en euros)"
              description={`Au-dessus, un gestionnaire décide. Actuellement ${formatEuros(set.rules.maxAmountCents)}.`}
              decimalSeparator=","
              decimalScale={2}
              min={0}
              allowNegative={false}
              value={threshold}
              disabled={!editable}
              error={cents === null ? 'Saisissez un montant en euros, par exemple 150,00.' : undefined}
              onChange={setThreshold}
            />
            <NumberInput
              label="Confiance minimale de la lecture de la facture (en %)"
              description="La facture est relue par le serveur&nbsp;: la date des soins et le montant lus doivent être ceux de la demande. 0&nbsp;: lecture non exigée."
              min={0}
              max={100}
              allowDecimal={false}
              value={Math.round(rules.minReadConfidence * 100)}
              disabled={!editable}
              onChange={(v) => setRules({ ...rules, minReadConfidence: Math.min(100, Math.max(0, Number(v) || 0)) / 100 })}
            />
            <NumberInput
              label="Part des décisions automatiques contrôlées par un responsable (en %)"
              description="Tirées au hasard&nbsp;: le remboursement n’est payé qu’après la confirmation du responsable."
              min={0}
              max={100}
              value={rules.postCheckPercent}
              disabled={!editable}
              onChange={(v) => setRules({ ...rules, postCheckPercent: Math.min(100, Math.max(0, Number(v) || 0)) })}
            />
            <Text size="sm">Toujours vérifié&nbsp;: pas de doublon, bénéficiaire couvert à la date des soins, forfait ou plafond disponible.</Text>
            {editable && (
              <div>
                <Button type="submit" loading={save.isPending}>
                  Enregistrer une nouvelle version
                </Button>
              </div>
            )}
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
