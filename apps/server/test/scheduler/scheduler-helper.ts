import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type Database, type DatabaseTarget, openDatabase } from '../../src/db/client.js';
import { Scheduler, type SchedulerOptions } from '../../src/scheduler/scheduler.js';

/**
 * Schedulers on a database of their own: PGlite in a temporary folder (so a test can close it and open it
 * again, as a restarted server does), or with DATABASE_URL a fresh PostgreSQL database, dropped afterwards.
 * "Another instance" is a second scheduler on the same PGlite instance (one process may open a PGlite folder
 * once), or on a pool of its own on PostgreSQL.
 */

declare module '../../src/scheduler/jobs.js' {
  interface JobMap {
    'test.echo': { n: number };
    'test.flaky': { label: string; succeedOn?: number };
    'test.slow': { label: string };
    'test.expiring': { label: string };
  }
}

export interface TestDatabase {
  target: DatabaseTarget;
  /** the database as the first instance opens it */
  open(): Promise<Database>;
  /** the database as another instance sees it: `first` itself on PGlite, a new pool on PostgreSQL */
  another(first: Database): Promise<Database>;
  drop(): Promise<void>;
}

export async function testDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const folder = await mkdtemp(path.join(tmpdir(), 'aos-scheduler-'));
    const target: DatabaseTarget = { kind: 'pglite', dataDir: path.join(folder, 'pgdata') };
    return {
      target,
      open: () => openDatabase(target),
      another: async (first) => first,
      drop: () => rm(folder, { recursive: true, force: true }),
    };
  }
  const name = `aos_test_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const database = new URL(url);
  database.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: database.toString() };
  return {
    target,
    open: () => openDatabase(target),
    another: () => openDatabase(target),
    drop: () => adminQuery(url, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export interface LogLine {
  level: 'warn' | 'error';
  message: string;
  context: Record<string, unknown>;
}

/** A logger that keeps the warnings and errors, so a test can read what the scheduler reported. */
export function recordingLog(lines: LogLine[] = []): FastifyBaseLogger & { lines: LogLine[] } {
  const keep = (level: LogLine['level']) => (context: Record<string, unknown>, message?: string) =>
    void lines.push({ level, message: message ?? '', context });
  const ignore = () => undefined;
  const log = {
    lines,
    level: 'warn',
    warn: keep('warn'),
    error: keep('error'),
    fatal: keep('error'),
    info: ignore,
    debug: ignore,
    trace: ignore,
    silent: ignore,
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { lines: LogLine[] };
}

/** A scheduler that polls and checks its crons often, so tests wait little for each outcome. */
export function testScheduler(database: Database, options: Partial<SchedulerOptions> = {}) {
  return new Scheduler(database, {
    timeZone: 'UTC',
    log: recordingLog(),
    pollingIntervalSeconds: 0.5,
    cronCheckSeconds: 1,
    stopGraceMs: 5000,
    ...options,
  });
}

/** Poll `check` until it answers something truthy; fail with `what` at the deadline. Never a timing claim. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 60_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The state pg-boss stored for job `id` (created, retry, active, completed, cancelled, failed). */
export async function jobState(database: Database, id: string): Promise<string | undefined> {
  const result = (await database.db.execute(
    sql`select state::text as state from pgboss.job where id = ${id}::uuid`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows[0]?.state;
}

/** A promise and the function that resolves it: lets a test hold a handler until it says so. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
