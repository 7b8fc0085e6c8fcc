import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isFeatureEnabled } from '@mutua/contracts/features';
import type { ReactNode } from 'react';
import { RouteAction } from '../../../components/route-action';
import { useGlobalDetails } from '../../../lib/global-details';
import type { RouteId } from '../../../lib/paths';
import { MyDataButton } from '../components/my-data-button';

type Entry = { route: RouteId; title: string; text: string; action: string; reason?: string };

const ENTRIES: Entry[] = [
  {
    route: 'personalInfo',
    title: 'Mes informations personnelles',
    text: 'Coordonnées, adresse, identifiant, mot de passe et certificat d’adhésion.',
    action: 'Voir mes informations',
  },
  {
    route: 'beneficiary',
    title: 'Mes bénéficiaires',
    text: 'Les personnes couvertes par votre contrat\u00a0: ajouter, modifier, supprimer.',
    action: 'Voir mes bénéficiaires',
  },
  {
    route: 'bankingInfo',
    title: 'Mes coordonnées bancaires',
    text: 'Le compte de vos remboursements et de vos cotisations.',
    action: 'Voir mes coordonnées bancaires',
  },
  {
    route: 'preferences',
    title: 'Mes préférences',
    text: 'Télétransmission, magazine santé, relevés et format de la carte de tiers payant.',
    action: 'Voir mes préférences',
  },
  { route: 'documents', title: 'Mes documents', text: 'Vos documents et ceux que nous vous avons transmis.', action: 'Voir mes documents' },
  {
    route: 'tpCard',
    title: 'Ma carte de tiers payant',
    text: 'Votre carte à présenter aux professionnels de santé\u00a0: téléchargement, envoi par e-mail, carte papier.',
    action: 'Voir ma carte',
  },
  {
    route: 'guarantees',
    title: 'Mes garanties',
    text: 'Ce que votre contrat rembourse, ce qu’il reste à vos plafonds, et une estimation avant vos soins.',
    action: 'Voir mes garanties',
  },
  { route: 'contractualInfo', title: 'Mes contrats', text: 'Vos contrats en cours et terminés, vos options.', action: 'Voir mes contrats' },
];

function AccountCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm">{text}</Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** Route `account` (« Mon compte »): one card per area of the member's file. */
export function Component() {
  const { data } = useGlobalDetails((d) => ({ number: d.profile.membershipNumber, beneficiaries: isFeatureEnabled(d.featureStatus, 'BENEFICIARIES') }));
  const entries = ENTRIES.filter((e) => e.route !== 'beneficiary' || data?.beneficiaries !== false);
  return (
    <Stack gap="lg">
      <Title order={1}>Mon compte</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {entries.map((e) => (
          <AccountCard key={e.route} title={e.title} text={e.text}>
            <RouteAction route={e.route} variant="light">
              {e.action}
            </RouteAction>
          </AccountCard>
        ))}
        <AccountCard title="Mes données" text="Une copie de vos données (profil, famille, demandes, remboursements, documents envoyés) dans un fichier ZIP.">
          {data && <MyDataButton membershipNumber={data.number} />}
        </AccountCard>
        <AccountCard
          title="Fermer mon compte"
          text="Une fois vos contrats terminés, clôturer votre espace et effacer vos données, sauf ce que la loi nous oblige à conserver."
        >
          <RouteAction route="accountClosure" variant="light">
            Fermer mon compte
          </RouteAction>
        </AccountCard>
      </SimpleGrid>
    </Stack>
  );
}
