import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts';
import { Block } from './block';
import { QrCode } from './qr-code';

type Store = { key: string; name: string; url: string };

/**
 * The mobile application: for each store the tenant publishes it on, a QR code to scan with the
 * phone and the same link to follow. Not shown when the tenant offers no application.
 */
export function MobileAppBlock({ app, insurerName }: { app: TGlobalDetails['insuredMobileApplication']; insurerName: string }) {
  const stores: Store[] = [
    { key: 'apple', name: 'l’App Store', url: app.appStoreUrl },
    { key: 'google', name: 'Google Play', url: app.playStoreUrl },
  ].filter((s): s is Store => Boolean(s.url));
  if (!app.enabled || stores.length === 0) return null;

  return (
    <Block title="L’application mobile">
      <Text size="sm">
        Retrouvez votre espace adhérent {insurerName} sur votre téléphone : scannez le QR code avec l’appareil photo de votre téléphone, ou suivez le lien de votre
        magasin d’applications.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: stores.length }} spacing="md">
        {stores.map((store) => (
          <Group key={store.key} gap="sm" wrap="nowrap" align="center">
            <QrCode value={store.url} alt={`QR code vers l’application ${insurerName} sur ${store.name}`} />
            <Stack gap={4}>
              <Anchor href={store.url} target="_blank" rel="noopener noreferrer" aria-label={`Télécharger sur ${store.name} (nouvelle fenêtre)`}>
                Télécharger sur {store.name}
              </Anchor>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
    </Block>
  );
}
