import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDock, registerDrone } from '../device-helper.js';
import { createTestApp, login, send } from '../helper.js';
import { addRoute, adminId, executionsOf, hangarTask, inMinutes, ok, submitTask, TASK } from './helper.js';

/** Submitting tasks (spec §3 Task, §5; issue 17): every refusal a 400 naming its field, never half-written. */

let app: FastifyInstance;
let token: string;
let hangarId: string;
let routeId: string;
let droneId: string;

beforeAll(async () => {
  app = await createTestApp();
  token = (await login(app)).access_token;
  const drone = await registerDrone(app, token);
  droneId = drone.id;
  hangarId = (await registerDock(app, token, [drone])).id;
  routeId = await addRoute(app, token, hangarId);
});
afterAll(async () => {
  await app?.close();
});

async function refused(body: Record<string, unknown>, field: string, message?: RegExp) {
  const before = (await app.database.db.execute('select count(*)::int as n from aos_task')) as unknown as {
    rows: Array<{ n: number }>;
  };
  const response = await submitTask(app, token, body);
  expect(response.statusCode, response.body).toBe(400);
  const json = response.json();
  expect(json.data?.field ?? Object.keys(json.data?.errors ?? {})[0] ?? json.msg).toContain(field);
  if (message) expect(json.msg).toMatch(message);
  const after = (await app.database.db.execute('select count(*)::int as n from aos_task')) as unknown as {
    rows: Array<{ n: number }>;
  };
  expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
}

