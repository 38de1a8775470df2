import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  alive,
  builtServer,
  ROOT,
  type ServerProcess,
  serverEnv,
  signedIn,
  slowSignIn,
  startServer,
  tempDataDir,
  until,
} from './server-process.js';

/**
 * SIGTERM on a real server process (docs/operations.md): it stops accepting, lets the request in flight
 * finish, closes everything and exits 0; also under `npm start` (scripts/start.mjs, the server in the same
 * process) and when the whole process group is signalled. How long a stop takes is measured in
 * bench/RESULTS.md, not asserted here; main.ts's deadline (10 s) is what bounds it.
 */
describe('SIGTERM', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function started(args: string[], detached = false): Promise<ServerProcess> {
    const dataDir = await tempDataDir();
    const server = await startServer(args, serverEnv(dataDir), { detached });
    cleanup.push(async () => {
      if (alive(server.child.pid!)) server.child.kill('SIGKILL');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    });
    return server;
  }

  /** A sign-in in flight when SIGTERM comes completes with 200; new connections are refused; exit 0. */
  async function inFlightSurvives(server: ServerProcess, signal: () => void) {
    const signIns = () => server.output().split('"url":"/api/blade-auth/oauth/token"').length;
    const before = signIns();
    const slow = await slowSignIn(server.port);
    // in flight: the server has read its headers (Fastify logs it), not yet its body
    await until(() => signIns() > before, 30_000, 'the request');
    signal();
    await until(() => server.output().includes('shutting down'), 30_000, 'the shutdown to begin');
    // no new connection is accepted once the stop began
    await expect(fetch(`http://127.0.0.1:${server.port}/api/blade-auth/oauth/captcha`)).rejects.toThrow();
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('access_token');
    const [code, exitSignal] = await server.exited;
    expect({ code, exitSignal }, server.output().slice(-3000)).toEqual({ code: 0, exitSignal: null });
    expect(server.output()).toMatch(/"msg":"shut down"/);
    expect(server.output()).not.toMatch(/deadline/);
  }

  it('node apps/server/dist/main.js: finishes the request in flight, closes live sockets with 1001, exits 0', async () => {
    const server = await started([builtServer()]);
    const { token } = await signedIn(server.port);
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/ws?token=${token}`);
    const closed = new Promise<[number, string]>((resolve) =>
      socket.once('close', (code, reason) => resolve([code, reason.toString()])),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
    });
    await inFlightSurvives(server, () => server.child.kill('SIGTERM'));
    expect(await closed).toEqual([1001, 'server closing']);
  }, 180_000);

  it('node scripts/start.mjs: the same, the signal reaching the server', async () => {
    const server = await started([path.join(ROOT, 'scripts', 'start.mjs')]);
    await inFlightSurvives(server, () => server.child.kill('SIGTERM'));
  }, 600_000);

  it('SIGTERM to the process group of npm start, twice as npm forwards it: exits 0, nothing left running', async () => {
    const server = await started([path.join(ROOT, 'scripts', 'start.mjs')], true);
    const group = -server.child.pid!;
    await inFlightSurvives(server, () => {
      process.kill(group, 'SIGTERM');
      // npm passes the SIGTERM it received on to its child: the server gets a second one during its stop
      setTimeout(() => {
        if (alive(server.child.pid!)) process.kill(group, 'SIGTERM');
      }, 20);
    });
    expect(() => process.kill(group, 0)).toThrow();
  }, 600_000);
});
