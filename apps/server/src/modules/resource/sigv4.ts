import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for S3-compatible stores (MinIO, AWS S3 and the clouds' S3 APIs). */

export interface Credentials {
  accessKey: string;
  secretKey: string;
  region: string;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it (encodeURIComponent leaves !'()* alone). */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An object key as a URL path: every segment encoded, the slashes kept. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeRfc3986).join('/');
}

/** `20130524T000000Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Sign a request: returns the headers to send (the given ones plus host, x-amz-date, x-amz-content-sha256 and
 * Authorization). `url`'s path must already be encoded (encodeKey); every given header is signed.
 */
export function signRequest(input: {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  payloadHash: string;
  credentials: Credentials;
  date?: Date;
  service?: string;
}): Record<string, string> {
  const { method, url, payloadHash, credentials } = input;
  const stamp = amzDate(input.date ?? new Date());
  const day = stamp.slice(0, 8);
  const service = input.service ?? 's3';
  const headers: Record<string, string> = {
    ...input.headers,
    host: url.host,
    'x-amz-date': stamp,
    'x-amz-content-sha256': payloadHash,
  };
  const canonical = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = canonical.map(([name]) => name).join(';');
  const query = [...url.searchParams.entries()]
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    method.toUpperCase(),
    url.pathname || '/',
    query,
    canonical.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretKey}`, day), credentials.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKey}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
