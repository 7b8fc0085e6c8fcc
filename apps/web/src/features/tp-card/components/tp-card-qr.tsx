import { Skeleton, Stack, Text } from '@mantine/core';
import type { TTpCard } from '@mutua/contracts/tp-card';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../lib/format';

/** The SVG of the sealed QR payload as a data URL (qrcode is loaded with the first one). */
async function qrDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The QR code for the health professional's software: a sealed reference valid as long as the card (nothing about the
 * member is readable from it); the professional's software checks it with POST /api/tp-card/verify.
 */
export function TpCardQr({ card }: { card: Pick<TTpCard, 'qrPayload' | 'qrExpiresAt'> }) {
  const [src, setSrc] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    qrDataUrl(card.qrPayload).then(
      (url) => live && setSrc({ value: card.qrPayload, url }),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [card.qrPayload]);
  return (
    <Stack gap={4} align="center" style={{ flex: '0 0 auto' }}>
      {src?.value === card.qrPayload ? (
        <img
          src={src.url}
          width={176}
          height={176}
          alt="Code QR de votre carte, lisible par le logiciel de votre professionnel de santé"
          data-qr-value={card.qrPayload}
        />
      ) : (
        <Skeleton width={176} height={176} aria-hidden="true" />
      )}
      <Text size="xs" ta="center" maw={200}>
        Réservé aux professionnels de santé. Valable jusqu’au {formatDate(card.qrExpiresAt, 'long')}.
      </Text>
    </Stack>
  );
}
