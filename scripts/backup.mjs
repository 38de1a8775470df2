#!/usr/bin/env node
// `npm run backup -- <file>`: one archive (tar.gz) of everything the platform keeps (docs/operations.md).
// - Embedded default (no DATABASE_URL): DATA_DIR whole: PGlite's data folder (pgdata), the uploaded files
//   (files) and the generated JWT secret (jwt-secret). PGlite runs inside the server process and has no
//   other way in, so the server must be stopped: a copy of its folder taken while it writes can be torn.
//   The backup refuses while a server runs on DATA_DIR (its server.pid names a live process).
// - PostgreSQL (DATABASE_URL set): pg_dump's custom format of the database (a consistent snapshot, taken
//   while the server runs), plus DATA_DIR's files and jwt-secret. Objects kept in a tenant's own bucket are
//   the bucket's to back up.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DATABASE_DUMP,
  dataDirOf,
  fail,
  FORMAT,
  MANIFEST,
  run,
  runningServer,
  SERVER_PID_FILE,
} from './backup-common.mjs';

const file = process.argv[2];
if (!file || file.startsWith('-')) fail('usage: npm run backup -- <file.tar.gz>');
const target = path.resolve(file);
const dataDir = dataDirOf();
const databaseUrl = process.env.DATABASE_URL || null;

if (!databaseUrl) {
  const pid = runningServer(dataDir);
  if (pid) fail(`a server (pid ${pid}) is using ${dataDir}: stop it first (SIGTERM), then back up`);
  if (!existsSync(path.join(dataDir, 'pgdata'))) fail(`${dataDir} holds no embedded database (pgdata)`);
}
// Everything in DATA_DIR but the pid file; with PostgreSQL, no embedded database either.
const entries = existsSync(dataDir)
  ? readdirSync(dataDir).filter((name) => name !== SERVER_PID_FILE && !(databaseUrl && name === 'pgdata'))
  : [];

const staging = await mkdtemp(path.join(os.tmpdir(), 'aos-backup-'));
const partial = `${target}.partial`;
try {
  const manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    database: databaseUrl ? 'postgres' : 'pglite',
    entries,
  };
  await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const staged = [MANIFEST];
  if (databaseUrl) {
    console.log('[backup] pg_dump of DATABASE_URL');
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(staging, DATABASE_DUMP)}`,
      databaseUrl,
    ]);
    staged.push(DATABASE_DUMP);
  }
  const args = ['-czf', partial, '-C', staging, ...staged];
  if (entries.length) args.push('-C', dataDir, ...entries);
  await run('tar', args);
  await rename(partial, target);
  console.log(
    `[backup] ${target}: ${manifest.database === 'postgres' ? 'the PostgreSQL dump, ' : ''}` +
      `${entries.join(', ') || 'nothing'} of ${dataDir} (${statSync(target).size} bytes)`,
  );
} catch (error) {
  await rm(partial, { force: true });
  fail(error.message);
} finally {
  await rm(staging, { recursive: true, force: true });
}
