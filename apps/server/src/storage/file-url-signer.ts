import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a local presigned URL allows: one method on one key until `expires`, with its one detail. */
export interface FileUrlClaim {
  method: 'GET' | 'PUT';
  key: string;
  /** unix seconds */
  expires: number;
  /** GET: the download name (or ''); PUT: the Content-Type the sender must send */
  detail: string;
}

export type FileUrlVerdict = 'ok' | 'expired' | 'invalid';

/**
 * HMAC-SHA256 signatures of the local store's presigned URLs (`/files/<key>?expires=&signature=`), the way
 * S3 signs its query-string URLs: docks and browsers fetch or send one object without a token, and nothing
 * else. The key is derived from the server secret under its own label, so a URL signature can never be
 * replayed as anything else the secret signs (tokens).
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    if (serverSecret.length < 32) throw new Error('the file URL secret must be at least 32 characters');
    this.key = createHmac('sha256', serverSecret).update('aos:file-url:v1').digest();
  }

  sign(claim: FileUrlClaim): string {
    // Newlines cannot occur in a key, a number or a method, and a detail is the last field: no ambiguity.
    const text = [claim.method, claim.key, String(claim.expires), claim.detail].join('\n');
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  /** Constant-time comparison; an altered claim or signature is 'invalid', a late one 'expired'. */
  verify(claim: FileUrlClaim, signature: string, now = Date.now()): FileUrlVerdict {
    const expected = Buffer.from(this.sign(claim));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return now > claim.expires * 1000 ? 'expired' : 'ok';
  }
}
