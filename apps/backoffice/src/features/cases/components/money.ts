/** « 120,50 » or « 1 000 » typed by the agent → cents; null when it is no amount. */
export function centsOf(typed: string | number): number | null {
  const text = String(typed)
    .replace(/[\s\u00a0\u202f€]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}
