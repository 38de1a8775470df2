import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dumpPgliteTemplate, migrationFiles } from '../src/db/client.js';

/**
 * A migrated PGlite data folder every test app (and every browser-test platform) starts from, instead of
 * creating and migrating its own: creating a PGlite database is its slowest step. Kept in the system's temp
 * folder under a hash of the migrations and the PGlite version, so test files in other workers (and later
 * runs) share it; a new migration makes a new one.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `aos-pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const dump = await dumpPgliteTemplate();
  // Written whole, then renamed: another worker never reads half a file (two writers leave the same bytes).
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

function templateKey(): string {
  const hash = createHash('sha256');
  // The package does not export its package.json: it sits two folders above the entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(entry), '..', 'package.json')));
  for (const file of migrationFiles()) hash.update(path.basename(file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}
