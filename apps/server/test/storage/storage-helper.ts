import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** The first bytes of an mp4 (an `ftyp` box), so a generated body passes the content check. */
export const MP4_HEAD = Buffer.from([
  0,
  0,
  0,
  0x18,
  ...Buffer.from('ftypisom'),
  0,
  0,
  2,
  0,
  ...Buffer.from('isomiso2'),
]);
export const ZIP_HEAD = Buffer.from('PK\x03\x04', 'latin1');

/** 1 MiB of fixed pseudo-random bytes: bodies made of it hash to something that catches a lost chunk. */
const BLOCK = (() => {
  const block = Buffer.alloc(1024 * 1024);
  let seed = 42;
  for (let index = 0; index < block.length; index++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    block[index] = seed >> 16;
  }
  return block;
})();

/** `size` bytes starting with `head`, generated 64 kB at a time (never held whole), with their sha-256. */
export function generated(size: number, head: Buffer) {
  const hash = createHash('sha256');
  const chunk = 64 * 1024;
  function* chunks() {
    for (let offset = 0; offset < size; offset += chunk) {
      const length = Math.min(chunk, size - offset);
      const piece = Buffer.from(BLOCK.subarray(offset % BLOCK.length, (offset % BLOCK.length) + length));
      if (offset === 0) head.copy(piece, 0, 0, Math.min(head.length, length));
      hash.update(piece);
      yield piece;
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), sha256: () => hash.digest('hex') };
}

export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256OfFile = (file: string) => sha256Of(createReadStream(file));

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * POST a multipart form with one file over a real connection, the file's bytes streamed from `body`: what a
 * browser does. The answer may come before the whole body was sent (a refused upload): that is awaited too.
 */
export function streamUpload(
  app: FastifyInstance,
  url: string,
  file: { filename: string; size: number; body: Readable },
  headers: Record<string, string> = {},
): Promise<Answer> {
  const boundary = `----aos${Date.now()}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(preamble.length + file.size + epilogue.length),
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
        response.on('error', reject);
      },
    );
    // A server that answers early and closes makes the rest of the write fail: the answer is what counts.
    request.on('error', (error) => setTimeout(() => reject(error), 500));
    request.write(preamble);
    file.body.on('end', () => request.end(epilogue));
    file.body.pipe(request, { end: false });
  });
}

/** Samples the process's memory while `work` runs: the growth over the start, at its peak. */
export async function peakGrowth<T>(
  work: () => Promise<T>,
): Promise<{ result: T; rss: number; buffers: number }> {
  const start = process.memoryUsage();
  let rss = 0;
  let buffers = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - start.rss);
    buffers = Math.max(buffers, now.arrayBuffers - start.arrayBuffers);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await work();
    sample();
    return { result, rss, buffers };
  } finally {
    clearInterval(timer);
  }
}

/** Every file under a folder (relative paths), or none when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

export const MB = 1024 * 1024;
