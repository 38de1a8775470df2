import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const before = mkdtempSync(path.join(tmpdir(), 'aos-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations as they were before `0009_oss_versions`. */
function migrationsBefore(tag: string): string {
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

describe('migration 0009_oss_versions', () => {
  it('makes each S3 configuration’s location its first version and points its attachments at it', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrationsBefore('0009_oss_versions') });
      await client.exec(`
        insert into blade_oss (id, tenant_id, category, oss_code, endpoint, access_key, secret_key, bucket_name, region, status, is_deleted)
        values (11, '700031', 1, 'minio', 'http://minio.example.com', 'AK', 'SK', 'files', null, 2, 0),
               (12, '700031', 5, 'gone', 'https://s3.example.com', 'AK2', 'SK2', 'old', 'eu-west-1', 1, 1),
               (13, '700031', 0, 'disk', null, null, null, null, null, 1, 0);
        insert into blade_attach (id, tenant_id, link, name, original_name, extension, attach_size, oss_id)
        values (21, '700031', '/files/a', 'a', 'a.pdf', 'pdf', 1, 11),
               (22, '700031', '/files/b', 'b', 'b.pdf', 'pdf', 1, 12),
               (23, '700031', '/files/c', 'c', 'c.pdf', 'pdf', 1, 13),
               (24, '700031', '/files/d', 'd', 'd.pdf', 'pdf', 1, null);
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const versions = await client.query(
        'select id, oss_id, tenant_id, endpoint, bucket_name, region, access_key, secret_key from blade_oss_version order by id',
      );
      expect(versions.rows).toEqual([
        {
          id: 11,
          oss_id: 11,
          tenant_id: '700031',
          endpoint: 'http://minio.example.com',
          bucket_name: 'files',
          region: null,
          access_key: 'AK',
          secret_key: 'SK',
        },
        {
          id: 12,
          oss_id: 12,
          tenant_id: '700031',
          endpoint: 'https://s3.example.com',
          bucket_name: 'old',
          region: 'eu-west-1',
          access_key: 'AK2',
          secret_key: 'SK2',
        },
      ]);
      const configs = await client.query('select id, version_id from blade_oss order by id');
      expect(configs.rows).toEqual([
        { id: 11, version_id: 11 },
        { id: 12, version_id: 12 },
        { id: 13, version_id: null },
      ]);
      const attachments = await client.query('select id, oss_version_id from blade_attach order by id');
      expect(attachments.rows).toEqual([
        { id: 21, oss_version_id: 11 },
        { id: 22, oss_version_id: 12 },
        { id: 23, oss_version_id: null },
        { id: 24, oss_version_id: null },
      ]);
    } finally {
      await client.close();
    }
  });
});
