/** 'le 23 novembre 2026 à 17 h 05' (Paris time), plain spaces (PDF standard fonts, mails). */
const PARIS = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function frenchDateTime(at: Date): string {
  const p = Object.fromEntries(PARIS.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.day === '1' ? '1er' : p.day} ${p.month} ${p.year} à ${p.hour} h ${p.minute}`;
}

/** 1290 → '12,90 €' (plain space). */
export function euros(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${whole},${String(cents % 100).padStart(2, '0')}\u00a0€`;
}
