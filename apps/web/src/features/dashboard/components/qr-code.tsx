import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './dashboard.module.css';

/** The SVG of a QR code for `text`, as a data URL an <img> can show (qrcode loads with the first one). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A QR code image with its text alternative. */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [generated, setGenerated] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    qrCodeDataUrl(value).then(
      (src) => live && setGenerated({ value, src }),
      () => live && setGenerated(null),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (generated?.value !== value) return <Skeleton className={classes.qr} aria-hidden="true" />;
  return <img src={generated.src} alt={alt} className={classes.qr} width={128} height={128} data-qr-value={value} />;
}
