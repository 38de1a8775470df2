import { createHmac, timingSafeEqual } from 'node:crypto';

export type FlightAreaLinkVerdict = 'ok' | 'expired' | 'invalid';

/**
 * The signature of a dock's flight-area file link (`/api/aos-gisservice/flight-area/file/<sn>?expires=&signature=`):
 * HMAC-SHA256 of the serial number and the expiry under a key derived from the server secret with its own
 * label (as storage/file-url-signer.ts does for the local store's links), so such a link is never valid as a
 * file link or a token, nor for another serial number, nor after it expires. A dock fetches its file without
 * a user token; nobody without the secret can make a link.
 */
export class FlightAreaLinkSigner {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    if (serverSecret.length < 32)
      throw new Error('the flight-area link secret must be at least 32 characters');
    this.key = createHmac('sha256', serverSecret).update('aos:flight-area-file:v1').digest();
  }

  sign(serialNumber: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${serialNumber}\n${expires}`).digest('base64url');
  }

  /** `expires` and `signature` as received in the query; constant-time comparison. */
  verify(
    serialNumber: string,
    expires: string | undefined,
    signature: string | undefined,
    now = Date.now(),
  ): FlightAreaLinkVerdict {
    if (!signature || !/^\d{1,12}$/.test(expires ?? '')) return 'invalid';
    const expected = Buffer.from(this.sign(serialNumber, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return now > Number(expires) * 1000 ? 'expired' : 'ok';
  }
}
