#!/usr/bin/env node
// `npm run restore -- <file> [--force]`: put back what `npm run backup` archived (docs/operations.md), with
// the server stopped. DATA_DIR is replaced as a whole: an existing, non-empty DATA_DIR is refused unless
// --force, and then kept beside it as DATA_DIR.before-restore-<time> (never deleted here). A PostgreSQL
// backup needs DATABASE_URL and restores its dump there with pg_restore --clean (the database's tables
// are replaced); an embedded backup is refused when DATABASE_URL is set, and the other way round.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_DUMP, dataDirOf, fail, FORMAT, MANIFEST, run, runningServer } from './backup-common.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) fail('usage: npm run restore -- <file.tar.gz> [--force]');
const source = path.resolve(file);
if (!existsSync(source)) fail(`${source} does not exist`);
const dataDir = dataDirOf();
const databaseUrl = process.env.DATABASE_URL || null;

const pid = runningServer(dataDir);
if (pid) fail(`a server (pid ${pid}) is using ${dataDir}: stop it first (SIGTERM), then restore`);
const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
if (occupied && !force)
  fail(`${dataDir} is not empty: restore with --force to replace it (it is kept aside)`);

// Unpacked beside DATA_DIR (same file system), checked, then renamed into place.
await mkdir(path.dirname(dataDir), { recursive: true });
const staging = await mkdtemp(`${dataDir}.restoring-`);
try {
  await run('tar', ['-xzf', source, '-C', staging]);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(staging, MANIFEST), 'utf8'));
  } catch {
    throw new Error(`${source} is not a backup of this platform (no ${MANIFEST})`);
  }
  if (manifest.format !== FORMAT) throw new Error(`backup format ${manifest.format} is not ${FORMAT}`);
  if (manifest.database === 'postgres' && !databaseUrl)
    throw new Error('a PostgreSQL backup: set DATABASE_URL to the database to restore it into');
  if (manifest.database === 'pglite' && databaseUrl)
    throw new Error('an embedded (PGlite) backup: unset DATABASE_URL to restore it');
  if (manifest.database === 'pglite' && !existsSync(path.join(staging, 'pgdata', 'PG_VERSION')))
    throw new Error(`${source} holds no embedded database`);
  for (const entry of manifest.entries)
    if (!existsSync(path.join(staging, entry))) throw new Error(`${source} misses ${entry}`);

  if (manifest.database === 'postgres') {
    console.log('[restore] pg_restore into DATABASE_URL');
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      path.join(staging, DATABASE_DUMP),
    ]);
    await rm(path.join(staging, DATABASE_DUMP));
  }
  await rm(path.join(staging, MANIFEST));
  if (existsSync(dataDir)) {
    if (occupied) {
      const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, aside);
      console.log(`[restore] the former ${dataDir} is kept as ${aside}`);
    } else await rm(dataDir, { recursive: true });
  }
  await rename(staging, dataDir);
  console.log(`[restore] ${dataDir} restored from ${source} (taken ${manifest.createdAt})`);
} catch (error) {
  await rm(staging, { recursive: true, force: true });
  fail(error.message);
}
