import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Whatever a service may query through: the database or a transaction inside it. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** where it lives, so another instance (tests, tools) can open the same one */
  target: DatabaseTarget;
  db: Db;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where the database lives: PGlite in a folder (or memory) by default, PostgreSQL when DATABASE_URL is set.
 * A PGlite target may start from `template`, a data folder dumped by `dumpPgliteTemplate` (tests and browser
 * tests: restoring one is a few times quicker than creating and migrating a database).
 */
export type DatabaseTarget =
  { kind: 'pglite'; dataDir: string | null; template?: Blob } | { kind: 'postgres'; url: string };

/** The extensions the migrations create (PostgreSQL ships them; PGlite loads them from its contrib folder). */
const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant shared by every instance: concurrent starts against one PostgreSQL migrate one at a time.
const MIGRATION_LOCK = 727_001;

export async function openDatabase(
  target: DatabaseTarget,
  onPoolError?: (error: Error) => void,
): Promise<Database> {
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
    // One options object: `new PGlite(undefined, options)` ignores the options.
    const client = new PGlite({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...PGLITE_OPTIONS,
      ...(target.template ? { loadDataDir: target.template } : {}),
    });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return {
      kind: 'pglite',
      target,
      db: db as unknown as Db,
      ping: async () => void (await client.query('select 1')),
      close: () => client.close(),
    };
  }
  // A connection that cannot be had within 10 s (the database unreachable, or all 20 busy that long) fails
  // the query (a 503, lib/unavailable.ts) instead of holding the request until the database comes back.
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection (server restart, failover) must not crash the process: the pool
  // replaces it on the next query. Without a listener Node treats the 'error' event as fatal. A client
  // checked out when its connection drops rejects its query ('Connection terminated'); the pool discards
  // it on release, so the next query opens a fresh connection once the database is back.
  pool.on('error', (error) => onPoolError?.(error));
  // The pool listens to a client only while it is idle: one checked out between two queries of a transaction
  // when its connection is terminated (57P01, a restart or a dropped database) would emit 'error' with no
  // listener and end the process. Its next query fails instead, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
  return {
    kind: 'postgres',
    target,
    db: db as unknown as Db,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

/** A fresh in-memory PGlite with every migration applied, dumped as a data folder for `template`. */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const client = new PGlite(PGLITE_OPTIONS);
  try {
    await migratePglite(drizzlePglite({ client, schema, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS,
    });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The migration files, for a template's cache key: a new migration makes a new template. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
