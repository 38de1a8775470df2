// What backup.mjs and restore.mjs share: where the data is, whether a server is using it, running tools.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The backup's own description, the first entry of the archive. */
export const MANIFEST = 'aos-backup.json';
/** PostgreSQL's dump inside the archive (pg_dump's custom format), when the database is PostgreSQL. */
export const DATABASE_DUMP = 'database.dump';
/** The file a running server keeps in DATA_DIR with its process id (apps/server/src/main.ts). */
export const SERVER_PID_FILE = 'server.pid';
export const FORMAT = 1;

/** DATA_DIR as the server reads it (default ./data, relative to where the command runs). */
export function dataDirOf(env = process.env) {
  return path.resolve(env.DATA_DIR || 'data');
}

/** The process id of a server running on `dataDir`, or null (no pid file, or its process is gone). */
export function runningServer(dataDir) {
  let pid;
  try {
    pid = Number(readFileSync(path.join(dataDir, SERVER_PID_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === 'EPERM' ? pid : null;
  }
}

/** Run a tool (tar, pg_dump, pg_restore) with its errors shown; rejects naming it when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.once('error', (error) =>
      reject(new Error(`${command}: ${error.code === 'ENOENT' ? 'not found on PATH' : error.message}`)),
    );
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code ?? signal})`)),
    );
  });
}

export function fail(message) {
  console.error(`[${path.basename(process.argv[1] ?? 'backup', '.mjs')}] ${message}`);
  process.exit(1);
}
