declare module '@socialgouv/jours-feries' {
  /** French public holidays of `year` by name, as local-time Dates. */
  export default function getJoursFeries(year: number | string, opts?: { alsace?: boolean }): Record<string, Date>;
}
