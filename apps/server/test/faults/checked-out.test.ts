import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { available, type PrivateService, startPostgres } from './services.js';

/**
 * A pooled connection terminated while a transaction holds it between two queries (a restart, an
 * administrator's pg_terminate_backend, a database dropped with force): the transaction fails, the process
 * lives on (an 'error' event without a listener would end it), and the next query gets a fresh connection.
 */
describe.skipIf(!available.postgres)(
  'a checked-out connection terminated (skipped without PostgreSQL binaries in /usr/lib/postgresql or setpriv)',
  () => {
    let postgres: PrivateService;
    let database: Database;
    const poolErrors: Error[] = [];

    beforeAll(async () => {
      postgres = await startPostgres();
      database = await openDatabase({ kind: 'postgres', url: postgres.url }, (error) =>
        poolErrors.push(error),
      );
    });
    afterAll(async () => {
      await database?.close();
      await postgres?.destroy();
    });

    it('fails the transaction, keeps the process, and serves the next query', async () => {
      const killer = new pg.Client({ connectionString: postgres.url });
      await killer.connect();
      try {
        const outcome = database.db
          .transaction(async (tx) => {
            const [row] = (
              (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
                rows: Array<{ pid: number }>;
              }
            ).rows;
            // the connection is idle in the transaction, checked out of the pool, when it is terminated
            await killer.query('select pg_terminate_backend($1)', [row?.pid]);
            await new Promise((resolve) => setTimeout(resolve, 300));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => 'committed',
            () => 'failed',
          );
        expect(await outcome).toBe('failed');
        expect(poolErrors.map((error) => (error as { code?: string }).code)).toContain('57P01');
        const again = (await database.db.execute(sql`select 2 as two`)) as unknown as {
          rows: Array<{ two: number }>;
        };
        expect(again.rows[0]?.two).toBe(2);
      } finally {
        await killer.end();
      }
    });
  },
);
