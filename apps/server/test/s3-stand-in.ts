import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signRequest } from '../src/modules/resource/sigv4.js';

/**
 * A tiny S3-compatible server for tests: path-style `/<bucket>/<key>` PUT, GET and DELETE, and every request's
 * Signature V4 checked against the one secret it knows (a wrong signature or payload hash is a 403, as S3
 * answers). The signer itself is checked against AWS's published examples in sigv4.test.ts.
 */
export interface S3StandIn {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: Array<{ method: string; path: string; status: number }>;
  /** answer every request with 503 (a store that is down) */
  failing: boolean;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function signatureValid(
  request: IncomingMessage,
  body: Buffer,
  accessKey: string,
  secretKey: string,
): boolean {
  const header = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match || match[1] !== accessKey) return false;
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256Hex(body)) return false;
  const stamp = String(request.headers['x-amz-date'] ?? '');
  const date = new Date(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
  const signed = match[4]!.split(';');
  const headers: Record<string, string> = {};
  for (const name of signed) {
    if (['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name)) continue;
    headers[name] = String(request.headers[name] ?? '');
  }
  const expected = signRequest({
    method: request.method!,
    url: new URL(`http://${request.headers.host}${request.url}`),
    headers,
    payloadHash,
    credentials: { accessKey, secretKey, region: match[3]! },
    date,
  });
  return expected.authorization === header;
}

export async function startS3StandIn(accessKey: string, secretKey: string): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: S3StandIn['requests'] = [];
  const state = { failing: false };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = decodeURIComponent(request.url!.split('?')[0]!);
    const answer = (status: number, payload: Buffer | string = '', type = 'application/xml') => {
      requests.push({ method: request.method!, path, status });
      response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(payload) });
      response.end(payload);
    };
    if (state.failing) return answer(503, '<Error><Code>SlowDown</Code></Error>');
    if (!signatureValid(request, body, accessKey, secretKey)) {
      return answer(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
    }
    if (request.method === 'PUT') {
      objects.set(path, { body, contentType: String(request.headers['content-type'] ?? '') });
      return answer(200);
    }
    const object = objects.get(path);
    if (request.method === 'GET') {
      return object
        ? answer(200, object.body, object.contentType)
        : answer(404, '<Error><Code>NoSuchKey</Code></Error>');
    }
    if (request.method === 'DELETE') {
      objects.delete(path);
      return answer(204);
    }
    return answer(405);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
