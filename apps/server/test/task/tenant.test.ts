import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerDock } from '../device-helper.js';
import { createTestApp } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { addRoute, adminId, EXTRA, executionsOf, hangarTask, inMinutes, ok, TASK } from './helper.js';

/** Another tenant can neither read nor change a tenant's tasks, executions, timelines or notices. */

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: '730017' }));
});
afterAll(async () => {
  await app?.close();
});

describe('tasks across tenants', () => {
  it('a hangar task, its execution and timeline are the owner’s alone', async () => {
    const dock = await registerDock(app, mine.token);
    const routeId = await addRoute(app, mine.token, dock.id);
    const saved = await ok(
      await mine.send(
        'POST',
        `${TASK}/submit`,
        hangarTask(dock.id, routeId, { mode: 'once', at: inMinutes(24 * 60) }, { name: 'Owner only survey' }),
      ),
    );
    const id = saved.id as string;
    const [execution] = await executionsOf(app, id);
    const theirDock = await registerDock(app, theirs.token);
    const theirRoute = await addRoute(app, theirs.token, theirDock.id);
    const range = `startTime=${encodeURIComponent(inMinutes(0).replace(' ', ' ') + ':00')}&endTime=${encodeURIComponent(inMinutes(3 * 24 * 60) + ':00')}`;
    await expectIsolated(mine, theirs, {
      read: `${TASK}/detail?id=${id}`,
      names: [id, 'Owner only survey', execution!.id],
      hidden: [
        `${TASK}/page?current=1&size=100`,
        `${EXTRA}/queryListByTime?${range}`,
        `${TASK}/historicalRoutePage?current=1&size=100&taskStatus=0`,
      ],
      refused: [
        `${TASK}/detail?id=${id}`,
        `${EXTRA}/executionDetails?id=${execution!.id}`,
        `${TASK}/getSerialNumberByTaskID?id=${id}`,
        `/api/cloud-task/uver/task/track/list?taskId=${id}`,
        `${TASK}/closeTask?id=${id}`,
        `${TASK}/cancelHangarTask?id=${id}`,
        `${TASK}/executeHangarManualTask?id=${id}`,
        `${TASK}/pauseTask?id=${id}`,
        `/api/cloud-task/mission-plan/stopMission?id=${id}`,
        { method: 'POST', url: `${TASK}/getTaskTimeline`, payload: { taskId: id } },
        { method: 'POST', url: `${TASK}/assign`, payload: { id, operatorId: await adminId(app, '730017') } },
        {
          method: 'PUT',
          url: `${TASK}/update`,
          payload: { ...hangarTask(theirDock.id, theirRoute, { mode: 'once', at: inMinutes(48 * 60) }), id },
        },
        { method: 'DELETE', url: `${TASK}/remove?ids=${id}` },
        { method: 'DELETE', url: `/api/cloud-task/mission-plan/remove?ids=${id}` },
        { url: `${TASK}/getHangarScheTaskList?hangarId=${dock.id}`, status: 400 },
        {
          method: 'POST',
          url: `${TASK}/submit`,
          payload: hangarTask(dock.id, theirRoute, { mode: 'once', at: inMinutes(48 * 60) }),
          status: 400,
        },
        {
          method: 'POST',
          url: `${TASK}/submit`,
          payload: hangarTask(theirDock.id, routeId, { mode: 'once', at: inMinutes(48 * 60) }),
          status: 400,
        },
      ],
    });
  });

  it('a manual task’s notice is its operator’s alone', async () => {
    const saved = await ok(
      await mine.send('POST', `${TASK}/submit`, {
        name: 'Owner manual check',
        type: 4,
        operatorId: await adminId(app),
        schedule: { mode: 'now' },
      }),
    );
    const notices = await ok(await mine.send('GET', `${TASK}/operatorTaskNoticePage?current=1&size=10`));
    const notice = (notices.records as Array<Record<string, unknown>>).find(
      (item) => item.taskId === saved.id,
    )!;
    await expectIsolated(mine, theirs, {
      read: `${TASK}/detail?id=${saved.id as string}`,
      names: [saved.id as string, 'Owner manual check', notice.id as string],
      hidden: [`${TASK}/operatorTaskNoticePage?current=1&size=100`],
      refused: [
        {
          method: 'PUT',
          url: `${TASK}/operatorTaskNoticeStatus`,
          payload: { id: notice.id as string, noticeStatus: 2 },
        },
        {
          method: 'POST',
          url: `${TASK}/submit`,
          payload: { name: 'x', type: 4, operatorId: await adminId(app), schedule: { mode: 'now' } },
          status: 400,
        },
      ],
    });
  });
});
