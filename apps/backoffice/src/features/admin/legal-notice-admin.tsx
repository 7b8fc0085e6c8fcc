import { Loader, SimpleGrid, TextInput } from '@mantine/core';
import { LEGAL_NOTICE_LABELS, type LegalNoticeField } from '@mutua/contracts/legal-notice';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../../lib/api';
import { Outcome } from '@mutua/ui/outcome';
import { AdminFormCard, FormActions } from './admin-form';
import { putLegalNotice } from './api/put-legal-notice';
import { useAdminWrite } from './use-admin';
import { getTenantLegalNotice } from './api/get-tenant-legal-notice';

const FIELDS: { name: LegalNoticeField; description?: string; type?: string }[] = [
  { name: 'publisherName' },
  { name: 'publisherLegalForm', description: 'Par exemple «\u00a0Mutuelle régie par le livre II du code de la mutualité\u00a0»' },
  { name: 'registration', description: 'Numéro SIREN ou d’immatriculation au registre des mutuelles' },
  { name: 'address' },
  { name: 'publicationDirector', description: 'Nom et fonction' },
  { name: 'hostName' },
  { name: 'hostAddress' },
  { name: 'hostHdsCertificate', description: 'Les données de santé des adhérents ne peuvent être hébergées que par un hébergeur certifié HDS' },
  { name: 'contactEmail', type: 'email' },
  { name: 'contactPhone', description: 'Facultatif, 10 chiffres', type: 'tel' },
];
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f.name, ''])) as Record<LegalNoticeField, string>;

/** The tenant's mentions légales, shown on the member portal's public page: each field is required by law (LCEN). */
export function LegalNoticeAdmin({ tenantId }: { tenantId: string }) {
  const notice = useQuery({ queryKey: ['admin', 'legal-notice', tenantId], queryFn: () => getTenantLegalNotice(tenantId) });
  const [draft, setDraft] = useState<Record<LegalNoticeField, string> | null>(null);
  const values = draft ?? (notice.data ? (Object.fromEntries(FIELDS.map((f) => [f.name, notice.data![f.name]])) as Record<LegalNoticeField, string>) : EMPTY);
  const save = useAdminWrite(() => putLegalNotice(tenantId, values));
  if (notice.isPending) return <Loader aria-label="Chargement des mentions légales" />;
  return (
    <AdminFormCard
      id="legal-notice-title"
      title="Mentions légales"
      intro={`${notice.data ? `Dernière modification le ${dateTime(notice.data.updatedAt)}.` : 'Pas encore renseignées\u00a0: la page publique le dit aux visiteurs.'} Elles s’affichent aussitôt sur la page «\u00a0Mentions légales\u00a0» de l’espace adhérent.`}
      noValidate
      onSubmit={() => save.mutate(undefined, { onSuccess: () => setDraft(null) })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {FIELDS.map((f) => (
          <TextInput
            key={f.name}
            label={LEGAL_NOTICE_LABELS[f.name]}
            description={f.description}
            type={f.type ?? 'text'}
            required={f.name !== 'contactPhone'}
            value={values[f.name]}
            onChange={(e) => setDraft({ ...values, [f.name]: e.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
      <Outcome error={save.error} done={save.isSuccess} text="Mentions légales enregistrées." />
      <FormActions label="Enregistrer les mentions légales" pending={save.isPending} />
    </AdminFormCard>
  );
}
