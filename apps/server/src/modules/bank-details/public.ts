// What other modules and tests may use of bank details: the signature-provider interface and registry.
export { BUILTIN_PROVIDER, registerSignatureProvider, signatureProvider } from './providers';
export type { ProcedureStart, ProviderOutcome, SignatureProvider, SignatureStart } from './providers';
export { importSealCertificate, sealPassphrase } from './seal';
export { acceptRefundBankChange, refundChangeOfCase, refuseRefundBankChange } from './refund-account';