describe('task submit refusals', () => {
  it('a hangar task needs its dock and route, both the tenant’s', async () => {
    await refused({ name: 'x', type: 2, routeId, schedule: { mode: 'now' } }, 'hangarId', /dock/);
    await refused({ name: 'x', type: 2, hangarId, schedule: { mode: 'now' } }, 'routeId');
    await refused(hangarTask('123456789', routeId, { mode: 'now' }), 'hangarId', /no such dock/);
    await refused(hangarTask(hangarId, '123456789', { mode: 'now' }), 'routeId', /no such route/);
  });

  it('a flight or manual task needs an operator of the tenant', async () => {
    await refused({ name: 'x', type: 1, schedule: { mode: 'now' } }, 'operatorId', /operator/);
    await refused({ name: 'x', type: 4, schedule: { mode: 'now' }, operatorId: '123456789' }, 'operatorId');
  });

  it('a time in the past names schedule; a periodic task repeats', async () => {
    await refused(hangarTask(hangarId, routeId, { mode: 'once', at: inMinutes(-10) }), 'schedule', /passed/);
    await refused(
      hangarTask(hangarId, routeId, { mode: 'once', at: inMinutes(600) }, { type: 3 }),
      'schedule',
      /periodic/,
    );
    await refused(hangarTask(hangarId, routeId, { mode: 'once', at: 'tomorrow' }), 'schedule');
    await refused({ ...hangarTask(hangarId, routeId, { mode: 'now' }), rthAltitude: 5 }, 'rthAltitude');
    await refused({ ...hangarTask(hangarId, routeId, { mode: 'now' }), type: 9 }, 'type');
  });

  it('flights of one dock closer than 3 hours need confirmSpacing, then a timeline warning', async () => {
    const first = await ok(
      await submitTask(app, token, hangarTask(hangarId, routeId, { mode: 'once', at: inMinutes(24 * 60) })),
    );
    expect(first.code).toMatch(/^T\d{8}-\d{4}$/);
    await refused(
      hangarTask(hangarId, routeId, { mode: 'once', at: inMinutes(24 * 60 + 60) }),
      'confirmSpacing',
      /3 hours/,
    );
    const second = await ok(
      await submitTask(
        app,
        token,
        hangarTask(
          hangarId,
          routeId,
          { mode: 'once', at: inMinutes(24 * 60 + 60) },
          { confirmSpacing: true },
        ),
      ),
    );
    const timeline = await ok(
      await send(app, token, 'POST', `${TASK}/getTaskTimeline`, { taskId: second.id as string }),
    );
    expect((timeline as unknown as Array<{ kind: string }>).map((item) => item.kind)).toContain('warning');
    // codes of one tenant's day follow each other
    const sequence = (code: unknown) => Number(String(code).split('-')[1]);
    expect(sequence(second.code)).toBe(sequence(first.code) + 1);
    // far enough apart: no advice
    await ok(
      await submitTask(app, token, hangarTask(hangarId, routeId, { mode: 'once', at: inMinutes(48 * 60) })),
    );
  });

  it('a repeating task creates its occurrences of the horizon once, in the dock’s zone', async () => {
    const dockInTokyo = await registerDock(app, token);
    await ok(
      await send(app, token, 'POST', '/api/cloud-equipment/uavhangar/submit', {
        id: dockInTokyo.id,
        name: `Dock ${dockInTokyo.serialNumber}`,
        type: 1,
        serialNumber: dockInTokyo.serialNumber,
        modelId: 'dji-dock2',
        timeZone: 'Asia/Tokyo',
      }),
    );
    const dockBody = {
      id: dockInTokyo.id,
      name: `Dock ${dockInTokyo.serialNumber}`,
      type: 1,
      serialNumber: dockInTokyo.serialNumber,
      modelId: 'dji-dock2',
    };
    const badZone = await send(app, token, 'POST', '/api/cloud-equipment/uavhangar/submit', {
      ...dockBody,
      timeZone: 'Mars/Olympus',
    });
    expect(badZone.statusCode).toBe(400);
    expect(JSON.stringify(badZone.json())).toContain('timeZone');
    // a form without the field keeps the zone
    await ok(
      await send(app, token, 'POST', '/api/cloud-equipment/uavhangar/submit', { ...dockBody, name: 'Tokyo' }),
    );
    const shown = await ok(
      await send(app, token, 'GET', `/api/cloud-equipment/uavhangar/detail?id=${dockInTokyo.id}`),
    );
    expect(shown).toMatchObject({ name: 'Tokyo', timeZone: 'Asia/Tokyo' });
    const route = await addRoute(app, token);
    const start = inMinutes(24 * 60, 'Asia/Tokyo').slice(0, 10);
    const end = inMinutes(10 * 24 * 60, 'Asia/Tokyo').slice(0, 10);
    const saved = await ok(
      await submitTask(
        app,
        token,
        hangarTask(
          dockInTokyo.id,
          route,
          { mode: 'repeat', frequency: 'daily', times: ['08:00'], startDate: start, endDate: end },
          { type: 3 },
        ),
      ),
    );
    expect(saved.timeZone).toBe('Asia/Tokyo');
    const executions = await executionsOf(app, saved.id as string);
    expect(executions.length).toBeGreaterThanOrEqual(1);
    expect(executions.length).toBeLessThanOrEqual(2);
    for (const execution of executions) {
      expect(execution.planLocal.endsWith('08:00')).toBe(true);
      // 08:00 in Tokyo is 23:00 UTC the day before
      expect(execution.planAt.getUTCHours()).toBe(23);
    }
  });

  it('a flight task of an operator and its aircraft; a manual task sends its operator a notice', async () => {
    const operatorId = await adminId(app);
    const byHand = { name: 'Survey by hand', type: 1, operatorId, schedule: { mode: 'now' } };
    // followed from its aircraft's telemetry: the aircraft is named, one of the tenant's, an aircraft
    await refused(byHand, 'aircraftId', /aircraft/);
    await refused({ ...byHand, aircraftId: '123456789' }, 'aircraftId', /aircraft/);
    await refused({ ...byHand, aircraftId: hangarId }, 'aircraftId', /aircraft/);
    const flight = await ok(await submitTask(app, token, { ...byHand, aircraftId: droneId }));
    expect(flight.operatorName).toBeTruthy();
    expect(flight.aircraftName).toBeTruthy();
    const manual = await ok(
      await submitTask(app, token, {
        name: 'Check the fence',
        type: 4,
        operatorId,
        schedule: { mode: 'now' },
      }),
    );
    const notices = await ok(
      await send(app, token, 'GET', `${TASK}/operatorTaskNoticePage?current=1&size=10`),
    );
    const mine = (notices.records as Array<Record<string, unknown>>).find(
      (item) => item.taskId === manual.id,
    );
    expect(mine).toMatchObject({ noticeStatus: 0, content: 'task.notice.manual' });
    await ok(
      await send(app, token, 'PUT', `${TASK}/operatorTaskNoticeStatus`, {
        id: mine!.id as string,
        noticeStatus: 2,
      }),
    );
    const detail = await ok(await send(app, token, 'GET', `${TASK}/detail?id=${manual.id as string}`));
    expect(detail.taskStatus).toBe(3);
  });

  it('update while nothing flew re-plans; remove cancels the waiting executions', async () => {
    const saved = await ok(
      await submitTask(app, token, hangarTask(hangarId, routeId, { mode: 'once', at: inMinutes(72 * 60) })),
    );
    const changed = await ok(
      await send(app, token, 'PUT', `${TASK}/update`, {
        ...hangarTask(hangarId, routeId, { mode: 'once', at: inMinutes(96 * 60) }),
        id: saved.id as string,
        name: 'Moved',
      }),
    );
    expect(changed.name).toBe('Moved');
    expect(changed.executions as unknown[]).toHaveLength(1);
    const removed = await send(app, token, 'DELETE', `${TASK}/remove?ids=${saved.id as string}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const [execution] = await executionsOf(app, saved.id as string);
    expect(execution!.taskStatus).toBe(5);
  });
});
