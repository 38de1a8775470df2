import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UNSIGNED_PAYLOAD } from '../src/storage/sigv4.js';
import { checkHeaderSignature, checkQuerySignature } from './s3-stand-in-auth.js';

/**
 * A small S3-compatible server for tests: path-style `/<bucket>/<key>` PUT, GET (with Range), DELETE, and
 * multipart uploads (create, upload part, complete, abort). Every request's Signature V4 is checked against
 * the one secret it knows, in the Authorization header or in the query (presigned URLs, with their expiry);
 * a wrong signature or payload hash is a 403, as S3 answers. Bodies go to a temporary folder, never to
 * memory, so tests can send hundreds of megabytes. The signer itself is checked against AWS's published
 * examples in src/storage/sigv4.test.ts.
 */
export interface S3StandIn {
  endpoint: string;
  /** stored objects by `/<bucket>/<key>` (read from disk on each call) */
  objects: {
    get(key: string): { body: Buffer; contentType: string } | undefined;
    has(key: string): boolean;
    keys(): string[];
    size(key: string): number | undefined;
  };
  /** multipart uploads begun and neither completed nor aborted */
  pendingUploads(): number;
  /** every request answered; `payload` is its x-amz-content-sha256 (a hash, UNSIGNED-PAYLOAD, or '') */
  requests: Array<{ method: string; path: string; query: string; status: number; payload: string }>;
  /** answer every request with 503 (a store that is down) */
  failing: boolean;
  /** answer 500 to the requests this picks (a store that fails half-way through a multipart upload) */
  failWhen: ((method: string, query: URLSearchParams) => boolean) | null;
  close(): Promise<void>;
}

/** Write the request body to `file`, hashing it; resolves with its sha-256 (hex), size and md5. */
async function receive(request: IncomingMessage, file: string) {
  const sha = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sha.update(chunk);
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(request, tap, createWriteStream(file));
  return { sha256: sha.digest('hex'), md5: md5.digest('hex'), size };
}

