import { deflateSync } from 'node:zlib';
import { frenchDateWords } from '@mutua/contracts/french-format';
import { capitalizeName } from '@mutua/contracts/names';
import type { TTpCard } from '@mutua/contracts/tp-card';
import type { WalletCertificates } from './certificates';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
  return Buffer.concat([length, Buffer.from(type, 'ascii'), data, crc]);
};

/** A plain square PNG of the brand colour (the pass's required icon). */
export function solidPng(size: number, hex: string): Buffer {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) || 0);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r!, g!, b!]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type PassContent = {
  card: TTpCard;
  serialNumber: string;
  passTypeId: string;
  teamId: string;
  organizationName: string;
  brandColor: string;
  /** The principal insured's name and social security number (shown on the wallet pass). */
  principal: { name: string; nir: string | null };
  webServiceURL: string;
  authenticationToken: string;
};

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) || 0);
  return `rgb(${r}, ${g}, ${b})`;
};

/** The signed .pkpass of the card: principal insured, NIR, validity start, beneficiaries, the QR for the professional. */
export async function buildPass(content: PassContent, certificates: WalletCertificates): Promise<Buffer> {
  // Loaded with the first pass, not at start (a quarter of a second of every start otherwise).
  const { PKPass } = await import('passkit-generator');
  const { card } = content;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: content.passTypeId,
    teamIdentifier: content.teamId,
    serialNumber: content.serialNumber,
    organizationName: content.organizationName,
    description: 'Carte de tiers payant',
    logoText: content.organizationName,
    backgroundColor: rgb(content.brandColor),
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(255, 255, 255)',
    generic: {
      headerFields: [{ key: 'amc', label: 'AMC', value: card.amcNumber }],
      primaryFields: [{ key: 'principal', label: 'Assuré principal', value: content.principal.name }],
      secondaryFields: [
        { key: 'nir', label: 'N° de sécurité sociale', value: content.principal.nir ?? '—' },
        { key: 'validFrom', label: 'Valable à partir du', value: frenchDateWords(card.validFrom) },
      ],
      auxiliaryFields: [
        { key: 'contract', label: 'Contrat', value: card.insurerContract },
        { key: 'validTo', label: 'Jusqu’au', value: frenchDateWords(card.validTo) },
      ],
      backFields: [
        {
          key: 'beneficiaries',
          label: 'Bénéficiaires',
          value: card.beneficiaries.map((b) => `${capitalizeName(b.firstName)} ${capitalizeName(b.surName)}`).join('\n'),
        },
        { key: 'network', label: 'Réseau de soins', value: card.careNetwork },
        { key: 'operator', label: 'Opérateur', value: card.operator },
        { key: 'membership', label: 'Numéro d’adhérent', value: card.membershipNumber },
        {
          key: 'use',
          label: 'Utilisation',
          value: 'Présentez cette carte à votre professionnel de santé avec votre carte Vitale. Elle se met à jour toute seule.',
        },
      ],
    },
  };
  const icon = solidPng(29, content.brandColor);
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), 'icon.png': icon, 'icon@2x.png': solidPng(58, content.brandColor) },
    {
      wwdr: certificates.wwdr,
      signerCert: certificates.signerCert,
      signerKey: certificates.signerKey,
      ...(certificates.signerKeyPassphrase ? { signerKeyPassphrase: certificates.signerKeyPassphrase } : {}),
    },
    { webServiceURL: content.webServiceURL, authenticationToken: content.authenticationToken },
  );
  pass.setBarcodes({ message: card.qrPayload, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: 'Réservé aux professionnels de santé' });
  return pass.getAsBuffer();
}
