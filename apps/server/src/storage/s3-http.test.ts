import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkGuard } from './network-guard.js';
import {
  discard,
  readText,
  RedirectRefusedError,
  RESPONSE_MAX_BYTES,
  ResponseTooLargeError,
  sendRequest,
} from './s3-http.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server on 127.0.0.1 that records what reached it. */
async function serve(handler: Handler): Promise<{ url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

// The test servers are on loopback: reaching them at all needs the operator's allowance.
const allowed = new NetworkGuard(true);
const get = (url: string, guard = allowed, maxResponseBytes?: number) =>
  sendRequest(new URL(url), { method: 'GET', headers: {} }, guard, { maxResponseBytes });

describe('sendRequest, the one way to a tenant-configured URL', () => {
  it('never follows a redirect, not even one to our own network', async () => {
    const inside = await serve((_request, response) => response.end('secret'));
    for (const status of [301, 302, 303, 307, 308]) {
      const outside = await serve((_request, response) => {
        response.writeHead(status, { location: `${inside.url}/latest/meta-data` });
        response.end();
      });
      const refused = get(`${outside.url}/bucket/key`);
      await expect(refused, String(status)).rejects.toBeInstanceOf(RedirectRefusedError);
      await expect(get(`${outside.url}/bucket/key`)).rejects.toThrow(
        `answered ${status} to ${inside.url}/latest/meta-data: redirects are never followed`,
      );
      expect(outside.hits).toHaveLength(2);
    }
    expect(inside.hits).toEqual([]);
  });

  it('refuses an answer whose Content-Length is past the cap before reading it', async () => {
    const big = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': String(RESPONSE_MAX_BYTES + 1) });
      response.end(Buffer.alloc(RESPONSE_MAX_BYTES + 1));
    });
    await expect(get(big.url)).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect(get(big.url, allowed, 10)).rejects.toThrow(/is larger than 10 bytes and was cut/);
  });

  it('cuts a body that runs past the cap without saying its length, with a clear error', async () => {
    const endless = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }); // chunked
      let sent = 0;
      const more = () => {
        while (sent < 64 * 1024) {
          sent += 1024;
          if (!response.write(Buffer.alloc(1024, 1))) return void response.once('drain', more);
        }
        response.end();
      };
      more();
    });
    const response = await get(endless.url, allowed, 10_000);
    expect(response.status).toBe(200);
    let received = 0;
    const reading = (async () => {
      for await (const chunk of response.body as AsyncIterable<Buffer>) received += chunk.length;
    })();
    await expect(reading).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect(reading).rejects.toThrow(/larger than 10000 bytes/);
    expect(received).toBeLessThanOrEqual(10_000);
    // readText, the S3 error documents' reader, fails the same way rather than reading on
    await expect(readText((await get(endless.url, allowed, 10_000)).body)).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    // and a body let go past its cap is cut quietly
    discard((await get(endless.url, allowed, 10)).body);
  });

  it('answers a body within the cap whole', async () => {
    const small = await serve((_request, response) => response.end('<Error>small</Error>'));
    const response = await get(small.url, allowed, 20);
    expect(await readText(response.body)).toBe('<Error>small</Error>');
  });

  it('connects to nothing of our own network without the allowance, in any writing of the address', async () => {
    const inside = await serve((_request, response) => response.end('secret'));
    const port = new URL(inside.url).port;
    const guard = new NetworkGuard(false);
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://localhost.:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://2130706433:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::1]:${port}/`,
      'http://169.254.169.254/latest/meta-data',
      'http://metadata.google.internal/computeMetadata/v1',
    ]) {
      await expect(get(url, guard), url).rejects.toThrow(/an address of our own network/);
    }
    expect(inside.hits).toEqual([]);
  });
});
