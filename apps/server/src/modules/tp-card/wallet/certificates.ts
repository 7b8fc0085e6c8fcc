import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import type { Config } from '../../../config';

/** What passkit-generator signs with: the pass type certificate and key, and Apple's WWDR intermediate (PEM). */
export type WalletCertificates = { wwdr: string; signerCert: string; signerKey: string; signerKeyPassphrase?: string; selfSigned: boolean };

function selfSigned(commonName: string, issuer?: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey }) {
  // Native key generation (node-forge's is slow in pure JS); forge builds the certificate.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Mutua development' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions(issuer ? [{ name: 'basicConstraints', cA: false }] : [{ name: 'basicConstraints', cA: true }]);
  cert.sign(issuer?.key ?? key, forge.md.sha256.create());
  return { cert, key };
}

/**
 * Development and tests: a fake WWDR authority and a signer it issued, made once per process. The
 * pass is structurally valid (openssl smime -verify -noverify accepts its signature); no device
 * accepts it.
 */
export function generateDevCertificates(passTypeId: string): WalletCertificates {
  const wwdr = selfSigned('Fake Apple Worldwide Developer Relations (development)');
  const signer = selfSigned(`Pass Type ID: ${passTypeId}`, wwdr);
  return {
    wwdr: forge.pki.certificateToPem(wwdr.cert),
    signerCert: forge.pki.certificateToPem(signer.cert),
    signerKey: forge.pki.privateKeyToPem(signer.key),
    selfSigned: true,
  };
}

let devCertificates: WalletCertificates | undefined;

/** The certificates from settings (WALLET_*_FILE), else self-signed outside production, else null (no pass). */
export function walletCertificates(
  config: Pick<
    Config,
    'NODE_ENV' | 'WALLET_PASS_TYPE_ID' | 'WALLET_SIGNER_CERT_FILE' | 'WALLET_SIGNER_KEY_FILE' | 'WALLET_SIGNER_KEY_PASSPHRASE' | 'WALLET_WWDR_CERT_FILE'
  >,
): WalletCertificates | null {
  if (config.WALLET_SIGNER_CERT_FILE && config.WALLET_SIGNER_KEY_FILE && config.WALLET_WWDR_CERT_FILE) {
    return {
      wwdr: readFileSync(config.WALLET_WWDR_CERT_FILE, 'utf8'),
      signerCert: readFileSync(config.WALLET_SIGNER_CERT_FILE, 'utf8'),
      signerKey: readFileSync(config.WALLET_SIGNER_KEY_FILE, 'utf8'),
      ...(config.WALLET_SIGNER_KEY_PASSPHRASE ? { signerKeyPassphrase: config.WALLET_SIGNER_KEY_PASSPHRASE } : {}),
      selfSigned: false,
    };
  }
  if (config.NODE_ENV === 'production') return null;
  devCertificates ??= generateDevCertificates(config.WALLET_PASS_TYPE_ID);
  return devCertificates;
}
