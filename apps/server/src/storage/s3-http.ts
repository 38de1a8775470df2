import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { NetworkGuard } from './network-guard.js';
import { exactLength } from './streams.js';
import { storeFailed } from './object-store.js';

export interface S3Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
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
 * One HTTP request to an S3-compatible endpoint through node:http, not fetch: a streamed body with a known
 * Content-Length (fetch would send it chunked, which S3 refuses), and a `lookup` that refuses our own network
 * at the moment of connecting. Redirects are never followed. Resolves once the status line is in.
 */
export function sendRequest(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: Buffer | Readable },
  guard: NetworkGuard,
): Promise<S3Response> {
  guard.checkHost(url);
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
      response.setTimeout(IDLE_MS, () => response.destroy(new Error(`no data for ${IDLE_MS} ms`)));
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response });
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
export async function readText(response: IncomingMessage, maxBytes = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (length < maxBytes) chunks.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, maxBytes);
}

/** Let a response go without reading it. */
export function discard(response: IncomingMessage): void {
  response.resume();
}

/** A 2xx answer (its body left to the caller), or a store failure naming the status and S3's error. */
export async function expectOk(response: S3Response, what: string): Promise<void> {
  if (response.status >= 200 && response.status < 300) return;
  const text = await readText(response.body, 2048).catch(() => '');
  throw storeFailed(`${what}: ${response.status} ${text}`);
}
