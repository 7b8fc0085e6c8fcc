/*
 * Who signs a mandate. The built-in provider is the default: the member reads the mandate here, gets a
 * code by SMS and signs with « Je signe » (routes …/code and …/sign). A partner site (a qualified trust
 * service) implements the same interface: `start` answers the page to send the member to, and
 * `verifyCallback` checks the partner's signed notice when the member has signed there. The tenant picks
 * one by name (sepa_creditors.signature_provider); providers register once at start-up.
 */

export type SignatureStart = { kind: 'inline' } | { kind: 'redirect'; url: string };

export type ProcedureStart = {
  procedureId: string;
  /** The mandate as shown to the member (PDF) and its SHA-256. */
  document: Buffer;
  documentSha256: string;
  signer: { firstName: string; surName: string; mobile: string };
  /** Where the partner sends the member back (our update-rib page). */
  returnUrl: string;
  /** Where the partner posts its notice: POST /api/bank-details/signature-callback/{provider}. */
  callbackUrl: string;
};

/** What a partner's notice says once checked. */
export type ProviderOutcome = {
  procedureId: string;
  status: 'SIGNED' | 'REFUSED';
  place: string;
  signedAt: Date;
  /** The partner's own evidence (its procedure log, identity checks…), kept in our evidence file. */
  evidence: Record<string, unknown>;
};

export interface SignatureProvider {
  readonly name: string;
  start(input: ProcedureStart): Promise<SignatureStart>;
  /** Remote providers: the callback body checked (signature, freshness), or null when it is not genuine. */
  verifyCallback?(body: unknown, now: Date): ProviderOutcome | null;
}

export const BUILTIN_PROVIDER = 'builtin';

const builtin: SignatureProvider = { name: BUILTIN_PROVIDER, start: async () => ({ kind: 'inline' }) };

const providers = new Map<string, SignatureProvider>([[BUILTIN_PROVIDER, builtin]]);

/** Adds (or replaces) a provider by name: a partner's adapter, or a fake one in tests. */
export function registerSignatureProvider(provider: SignatureProvider): void {
  providers.set(provider.name, provider);
}

export function signatureProvider(name: string): SignatureProvider | null {
  return providers.get(name) ?? null;
}
