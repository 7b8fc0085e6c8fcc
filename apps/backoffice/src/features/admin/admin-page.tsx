import { Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { useState } from 'react';
import { useStaffSession } from '../../lib/session';
import { PhoneLineAdmin } from './phone-line-admin';
import { ProductCostsAdmin } from './product-costs-admin';
import { FaqAdmin } from './faq-admin';
import { LegalAdmin } from './legal-admin';
import { LegalNoticeAdmin } from './legal-notice-admin';
import { StaffAdmin } from './staff-admin';
import { TenantSettings } from './tenant-settings';
import { useAdminTenants } from './use-admin';

/** Tenant administration (administrators): settings, FAQ, legal pages and mentions légales, staff accounts. */
export function AdminPage() {
  const session = useStaffSession();
  const me = session.data?.staff;
  const tenants = useAdminTenants();
  const [tenantId, setTenantId] = useState<string | null>(null);
  if (me?.role !== 'administrator') return <Text>Cette page est réservée aux administrateurs.</Text>;
  if (tenants.isPending || tenants.isError) return <LoadState query={tenants} loading={<Loader aria-label="Chargement" />} />;
  const tenant = tenants.data.find((t) => t.id === tenantId) ?? tenants.data[0];
  if (!tenant) return <Text>Aucune mutuelle ne vous est rattachée.</Text>;
  return (
    <Stack>
      <Title order={1} size="h2">
        Administration
      </Title>
      <Select
        label="Mutuelle"
        value={tenant.id}
        allowDeselect={false}
        onChange={setTenantId}
        data={tenants.data.map((t) => ({ value: t.id, label: t.name }))}
        maw={320}
      />
      <Tabs defaultValue="settings" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="settings">Réglages</Tabs.Tab>
          <Tabs.Tab value="faq">FAQ</Tabs.Tab>
          <Tabs.Tab value="legal">Pages légales</Tabs.Tab>
          <Tabs.Tab value="phone-line">Ligne téléphonique</Tabs.Tab>
          <Tabs.Tab value="product-costs">Frais de gestion</Tabs.Tab>
          <Tabs.Tab value="staff">Comptes du personnel</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          <TenantSettings tenant={tenant} />
        </Tabs.Panel>
        <Tabs.Panel value="faq" pt="md">
          <FaqAdmin tenantId={tenant.id} />
        </Tabs.Panel>
        <Tabs.Panel value="legal" pt="md">
          <Stack>
            <LegalNoticeAdmin tenantId={tenant.id} key={`notice-${tenant.id}`} />
            <LegalAdmin tenantId={tenant.id} key={tenant.id} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="phone-line" pt="md">
          <PhoneLineAdmin tenantId={tenant.id} key={tenant.id} />
        </Tabs.Panel>
        <Tabs.Panel value="product-costs" pt="md">
          <ProductCostsAdmin tenantId={tenant.id} key={tenant.id} />
        </Tabs.Panel>
        <Tabs.Panel value="staff" pt="md">
          <StaffAdmin me={me} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
