import { rm } from 'node:fs/promises';
import { deviceTopic } from '@aos/contract';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  alive,
  builtServer,
  freePort,
  postgresDatabase,
  type ServerProcess,
  serverEnv,
  signedIn,
  startServer,
  tempDataDir,
  until,
} from './server-process.js';

type Row = Record<string, unknown>;
interface Registered {
  id: string;
  serialNumber: string;
  credential: { serialNumber: string; username: string; password: string };
}
interface Sample {
  id: string;
  serialNumber: string;
  time: string;
  osd: { seq?: number };
}

const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/**
 * SIGKILL during telemetry ingest and during a dock command (docs/operations.md), on PGlite in DATA_DIR and,
 * with DATABASE_URL, on PostgreSQL. A real server process with its embedded broker; a dock and its drone
 * over MQTT, the drone publishing numbered OSD (`seq`) ten times a second. The server is killed while the
 * dock sits on a command without answering, then started again on the same data:
 * - every sample the API answered before the kill is still there, none is stored twice (one row per drone
 *   and second, `aos_telemetry_sample`'s unique period; the same `seq` never twice);
 * - what was in flight (published but in the writer's one-second batch when the process died) is lost:
 *   the test counts it (published − stored) and prints it; the server cannot count what SIGKILL destroys;
 * - the command's outcome is in the operation log: timed out, no outcome recorded (remote-control.outcomes.ts).
 */
