import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  alive,
  builtServer,
  CLIENT_BASIC,
  md5,
  postgresDatabase,
  ROOT,
  type ServerProcess,
  serverEnv,
  signInBody,
  startServer,
  tempDataDir,
} from './server-process.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NEW_PASSWORD = 'Backup@2026';

/** Run scripts/<name>.mjs as `npm run <name>` does; answers its exit code and output. */
function script(name: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', `${name}.mjs`), ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function signIn(port: number, password: string) {
  const answer = await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: signInBody(password),
  });
  return { status: answer.status, body: (await answer.json()) as { access_token?: string } };
}

/**
 * Backup and restore (docs/operations.md): seed data (the admin's own password, an uploaded file), back up,
 * wipe, restore, start: the admin signs in with that password, a token issued before the backup is still
 * good (the JWT secret came back) and the file downloads, byte for byte. On PGlite in DATA_DIR, and with
 * DATABASE_URL on PostgreSQL (pg_dump / pg_restore on PATH).
 */
describe.each([
  ['PGlite in DATA_DIR', false],
  ['PostgreSQL', true],
] as const)('backup and restore on %s', (_name, onPostgres) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it.skipIf(onPostgres && !process.env.DATABASE_URL)(
    'brings back users, files and the JWT secret',
    async () => {
      const dataDir = await tempDataDir();
      const archive = path.join(`${dataDir}-backup.tar.gz`);
      let postgres = onPostgres ? await postgresDatabase() : null;
      cleanup.push(async () => {
        await rm(dataDir, { recursive: true, force: true });
        await rm(archive, { force: true });
        await postgres?.drop();
      });
      const env = () => serverEnv(dataDir, postgres ? { DATABASE_URL: postgres.url } : {});
      const servers: ServerProcess[] = [];
      cleanup.push(async () => {
        for (const server of servers) {
          if (alive(server.child.pid!)) server.child.kill('SIGKILL');
          await server.exited;
        }
      });
      const stop = async (server: ServerProcess) => {
        server.child.kill('SIGTERM');
        expect(await server.exited, server.output().slice(-3000)).toEqual([0, null]);
      };

      // Seed: the admin's password changed, a file uploaded.
      const first = await startServer([builtServer()], env());
      servers.push(first);
      const base = `http://127.0.0.1:${first.port}`;
      const admin = (await signIn(first.port, 'Admin@123')).body.access_token!;
      const changed = await fetch(
        `${base}/api/blade-user/update-password?${new URLSearchParams({
          oldPassword: md5('Admin@123'),
          newPassword: md5(NEW_PASSWORD),
          newPassword1: md5(NEW_PASSWORD),
        })}`,
        { method: 'POST', headers: { 'blade-auth': `bearer ${admin}` } },
      );
      expect(changed.status, await changed.text()).toBe(200);
      const token = (await signIn(first.port, NEW_PASSWORD)).body.access_token!;
      expect(token).toBeTruthy();
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
      const put = await fetch(`${base}/api/blade-resource/oss/endpoint/put-file`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${token}` },
        body: form,
      });
      const link = ((await put.json()) as { data: { link: string } }).data.link;
      expect(put.status).toBe(200);

      // The embedded database cannot be copied while its server runs: the backup says so.
      if (!postgres) {
        const refused = await script('backup', [archive], env());
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/is using .*stop it first/);
      }
      await stop(first);

      const backup = await script('backup', [archive], env());
      expect(backup.code, backup.output).toBe(0);

      // Wipe: DATA_DIR gone, and with PostgreSQL a new empty database in place of the old.
      await rm(dataDir, { recursive: true, force: true });
      if (postgres) {
        await postgres.drop();
        postgres = await postgresDatabase();
      }
      const restore = await script('restore', [archive], env());
      expect(restore.code, restore.output).toBe(0);
      // restoring over data is refused without --force
      const again = await script('restore', [archive], env());
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/not empty: restore with --force/);

      const second = await startServer([builtServer()], env());
      servers.push(second);
      const base2 = `http://127.0.0.1:${second.port}`;
      const signedIn = await signIn(second.port, NEW_PASSWORD);
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      expect((await signIn(second.port, 'Admin@123')).status).not.toBe(200);
      const info = await fetch(`${base2}/api/blade-user/info`, {
        headers: { 'blade-auth': `bearer ${token}` },
      });
      expect(info.status).toBe(200);
      const file = await fetch(`${base2}${link}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
      await stop(second);
    },
    300_000,
  );
});