export async function startS3StandIn(accessKey: string, secretKey: string): Promise<S3StandIn> {
  const folder = mkdtempSync(path.join(tmpdir(), 's3-stand-in-'));
  const stored = new Map<string, { file: string; contentType: string; size: number }>();
  const uploads = new Map<
    string,
    { key: string; contentType: string; parts: Map<number, { file: string; etag: string }> }
  >();
  const requests: S3StandIn['requests'] = [];
  const state = { failing: false, failWhen: null as S3StandIn['failWhen'] };
  const fileFor = () => path.join(folder, randomBytes(8).toString('hex'));

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(`http://${request.headers.host}${request.url}`);
    const key = decodeURIComponent(url.pathname);
    const query = url.searchParams;
    const answer = (status: number, payload: Buffer | string = '', headers: Record<string, string> = {}) => {
      const signed = String(request.headers['x-amz-content-sha256'] ?? '');
      requests.push({ method: request.method!, path: key, query: url.search, status, payload: signed });
      if (!request.readableEnded) request.resume();
      response.writeHead(status, {
        'content-type': 'application/xml',
        'content-length': String(Buffer.byteLength(payload)),
        ...headers,
      });
      response.end(payload);
    };
    const error = (status: number, code: string) => answer(status, `<Error><Code>${code}</Code></Error>`);
    if (state.failing) return error(503, 'SlowDown');
    if (state.failWhen?.(request.method!, query)) return error(500, 'InternalError');
    const verdict = query.has('X-Amz-Signature')
      ? checkQuerySignature(request, url, accessKey, secretKey)
      : checkHeaderSignature(request, url, accessKey, secretKey);
    if (!verdict.ok) return error(403, verdict.reason);

    if (request.method === 'PUT' || (request.method === 'POST' && query.has('uploadId'))) {
      const file = fileFor();
      const body = await receive(request, file);
      if (verdict.payloadHash !== UNSIGNED_PAYLOAD && verdict.payloadHash !== body.sha256) {
        rmSync(file, { force: true });
        return error(403, 'XAmzContentSHA256Mismatch');
      }
      if (request.method === 'POST') {
        const upload = uploads.get(query.get('uploadId')!);
        if (!upload || upload.key !== key) return (rmSync(file), error(404, 'NoSuchUpload'));
        const listed = [
          ...readFileSync(file, 'utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber><ETag>([^<]+)<\/ETag>/g),
        ];
        rmSync(file);
        const target = fileFor();
        const out = createWriteStream(target);
        for (const [, number, etag] of listed) {
          const part = upload.parts.get(Number(number));
          if (!part || part.etag !== etag!.replace(/&#34;|&quot;/g, '"')) return error(400, 'InvalidPart');
          // written chunk by chunk: a pipeline per part into the one file (end: false) would leave its
          // end-of-stream listeners on it, eleven parts and more a MaxListenersExceededWarning
          for await (const chunk of createReadStream(part.file))
            if (!out.write(chunk)) await once(out, 'drain');
        }
        await new Promise<void>((resolve) => out.end(resolve));
        stored.set(key, { file: target, contentType: upload.contentType, size: statSync(target).size });
        uploads.delete(query.get('uploadId')!);
        return answer(200, '<CompleteMultipartUploadResult></CompleteMultipartUploadResult>');
      }
      if (query.has('uploadId')) {
        const upload = uploads.get(query.get('uploadId')!);
        if (!upload) return (rmSync(file), error(404, 'NoSuchUpload'));
        const etag = `"${body.md5}"`;
        upload.parts.set(Number(query.get('partNumber')), { file, etag });
        return answer(200, '', { etag });
      }
      stored.set(key, { file, contentType: String(request.headers['content-type'] ?? ''), size: body.size });
      return answer(200, '', { etag: `"${body.md5}"` });
    }
    if (request.method === 'POST' && query.has('uploads')) {
      const id = randomBytes(12).toString('base64url');
      uploads.set(id, { key, contentType: String(request.headers['content-type'] ?? ''), parts: new Map() });
      return answer(
        200,
        `<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (request.method === 'DELETE' && query.has('uploadId')) {
      uploads.delete(query.get('uploadId')!);
      return answer(204);
    }
    const object = stored.get(key);
    if (request.method === 'GET') return serve(request, response, object, answer, error);
    if (request.method === 'DELETE') {
      stored.delete(key);
      return answer(204);
    }
    return error(405, 'MethodNotAllowed');
  }

  function serve(
    request: IncomingMessage,
    response: ServerResponse,
    object: { file: string; contentType: string; size: number } | undefined,
    answer: (status: number, payload?: string, headers?: Record<string, string>) => void,
    error: (status: number, code: string) => void,
  ) {
    if (!object) return error(404, 'NoSuchKey');
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
    let [start, end] = [0, object.size - 1];
    if (range) {
      start = range[1] ? Number(range[1]) : Math.max(0, object.size - Number(range[2]));
      end = range[1] && range[2] ? Math.min(Number(range[2]), object.size - 1) : object.size - 1;
      if (start >= object.size) return answer(416, '', { 'content-range': `bytes */${object.size}` });
    }
    requests.push({
      method: 'GET',
      path: new URL(request.url!, 'http://x').pathname,
      query: '',
      status: range ? 206 : 200,
      payload: String(request.headers['x-amz-content-sha256'] ?? ''),
    });
    response.writeHead(range ? 206 : 200, {
      'content-type': object.contentType,
      'content-length': String(end - start + 1),
      ...(range ? { 'content-range': `bytes ${start}-${end}/${object.size}` } : {}),
    });
    createReadStream(object.file, { start, end }).pipe(response);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      response.destroy(failure instanceof Error ? failure : new Error(String(failure)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects: {
      get: (key) => {
        const object = stored.get(key);
        return object && { body: readFileSync(object.file), contentType: object.contentType };
      },
      has: (key) => stored.has(key),
      keys: () => [...stored.keys()],
      size: (key) => stored.get(key)?.size,
    },
    pendingUploads: () => uploads.size,
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    get failWhen() {
      return state.failWhen;
    },
    set failWhen(value) {
      state.failWhen = value;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
