import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Private PostgreSQL, Redis and Mosquitto instances for the fault tests and the drill (bench/drill.mjs has
 * its own copy in plain JavaScript): each on a free port with its data under /tmp, stopped and started
 * again at will, killed at the end. The machine's shared services are never touched.
 */

export interface PrivateService {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** stop: SIGINT for PostgreSQL (fast shutdown), SIGTERM for the others (Mosquitto saves its sessions) */
  stop(): Promise<void>;
  /** start again on the same port and data, resolving once it accepts connections */
  start(): Promise<void>;
  /** stop and remove its data */
  destroy(): Promise<void>;
}

const POSTGRES_BIN = findPostgresBin();

/** Where PostgreSQL's initdb and postgres are, or null. */
function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'postgres')) && existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const available = {
  postgres: POSTGRES_BIN !== null && (process.getuid?.() !== 0 || onPath('setpriv')),
  redis: onPath('redis-server'),
  mosquitto: onPath('mosquitto'),
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on `port` (polling, up to `timeoutMs`). */
async function listening(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Run a command as the `postgres` user when we are root (initdb and postgres refuse root). setpriv execs
 * the command itself, so a signal sent to the child reaches PostgreSQL (runuser would stay in between).
 */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args]]
    : [command, args];
}

class Service implements PrivateService {
  private child: ChildProcess | null = null;
  constructor(
    readonly name: string,
    readonly port: number,
    readonly url: string,
    private readonly command: () => [string, string[]],
    private readonly signal: NodeJS.Signals,
    private readonly dir: string,
    /** more than a listening port: PostgreSQL accepts connections before it accepts queries */
    private readonly ready: () => Promise<void> = () => listening(port),
  ) {}

  async start(): Promise<void> {
    // already running: a second process would fail on the first's lock, and `child` would name it instead
    // of the one running (which then outlived destroy())
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    const [command, args] = this.command();
    const child = spawn(command, args, { stdio: 'ignore', detached: false });
    this.child = child;
    await Promise.race([
      this.ready(),
      exited(child).then(() => {
        throw new Error(`${this.name} exited at start (${command} ${args.join(' ')})`);
      }),
    ]);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child) return;
    child.kill(this.signal);
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(killer);
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function startRedis(): Promise<PrivateService> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'aos-faults-redis-'));
  const service = new Service(
    'redis',
    port,
    `redis://127.0.0.1:${port}`,
    () => [
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    ],
    'SIGTERM',
    dir,
  );
  await service.start();
  return service;
}

/** Mosquitto with persistence: its sessions (the server's subscriptions and queued messages) survive. */
export async function startMosquitto(): Promise<PrivateService> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'aos-faults-mosquitto-'));
  // Mosquitto started as root drops to its own user: it must be able to write its persistence file here.
  if (process.getuid?.() === 0) {
    try {
      execFileSync('chown', ['mosquitto', dir]);
    } catch {
      // no mosquitto user: it keeps running as root
    }
  }
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      'autosave_interval 1',
      'max_queued_messages 10000',
      '',
    ].join('\n'),
  );
  const service = new Service(
    'mosquitto',
    port,
    `mqtt://127.0.0.1:${port}`,
    () => ['mosquitto', ['-c', config]],
    'SIGTERM',
    dir,
  );
  await service.start();
  return service;
}

export async function startPostgres(): Promise<PrivateService> {
  if (!POSTGRES_BIN) throw new Error('no PostgreSQL binaries');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'aos-faults-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const [initdb, initArgs] = asPostgres(path.join(POSTGRES_BIN, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const service = new Service(
    'postgres',
    port,
    url,
    () =>
      asPostgres(path.join(POSTGRES_BIN, 'postgres'), [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=60',
      ]),
    'SIGINT',
    dir,
    () => postgresReady(url),
  );
  await service.start();
  return service;
}

async function postgresReady(url: string, timeoutMs = 30_000): Promise<void> {
  const { default: pg } = await import('pg');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
