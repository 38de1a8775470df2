import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.js';

interface Rows {
  rows: Record<string, unknown>[];
}

export interface BossDb {
  /** undefined once closed, as pg-boss's own database answers when closed */
  executeSql(text: string, values?: unknown[]): Promise<Rows | undefined>;
  /** drop new statements and wait for the ones under way (so the database can close under no one) */
  close(): Promise<void>;
  /**
   * Run `work` while no other scheduler on this database runs its own: on PostgreSQL under an advisory lock
   * (instances starting together deadlock when each creates its queues, which attaches tables to pg-boss's
   * partitioned job table), in this process by turns (PGlite belongs to one process).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

/** Any constant shared by every instance (the migrations use 727_001). */
const SETUP_LOCK = 727_002;
/** per PGlite instance or pool: the last exclusive work, which the next one waits for */
const turns = new WeakMap<object, Promise<unknown>>();

/**
 * pg-boss's way into the app's own database: the same PGlite instance (a second one on the same folder would
 * corrupt it) or the same node-postgres pool, instead of a pool of its own.
 */
export function bossDb(database: Database): BossDb {
  // drizzle keeps the client it was built on as `$client`: the PGlite instance or the pg.Pool.
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const run = database.kind === 'pglite' ? pgliteExecutor(client as PGlite) : poolExecutor(client as pg.Pool);
  const running = new Set<Promise<unknown>>();
  let closed = false;
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const mine = (turns.get(client) ?? Promise.resolve()).catch(() => undefined).then(work);
    turns.set(client, mine);
    return mine;
  };
  return {
    exclusive:
      database.kind === 'pglite' ? inTurn : (work) => inTurn(() => advisoryLocked(client as pg.Pool, work)),
    async executeSql(text, values) {
      // pg-boss's timers and its cron worker may still send a statement after its stop, some from calls
      // nobody awaits (a rejection there would be unhandled): drop them, as pg-boss's own closed database does.
      if (closed) return undefined;
      const statement = run(text, values);
      running.add(statement);
      try {
        return await statement;
      } finally {
        running.delete(statement);
      }
    },
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
    },
  };
}

async function advisoryLocked<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    return await work();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => undefined);
    lock.release();
  }
}

type Executor = (text: string, values?: unknown[]) => Promise<Rows>;

function poolExecutor(pool: pg.Pool): Executor {
  return (text, values) => pool.query(text, values);
}

/**
 * pg-boss sends its schema, maintenance and locking scripts as several statements (BEGIN; ...; COMMIT)
 * without parameters: PGlite runs those only through `exec()`, which answers one result per statement;
 * pg-boss reads the last. A script that fails half-way leaves PGlite's only session inside the aborted
 * transaction (a pool would drop that connection): roll it back, or every later query of the app fails.
 */
function pgliteExecutor(client: PGlite): Executor {
  return async (text, values) => {
    if (values && values.length > 0) {
      return (await client.query<Record<string, unknown>>(text, values)) as {
        rows: Record<string, unknown>[];
      };
    }
    try {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    } catch (error) {
      if (client.isInTransaction()) await client.exec('ROLLBACK');
      throw error;
    }
  };
}
