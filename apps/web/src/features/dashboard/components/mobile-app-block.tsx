import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { Block } from './block';
import classes from './dashboard.module.css';

/** Each store with its QR code image, drawn by the server (GET /api/brand/<store>-qr.svg). */
type Store = { key: string; name: string; url: string; qr: string };

/**
 * The mobile application: for each store the tenant publishes it on, a QR code to scan with the
 * phone and the same link to follow. Not shown when the tenant offers no application.
 */
export function MobileAppBlock({ app, insurerName }: { app: TGlobalDetails['insuredMobileApplication']; insurerName: string }) {
  const stores: Store[] = [
    { key: 'apple', name: 'l’App Store', url: app.appStoreUrl, qr: '/api/brand/app-store-qr.svg' },
    { key: 'google', name: 'Google Play', url: app.playStoreUrl, qr: '/api/brand/play-store-qr.svg' },
  ].filter((s): s is Store => Boolean(s.url));
  if (!app.enabled || stores.length === 0) return null;

  return (
    <Block title="L’application mobile">
      <Text size="sm">
        Retrouvez votre espace adhérent {insurerName} sur votre téléphone&nbsp;: scannez le QR code avec l’appareil photo de votre téléphone, ou suivez le lien
        de votre magasin d’applications.
      </Text>
      <div className={classes.stores}>
        {stores.map((store) => (
          <Group key={store.key} gap="sm" wrap="nowrap" align="center">
            <img
              src={store.qr}
              alt={`QR code vers l’application ${insurerName} sur ${store.name}`}
              className={classes.qr}
              width={128}
              height={128}
              loading="lazy"
              data-qr-value={store.url}
            />
            <Stack gap={4}>
              <Anchor href={store.url} target="_blank" rel="noopener noreferrer" aria-label={`Télécharger sur ${store.name} (nouvelle fenêtre)`}>
                Télécharger sur {store.name}
              </Anchor>
            </Stack>
          </Group>
        ))}
      </div>
    </Block>
  );
}