describe.each([
  ['PGlite in DATA_DIR', false],
  ['PostgreSQL', true],
] as const)('SIGKILL on %s', (_name, onPostgres) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it.skipIf(onPostgres && !process.env.DATABASE_URL)(
    'loses and duplicates no stored sample, and the pending command ends as timed out',
    async () => {
      const dataDir = await tempDataDir();
      const mqttPort = await freePort();
      const postgres = onPostgres ? await postgresDatabase() : null;
      cleanup.push(async () => {
        await rm(dataDir, { recursive: true, force: true });
        await postgres?.drop();
      });
      const env = serverEnv(dataDir, {
        MQTT_ENABLED: 'true',
        MQTT_PORT: String(mqttPort),
        DEVICE_REPLY_TIMEOUT_MS: '4000',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      });
      const servers: ServerProcess[] = [];
      const clients: MqttClient[] = [];
      cleanup.push(async () => {
        await Promise.all(clients.map((client) => client.endAsync(true)));
        for (const server of servers) {
          if (alive(server.child.pid!)) server.child.kill('SIGKILL');
          await server.exited;
        }
      });

      // First run: a dock and its drone registered, online, the drone publishing numbered OSD.
      const first = await startServer([builtServer()], env);
      servers.push(first);
      const api = await signedIn(first.port);
      const drone = await register(api, '/api/cloud-equipment/equipment-management/add', {
        name: 'Drone',
        serialNumber: `KILLUAV${suffix()}`,
        type: 1,
        modelId: 'dji-m3td',
      });
      const dock = await register(api, '/api/cloud-equipment/uavhangar/submit', {
        name: 'Dock',
        type: 1,
        serialNumber: `KILLDOCK${suffix()}`,
        modelId: 'dji-dock2',
        droneIds: drone.id,
      });
      const url = `mqtt://127.0.0.1:${mqttPort}`;
      const connect = async (device: Registered) => {
        const client = await connectAsync(url, {
          protocolVersion: 4,
          reconnectPeriod: 300,
          connectTimeout: 5000,
          username: device.credential.username,
          password: device.credential.password,
          clientId: device.serialNumber,
        });
        clients.push(client);
        return client;
      };
      const dockClient = await connect(dock);
      const droneClient = await connect(drone);
      const commands: Row[] = [];
      await dockClient.subscribeAsync(deviceTopic(dock.serialNumber, 'services'), { qos: 1 });
      dockClient.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString()) as Row));
      let tid = 0;
      const envelope = (data: Row, extra: Row = {}) =>
        JSON.stringify({ tid: `t${++tid}`, bid: `b${tid}`, timestamp: Date.now(), data, ...extra });
      const dockOnline = async () => {
        await dockClient.publishAsync(
          deviceTopic(dock.serialNumber, 'status'),
          JSON.stringify({
            tid: `t${++tid}`,
            bid: `b${tid}`,
            timestamp: Date.now(),
            method: 'update_topo',
            data: { domain: '3', type: 2, sub_type: 0, sub_devices: [] },
          }),
          { qos: 1 },
        );
        await dockClient.publishAsync(
          deviceTopic(dock.serialNumber, 'osd'),
          envelope({
            mode_code: 0,
            cover_state: 0,
            putter_state: 0,
            drone_in_dock: 1,
            supplement_light_state: 0,
            sub_device: { device_sn: drone.serialNumber, device_online_status: 0, device_paired: 1 },
          }),
          { qos: 1 },
        );
      };
      await dockOnline();

      let seq = 0;
      let published = 0;
      const ticker = setInterval(() => {
        if (!droneClient.connected) return;
        const n = ++seq;
        droneClient.publish(
          deviceTopic(drone.serialNumber, 'osd'),
          envelope(
            { mode_code: 0, longitude: 114, latitude: 22.5, height: 10, seq: n },
            { gateway: dock.serialNumber },
          ),
          { qos: 1 },
          (error) => {
            if (!error) published++;
          },
        );
      }, 100);
      cleanup.push(async () => clearInterval(ticker));

      const samples = async (call: typeof api.call) => {
        const answer = await call('POST', '/api/cloud-biglog/uavDataModel/page', {
          current: 1,
          size: 1000,
          serialNumber: drone.serialNumber,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return (answer.body.data as { records: Sample[] }).records;
      };
      await vi.waitFor(async () => expect((await samples(api.call)).length).toBeGreaterThanOrEqual(3), {
        timeout: 30_000,
        interval: 300,
      });

      // A command the dock does not answer: in flight when the server dies.
      const command = api
        .call('POST', '/api/cloud-equipment/uavhangar/hangarControl', {
          id: dock.id,
          action: 'debug_mode_open',
        })
        .catch((error: unknown) => error);
      await until(() => commands.length > 0, 30_000, 'the dock to receive the command');
      const stored = await samples(api.call);
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual([null, 'SIGKILL']);
      expect(await command).toBeInstanceOf(Error); // the connection died with the process

      // Second run on the same data: the devices reconnect by themselves and go on publishing.
      const second = await startServer([builtServer()], env);
      servers.push(second);
      const again = await signedIn(second.port);
      await until(() => dockClient.connected && droneClient.connected, 30_000, 'the devices to reconnect');
      await dockOnline();
      const seqAtRestart = seq;
      await vi.waitFor(
        async () => {
          const after = await samples(again.call);
          expect(after.some((sample) => (sample.osd.seq ?? 0) > seqAtRestart)).toBe(true);
        },
        { timeout: 30_000, interval: 300 },
      );
      clearInterval(ticker);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the last batch is written
      const after = await samples(again.call);

      // Nothing stored before the kill is lost; nothing is stored twice.
      const ids = new Set(after.map((sample) => sample.id));
      expect(stored.filter((sample) => !ids.has(sample.id))).toEqual([]);
      expect(new Set(after.map((sample) => sample.time)).size).toBe(after.length);
      const seqs = after.map((sample) => sample.osd.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      const secondsBeforeKill = new Set(stored.map((sample) => sample.time)).size;
      console.info(
        `SIGKILL (${_name}): ${published} OSD messages published (10 a second), ${after.length} samples stored ` +
          `(one per drone and second), ${secondsBeforeKill} of them read back before the kill; all of those kept`,
      );

      // The command's outcome: timed out, no outcome recorded, written after the restart.
      await vi.waitFor(
        async () => {
          const log = await again.call(
            'GET',
            '/api/blade-log/usual/list?current=1&size=50&logId=device.control',
          );
          const lines = (log.body.data as { records: Array<{ logData: string }> }).records.map(
            (row) => row.logData,
          );
          expect(lines.filter((line) => line.startsWith('debug_mode_open'))).toEqual([
            expect.stringMatching(
              new RegExp(
                `^debug_mode_open \\(debug_mode_open\\) → ${dock.serialNumber}: timeout, no outcome recorded .*bid ${commands[0]!.bid as string}$`,
              ),
            ),
          ]);
        },
        { timeout: 60_000, interval: 1000 },
      );

      second.child.kill('SIGTERM');
      expect(await second.exited).toEqual([0, null]);
    },
    300_000,
  );
});

async function register(
  api: Awaited<ReturnType<typeof signedIn>>,
  url: string,
  body: Row,
): Promise<Registered> {
  const answer = await api.call('POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Registered;
}
