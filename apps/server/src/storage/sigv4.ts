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

/** The payload hash of a body sent as a stream, not hashed first (S3 accepts it over both http and https). */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** `key=value&...` sorted by key then value, both RFC 3986 encoded. */
function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** Lower-case names, trimmed values with inner runs of spaces folded, sorted by name. */
function canonicalHeaders(headers: Record<string, string>): Array<readonly [string, string]> {
  return Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The signature of one canonical request (the same steps for header and query-string signing). */
function signature(input: {
  method: string;
  url: URL;
  headers: Array<readonly [string, string]>;
  payloadHash: string;
  credentials: Credentials;
  stamp: string;
  scope: string;
  service: string;
}): string {
  const { credentials, stamp, scope } = input;
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.url.pathname || '/',
    canonicalQuery(input.url),
    input.headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    input.headers.map(([name]) => name).join(';'),
    input.payloadHash,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const day = stamp.slice(0, 8);
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretKey}`, day), credentials.region), input.service),
    'aws4_request',
  );
  return createHmac('sha256', key).update(stringToSign).digest('hex');
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
  const { url, payloadHash, credentials } = input;
  const stamp = amzDate(input.date ?? new Date());
  const service = input.service ?? 's3';
  const scope = `${stamp.slice(0, 8)}/${credentials.region}/${service}/aws4_request`;
  const headers: Record<string, string> = {
    ...input.headers,
    host: url.host,
    'x-amz-date': stamp,
    'x-amz-content-sha256': payloadHash,
  };
  const canonical = canonicalHeaders(headers);
  const signed = signature({ ...input, headers: canonical, stamp, scope, service });
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKey}/${scope},SignedHeaders=${canonical.map(([name]) => name).join(';')},Signature=${signed}`,
  };
}

/**
 * A query-string signed ("presigned") URL: whoever holds it may send this one request until it expires,
 * without credentials. `headers` (such as content-type) are signed too, so the sender must send them as given.
 * The payload is not signed (`UNSIGNED-PAYLOAD`), as for every presigned URL.
 */
export function presignUrl(input: {
  method: string;
  url: URL;
  expiresSeconds: number;
  credentials: Credentials;
  headers?: Record<string, string>;
  date?: Date;
  service?: string;
}): string {
  const { credentials } = input;
  const stamp = amzDate(input.date ?? new Date());
  const service = input.service ?? 's3';
  const scope = `${stamp.slice(0, 8)}/${credentials.region}/${service}/aws4_request`;
  const canonical = canonicalHeaders({ ...input.headers, host: input.url.host });
  const url = new URL(input.url);
  url.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
  url.searchParams.set('X-Amz-Credential', `${credentials.accessKey}/${scope}`);
  url.searchParams.set('X-Amz-Date', stamp);
  url.searchParams.set('X-Amz-Expires', String(input.expiresSeconds));
  url.searchParams.set('X-Amz-SignedHeaders', canonical.map(([name]) => name).join(';'));
  const signed = signature({
    method: input.method,
    url,
    headers: canonical,
    payloadHash: UNSIGNED_PAYLOAD,
    credentials,
    stamp,
    scope,
    service,
  });
  url.searchParams.set('X-Amz-Signature', signed);
  // URLSearchParams writes a space as '+', which S3 reads as a plus: encode the RFC 3986 way instead.
  url.search = canonicalQuery(url);
  return url.toString();
}
