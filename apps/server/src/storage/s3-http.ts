import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { pipeline as pipe, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { NetworkGuard } from './network-guard.js';
import { byteLimit, exactLength } from './streams.js';
import { storeFailed } from './object-store.js';

export interface S3Response {
  status: number;
  headers: IncomingHttpHeaders;
  /** the answer's body, cut with ResponseTooLargeError past the request's `maxResponseBytes` */
  body: Readable;
}

/** What one answer may weigh unless the caller says otherwise: error documents, XML results, webhook replies. */
export const RESPONSE_MAX_BYTES = 1024 * 1024;

/** An answer larger than the request allowed: cut there, never read to the end. */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
  readonly code = 'ERESPONSETOOLARGE';
  constructor(url: URL, maxBytes: number) {
    super(`the answer of ${url.host} is larger than ${maxBytes} bytes and was cut`);
  }
}

/** A 3xx answer: a tenant's URL may not send the server elsewhere (our own network, say), so none is followed. */
export class RedirectRefusedError extends Error {
  override name = 'RedirectRefusedError';
  readonly code = 'EREDIRECTREFUSED';
  constructor(url: URL, status: number, location: string | undefined) {
    super(`${url.host} answered ${status} to ${location ?? '(no location)'}: redirects are never followed`);
  }
}

/** A failure of the request body itself (the client's upload broke or was refused), not of the store. */
export class BodyError extends Error {
  override name = 'BodyError';
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
  }
}

/** How long a connection may sit with nothing sent or received. Not a limit on a whole 2 GB transfer. */
const IDLE_MS = 60_000;

/**
 * The one way the server sends a request to a URL a tenant configured (object-storage endpoints now;
 * supplier APIs, webhooks and map-layer proxies must use it too): node:http, not fetch, so that
 * - the guard refuses our own network: address literals and reserved names before connecting, every address
 *   a name resolves to at the moment of connecting (NetworkGuard, ALLOW_PRIVATE_TENANT_URLS);
 * - redirects are never followed: a 3xx answer rejects with RedirectRefusedError (fetch follows by default);
 * - an answer is at most `maxResponseBytes` (RESPONSE_MAX_BYTES by default): a larger Content-Length rejects
 *   at once, a body that runs past it errors with ResponseTooLargeError where it passes the cap;
 * - a streamed body of known Content-Length goes out as it is (fetch would send it chunked, which S3 refuses);
 * - a connection idle for 60 s is dropped.
 * Resolves once the status line is in, the body left to the caller (read it, or `discard` it).
 */
export function sendRequest(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: Buffer | Readable },
  guard: NetworkGuard,
  options: { maxResponseBytes?: number } = {},
): Promise<S3Response> {
  const maxBytes = options.maxResponseBytes ?? RESPONSE_MAX_BYTES;
  try {
    guard.checkHost(url);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // Whichever of body and request fails first is the cause; the pipeline then fails the other one too.
    let first: Error | null = null;
    const request = transport.request(url, {
      method: init.method,
      headers: init.headers,
      lookup: guard.lookup,
      timeout: IDLE_MS,
    });
    request.once('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        return reject(new RedirectRefusedError(url, status, response.headers.location));
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        return reject(new ResponseTooLargeError(url, maxBytes));
      }
      response.setTimeout(IDLE_MS, () => response.destroy(new Error(`no data for ${IDLE_MS} ms`)));
      const body = pipe(
        response,
        byteLimit(maxBytes, () => new ResponseTooLargeError(url, maxBytes)),
        () => undefined,
      );
      resolve({ status, headers: response.headers, body });
    });
    request.once('error', (error) => {
      first ??= error;
      reject(first);
    });
    request.once('timeout', () => request.destroy(new Error(`no answer for ${IDLE_MS} ms`)));
    const { body } = init;
    if (!body) return request.end();
    if (Buffer.isBuffer(body)) return request.end(body);
    // A body shorter or longer than its Content-Length is an error here, not a hung request.
    const exact = exactLength(Number(init.headers['content-length']));
    for (const stream of [body, exact]) {
      stream.once('error', (error) => {
        first ??= new BodyError(error);
      });
    }
    pipeline(body, exact, request).catch(() => undefined);
  });
}

/** The start of a response body as text (S3's error documents are small XML), the rest discarded. */
export async function readText(response: Readable, maxBytes = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (length < maxBytes) chunks.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, maxBytes);
}

/** Let a response go without reading it (an answer running past its cap is cut, nothing more). */
export function discard(response: Readable): void {
  response.once('error', () => undefined);
  response.resume();
}

/** A 2xx answer (its body left to the caller), or a store failure naming the status and S3's error. */
export async function expectOk(response: S3Response, what: string): Promise<void> {
  if (response.status >= 200 && response.status < 300) return;
  const text = await readText(response.body, 2048).catch(() => '');
  throw storeFailed(`${what}: ${response.status} ${text}`);
}
