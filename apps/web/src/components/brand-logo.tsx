import { Image } from '@mantine/core';

/** The tenant's logo; `alt` names the brand (the image is the only label of the home link). */
export function BrandLogo({ src, name, height = 40 }: { src: string; name: string; height?: number }) {
  // Decoded off the main thread and never awaited: the logo does not hold up the first paint.
  return <Image src={src} alt={name} h={height} w="auto" fit="contain" decoding="async" />;
}
