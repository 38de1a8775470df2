import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { type BossDb, bossDb } from './boss-db.js';

let client: PGlite;
let db: BossDb;

// PGlite takes seconds to start on a busy machine: in the hook, not in the first test.
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  // bossDb reads only the kind and the client drizzle keeps as `$client`
  db = bossDb({ kind: 'pglite', db: { $client: client } } as unknown as Database);
}, 120_000);

afterAll(() => client.close());

describe('pg-boss on PGlite', () => {
  it('runs a script of several statements and answers the last result', async () => {
    const result = await db.executeSql(
      'create table t (n int); insert into t values (1), (2); select sum(n)::int as s from t',
    );
    expect(result?.rows).toEqual([{ s: 3 }]);
    expect((await db.executeSql('select n from t where n = $1', [2]))?.rows).toEqual([{ n: 2 }]);
  });

  it('a script failing inside its transaction leaves none open behind it', async () => {
    await expect(db.executeSql('begin; insert into t values (3); select 1/0; commit')).rejects.toThrow(
      /division by zero/,
    );
    expect(client.isInTransaction()).toBe(false);
    expect((await client.query('select count(*)::int as c from t')).rows).toEqual([{ c: 2 }]);
  });

  it('exclusive work takes turns', async () => {
    const order: string[] = [];
    const slow = db.exclusive(async () => {
      order.push('a start');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('a end');
    });
    const fast = db.exclusive(async () => void order.push('b'));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['a start', 'a end', 'b']);
  });

  it('after close, statements are dropped as pg-boss expects of a closed database', async () => {
    await db.close();
    expect(await db.executeSql('select 1')).toBeUndefined();
  });
});
