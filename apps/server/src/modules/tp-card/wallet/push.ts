import http2 from 'node:http2';
import type { WalletCertificates } from './certificates';

/** Tells a device that one of its passes changed (it then asks the web service for the updated serials). */
export interface PassPushNotifier {
  push(to: { pushToken: string; passTypeId: string }): Promise<void>;
}

/**
 * Apple's push service for Wallet passes: an empty JSON payload to the device's push token over
 * HTTP/2, authenticated by the pass type certificate, the topic being the pass type id.
 */
export class ApnsPassPushNotifier implements PassPushNotifier {
  constructor(
    private readonly host: string,
    private readonly certificates: WalletCertificates,
  ) {}
  push(to: { pushToken: string; passTypeId: string }): Promise<void> {
    return new Promise((resolve, reject) => {
      const client = http2.connect(this.host, {
        cert: this.certificates.signerCert,
        key: this.certificates.signerKey,
        passphrase: this.certificates.signerKeyPassphrase,
      });
      client.on('error', reject);
      const request = client.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(to.pushToken)}`,
        'apns-topic': to.passTypeId,
        'content-type': 'application/json',
      });
      request.on('response', (headers) => {
        const status = Number(headers[':status']);
        request.close();
        client.close();
        if (status === 200) resolve();
        else reject(new Error(`APNs answered ${status}`));
      });
      request.on('error', reject);
      request.end('{}');
    });
  }
}

/** Development and tests: the pushes are kept in memory, in order. */
export class RecordingPassPushNotifier implements PassPushNotifier {
  readonly sent: { pushToken: string; passTypeId: string }[] = [];
  push(to: { pushToken: string; passTypeId: string }): Promise<void> {
    this.sent.push({ ...to });
    return Promise.resolve();
  }
}

/** Google Wallet (later): a save link for the same card, and the object updated when the card changes. */
export interface GoogleWalletIssuer {
  saveUrl(card: { serialNumber: string; memberId: string; insurerContract: string }): Promise<string>;
  update(serialNumber: string): Promise<void>;
}
