import { createHash, createHmac, randomBytes } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { P12Signer } from '@signpdf/signer-p12';
// The named class: the package's default export is CommonJS `exports.default`, not what Node's ESM default import gives.
import { SignPdf } from '@signpdf/signpdf';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { Db } from '../../db/client';
import { sealCertificates } from '../../db/schema';

/*
 * The tenant's seal on signed mandates: a PAdES-style signature (ETSI.CAdES.detached, SHA-256) over the
 * whole file but the signature itself, so that any later change to the PDF breaks it (pdfsig, Acrobat).
 *
 * Where the certificate comes from: the `seal_certificates` row of the tenant, a PKCS#12 protected by a
 * passphrase derived from SESSION_SECRET (sealPassphrase). In production the operator loads the tenant's
 * seal certificate there (`importSealCertificate`, e.g. from a qualified seal bought for the tenant);
 * when none is loaded, signing is refused. Outside production a self-signed one is generated on first use.
 */

const SUBFILTER_ETSI_CADES_DETACHED = 'ETSI.CAdES.detached';

export const sha256Hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The PKCS#12 passphrase of a tenant's seal: never stored, derived from the server secret. */
export const sealPassphrase = (secret: string, tenantId: string) => createHmac('sha256', secret).update(`seal:${tenantId}`).digest('base64url');

/** A self-signed seal certificate for development and tests (ASCII names: node-forge). */
export function selfSignedP12(commonName: string, passphrase: string, now: Date): { p12: Buffer; notAfter: Date; subject: string } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now.getTime() + 3 * 365 * 24 * 3600_000);
  cert.validity.notAfter = notAfter;
  const ascii =
    commonName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .slice(0, 60) || 'Mutua';
  const attrs = [
    { name: 'commonName', value: `${ascii} - cachet de developpement` },
    { name: 'organizationName', value: ascii },
    { name: 'countryName', value: 'FR' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), notAfter, subject: attrs[0]!.value };
}

export type SealDeps = { db: Db; secret: string; production: boolean };

/** Loads a tenant's seal certificate (operator command, production), re-protected with the derived passphrase. */
export async function importSealCertificate(deps: SealDeps, tenantId: string, p12: Buffer, passphrase: string, now: Date): Promise<void> {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, passphrase);
  const key = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]?.[0]?.key;
  const cert = parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]?.[0]?.cert;
  if (!key || !cert) throw new Error('the PKCS#12 needs a private key and its certificate');
  const again = forge.pkcs12.toPkcs12Asn1(key, [cert], sealPassphrase(deps.secret, tenantId), { algorithm: '3des' });
  const values = {
    p12: Buffer.from(forge.asn1.toDer(again).getBytes(), 'binary'),
    subject: String(cert.subject.getField('CN')?.value ?? ''),
    selfSigned: cert.isIssuer(cert),
    notAfter: cert.validity.notAfter,
    createdAt: now,
  };
  await deps.db
    .insert(sealCertificates)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: sealCertificates.tenantId, set: values });
}

/** The tenant's seal (generated self-signed outside production on first use). */
export async function sealCertificateOf(deps: SealDeps, tenant: { id: string; name: string }, now: Date): Promise<{ p12: Buffer; passphrase: string }> {
  const passphrase = sealPassphrase(deps.secret, tenant.id);
  const [row] = await deps.db.select({ p12: sealCertificates.p12 }).from(sealCertificates).where(eq(sealCertificates.tenantId, tenant.id));
  if (row) return { p12: row.p12, passphrase };
  if (deps.production) throw new Error('No seal certificate loaded for this tenant (seal_certificates)');
  const made = selfSignedP12(tenant.name, passphrase, now);
  await deps.db
    .insert(sealCertificates)
    .values({ tenantId: tenant.id, p12: made.p12, subject: made.subject, selfSigned: true, notAfter: made.notAfter, createdAt: now })
    .onConflictDoNothing();
  const [stored] = await deps.db.select({ p12: sealCertificates.p12 }).from(sealCertificates).where(eq(sealCertificates.tenantId, tenant.id));
  return { p12: stored!.p12, passphrase };
}

/**
 * Seals a finished PDF: appends the signature placeholder (reason, location, signer) as an incremental
 * update — the document's own objects, its structure tree among them, stay byte for byte — and signs it
 * with the P12 at `signingTime`.
 */
export async function sealPdf(
  pdf: Buffer,
  seal: { p12: Buffer; passphrase: string },
  info: { reason: string; location: string; name: string; contactInfo: string; signingTime: Date },
): Promise<Buffer> {
  const unsigned = startxrefOnXref(
    plainAddPlaceholder({ pdfBuffer: pdf, ...info, subFilter: SUBFILTER_ETSI_CADES_DETACHED, signatureLength: 8192, appName: 'Mutua' }),
  );
  return new SignPdf().sign(unsigned, new P12Signer(seal.p12, { passphrase: seal.passphrase }), info.signingTime);
}

/**
 * The placeholder's update points its `startxref` at the line break before `xref`, which checkers
 * (qpdf --check) report; set it on the keyword itself. Done before signing: the seal covers it.
 */
function startxrefOnXref(pdf: Buffer): Buffer {
  const tail = pdf.subarray(Math.max(0, pdf.length - 64)).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) return pdf;
  const offset = Number(match[1]);
  let at = offset;
  while (at < pdf.length && (pdf[at] === 0x0a || pdf[at] === 0x0d || pdf[at] === 0x20)) at++;
  if (at === offset || pdf.toString('latin1', at, at + 4) !== 'xref') return pdf;
  const start = pdf.length - tail.length + match.index;
  return Buffer.concat([pdf.subarray(0, start), Buffer.from(tail.slice(match.index).replace(String(offset), String(at)), 'latin1')]);
}
