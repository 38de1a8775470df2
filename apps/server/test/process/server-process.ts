import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root and the built server (`npm test` builds it with its typecheck, before vitest). */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
export const ADMIN_PASSWORD = 'Admin@123';
export const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export function builtServer(): string {
  if (!existsSync(SERVER_MAIN))
    throw new Error(`${SERVER_MAIN} is missing: build the server first (npx tsc -b apps/server)`);
  return SERVER_MAIN;
}

export async function tempDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'aos-process-'));
}

/**
 * What a real server process needs here: a temporary DATA_DIR, any free port, no captcha, the demo fleet off,
 * a low scrypt cost; PostgreSQL when `database` names one (else PGlite in DATA_DIR/pgdata).
 */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA_ENABLED: 'false',
    SIMULATOR: 'false',
    MQTT_ENABLED: 'false',
    MQTT_PORT: '0',
    PASSWORD_HASH_COST: '10',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
    CACHE_PREFIX: `aos-process-${randomBytes(4).toString('hex')}:`,
    ...extra,
  };
  return env;
}

export interface ServerProcess {
  child: ChildProcess;
  /** the HTTP port it listens on, once ready */
  port: number;
  /** everything it wrote (stdout and stderr) so far */
  output(): string;
  /** its exit: [code, signal] */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Spawn `args` (node + script) and wait for the server's "platform ready" log line with its port. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  options: { detached?: boolean; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (code, signal) => resolve([code, signal])),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in time:\n${text.slice(-4000)}`)),
      options.readyTimeoutMs ?? 120_000,
    );
    const look = () => {
      const match = /"port":(\d+)[^\n]*platform ready/.exec(text);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', look);
    void exited.then(([code, signal]) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${text.slice(-4000)}`));
    });
  });
  return { child, port, output: () => text, exited };
}

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

export function signInBody(password = ADMIN_PASSWORD, account = 'admin', tenantId = '000000'): string {
  return new URLSearchParams({
    tenantId,
    username: account,
    password: md5(password),
    grant_type: 'password',
    scope: 'all',
  }).toString();
}

/**
 * A sign-in whose body arrives in two halves over a raw connection: the request is in flight (headers read,
 * body incomplete) until `finish()` sends the rest. Answers the status line and the body.
 */
export async function slowSignIn(port: number): Promise<{
  finish(): void;
  answer: Promise<{ status: number; body: string }>;
}> {
  const body = signInBody();
  const half = Math.floor(body.length / 2);
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
  });
  socket.write(
    'POST /api/blade-auth/oauth/token HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${port}\r\n` +
      `Authorization: ${CLIENT_BASIC}\r\n` +
      'Content-Type: application/x-www-form-urlencoded\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body.slice(0, half),
  );
  return { finish: () => socket.write(body.slice(half)), answer };
}

/** Whether a process of that id still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Wait (polling) until `check` holds; throws after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A free TCP port (for the embedded MQTT broker, which must come back on the same port after a restart). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Calls over HTTP as the admin of tenant 000000. */
export async function signedIn(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const tokenAnswer = await fetch(`${base}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: signInBody(),
  });
  const token = ((await tokenAnswer.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`sign-in failed: ${tokenAnswer.status}`);
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${base}${url}`, {
      method,
      headers: {
        'blade-auth': `bearer ${token}`,
        'accept-language': 'en-US',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, body: JSON.parse(text) as { data: unknown; msg?: string } };
  };
  return { token, call };
}

/** A fresh PostgreSQL database next to DATABASE_URL's (dropped by the answer's `drop`), or null without one. */
export async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return null;
  const { default: pg } = await import('pg');
  const name = `aos_test_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: admin });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
