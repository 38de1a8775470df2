import type { IncomingMessage } from 'node:http';
import { presignUrl, signRequest, UNSIGNED_PAYLOAD } from '../src/storage/sigv4.js';

/**
 * How the S3 stand-in checks a request's Signature V4, as S3 does: recompute it with the one secret it knows,
 * from the Authorization header or from a presigned URL's query (which also expires). The signer is checked
 * against AWS's published examples in src/storage/sigv4.test.ts, so agreeing with it means agreeing with S3.
 */
export type Verdict = { ok: true; payloadHash: string } | { ok: false; reason: string };

export const stampDate = (stamp: string) =>
  new Date(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );

export function checkHeaderSignature(
  request: IncomingMessage,
  url: URL,
  accessKey: string,
  secretKey: string,
): Verdict {
  const header = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match || match[1] !== accessKey) return { ok: false, reason: 'InvalidAccessKeyId' };
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  const headers: Record<string, string> = {};
  for (const name of match[4]!.split(';')) {
    if (['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name)) continue;
    headers[name] = String(request.headers[name] ?? '');
  }
  const expected = signRequest({
    method: request.method!,
    url,
    headers,
    payloadHash,
    credentials: { accessKey, secretKey, region: match[3]! },
    date: stampDate(String(request.headers['x-amz-date'] ?? '')),
  });
  return expected.authorization === header
    ? { ok: true, payloadHash }
    : { ok: false, reason: 'SignatureDoesNotMatch' };
}

export function checkQuerySignature(
  request: IncomingMessage,
  url: URL,
  accessKey: string,
  secretKey: string,
): Verdict {
  const query = url.searchParams;
  const [key, , region] = (query.get('X-Amz-Credential') ?? '').split('/');
  if (key !== accessKey || !region) return { ok: false, reason: 'InvalidAccessKeyId' };
  const date = stampDate(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  const headers: Record<string, string> = {};
  for (const name of (query.get('X-Amz-SignedHeaders') ?? '').split(';')) {
    if (name !== 'host') headers[name] = String(request.headers[name] ?? '');
  }
  const unsigned = new URL(url);
  unsigned.searchParams.delete('X-Amz-Signature');
  const expected = new URL(
    presignUrl({
      method: request.method!,
      url: unsigned,
      expiresSeconds: expires,
      credentials: { accessKey, secretKey, region },
      headers,
      date,
    }),
  ).searchParams.get('X-Amz-Signature');
  if (expected !== query.get('X-Amz-Signature')) return { ok: false, reason: 'SignatureDoesNotMatch' };
  if (Date.now() > date.getTime() + expires * 1000)
    return { ok: false, reason: 'AccessDenied: Request has expired' };
  return { ok: true, payloadHash: UNSIGNED_PAYLOAD };
}
