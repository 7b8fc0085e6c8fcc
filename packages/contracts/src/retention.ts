/**
 * How long each kind of personal data is kept — the table of docs/data-protection.md, which says why
 * (purpose, legal basis, source of each period). Periods run from the event named in each rule. The
 * server's retention job applies them; the portal states them to a member closing their account.
 */
export const RETENTION = {
  /** Expired sign-in steps, codes, links: kept a day past their expiry (a member finishing a step at midnight), then useless. */
  expiredSecretsDays: 1,
  /** Rate-limit and wrong-code counters: a day past their window, unless a block still runs. */
  countersDays: 1,
  /** Connection logs (sessions with IP and browser, staff sessions): 1 year (LCEN art. 6, décret 2021-1362). */
  connectionLogDays: 365,
  /** Audit rows: 1 year (CNIL: 6 to 12 months for traces of access). */
  auditDays: 365,
  /** Cookie choices: 13 months at most, then asked again (CNIL, délibération 2020-091). */
  cookieChoiceDays: 395,
  /** The developers' outbox (development only: mails and SMS not sent). */
  devOutboxDays: 7,
  /** A member who left: identity kept 5 years after the end of the last contract (civil limitation, Code civil art. 2224, beyond the 2 years of Code de la mutualité L221-11). */
  memberAfterLeavingYears: 5,
  /** Refunds and debits: 10 years (accounting pieces, Code de commerce L123-22). */
  accountingYears: 10,
} as const;
