/** The tenant's logo; `alt` names the brand (the image is the only label of the home link). */
export function BrandLogo({ src, name, height = 40 }: { src: string; name: string; height?: number }) {
  // Decoded off the main thread and never awaited: the logo does not hold up the first paint.
  return (
    <img src={src} alt={name} height={height} style={{ display: 'block', height, width: 'auto', maxWidth: '100%', objectFit: 'contain' }} decoding="async" />
  );
}
