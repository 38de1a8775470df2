import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task, taskExecution } from '../../src/db/schema/index.js';
import { registerDock } from '../device-helper.js';
import { createTestApp } from '../helper.js';
import { addRoute, hangarTask, inMinutes, ok, TASK } from '../task/helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';

/**
 * A project's flights now (`getFlyingTask`) and removing a project that has tasks: refused while any of them
 * waits or flies (the 400 names them under `ids`), its finished tasks removed with it.
 */

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
const M = '/api/cloud-task/project-management';

type Row = Record<string, unknown>;

let dockId: string;
let routeId: string;

/** One app, two tenants, and a dock of mine with a route: what every case below starts from. */
beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: '820017' }));
  dockId = (await registerDock(app, mine.token)).id;
  routeId = await addRoute(app, mine.token, dockId);
});
afterAll(async () => {
  await app?.close();
});

const project = async (name: string) =>
  (
    await ok(
      await mine.send('POST', `${M}/add`, {
        name,
        type: 1,
        industryType: 2,
        startTime: '2026-01-01 08:00:00',
        endTime: '2027-12-31 18:00:00',
      }),
    )
  ).id as string;

/** A one-off task `name` of the project on my dock, `minutes` from now (spacing to the others confirmed). */
const taskOf = async (projectId: string, name: string, minutes: number) =>
  ok(
    await mine.send(
      'POST',
      `${TASK}/submit`,
      hangarTask(
        dockId,
        routeId,
        { mode: 'once', at: inMinutes(minutes) },
        { name, projectId, confirmSpacing: true },
      ),
    ),
  );

/** Put the task's execution (and the task) in `status`, as the dispatcher does when the dock reports. */
async function moveTo(taskId: string, status: number, progress: Row = {}) {
  const db = app.database.db;
  await db
    .update(taskExecution)
    .set({ taskStatus: status, ...progress })
    .where(eq(taskExecution.taskId, taskId));
  await db.update(task).set({ taskStatus: status }).where(eq(task.id, taskId));
}

function refused(response: { statusCode: number; body: string }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const errors = (JSON.parse(response.body) as { data?: { errors?: Record<string, string> } }).data?.errors;
  expect(Object.keys(errors ?? {}), response.body).toContain(field);
  return errors![field]!;
}

describe('a project’s flying tasks and its removal', () => {
  it('getFlyingTask answers the executions received or in progress of the project’s tasks only', async () => {
    const projectId = await project('Harbour survey');
    const other = await project('Other project');
    const flying = await taskOf(projectId, 'Pier run', 600);
    const waiting = await taskOf(projectId, 'Later run', 1200);
    const elsewhere = await taskOf(other, 'Elsewhere run', 1800);
    // nothing flies yet
    expect(await ok(await mine.send('POST', `${M}/getFlyingTask?projectId=${projectId}`))).toEqual([]);

    await moveTo(flying.id as string, 2, { percent: 40, waypointIndex: 1, startTime: new Date() });
    await moveTo(elsewhere.id as string, 2, { percent: 10 });
    // taken by its dock ahead of its time (received, not yet told to fly): waiting, not flying
    await moveTo(waiting.id as string, 1, { startTime: null });
    const answer = (await ok(
      await mine.send('POST', `${M}/getFlyingTask?projectId=${projectId}`),
    )) as unknown as Row[];
    expect(answer).toHaveLength(1);
    expect(answer[0]).toMatchObject({
      taskId: flying.id,
      taskName: 'Pier run',
      taskCode: flying.code,
      taskStatus: 2,
      hangarId: dockId,
      percent: 40,
      waypointIndex: 1,
      paused: false,
    });
    expect(answer[0]!.hangarName).toEqual(expect.any(String));
    expect(answer.map((item) => item.taskId)).not.toContain(waiting.id);

    // another tenant cannot read it: 400 naming projectId; a missing or bad id too
    refused(await theirs.send('POST', `${M}/getFlyingTask?projectId=${projectId}`), 'projectId');
    refused(await mine.send('POST', `${M}/getFlyingTask`), 'projectId');
    refused(await mine.send('POST', `${M}/getFlyingTask?projectId=x'1`), 'projectId');
  });

  it('a project with a task waiting or flying is not removed: the 400 names the tasks', async () => {
    const projectId = await project('Quay inspection');
    const saved = await taskOf(projectId, 'Quay run', 3000);
    const id = saved.id as string;

    // pending: refused, naming the task by its code and name
    let message = refused(await mine.send('DELETE', `${M}/remove?ids=${projectId}`), 'ids');
    expect(message).toContain(saved.code as string);
    expect(message).toContain('Quay run');
    // in progress: refused too
    await moveTo(id, 2);
    message = refused(await mine.send('DELETE', `${M}/remove?ids=${projectId}`), 'ids');
    expect(message).toContain('Quay run');
    // the project is still there, and so is its task
    await ok(await mine.send('GET', `${M}/detail?id=${projectId}`));
    await ok(await mine.send('GET', `${TASK}/detail?id=${id}`));
    // another tenant cannot remove it either (nothing of theirs)
    expect((await theirs.send('DELETE', `${M}/remove?ids=${projectId}`)).statusCode).toBe(404);

    // finished: the project goes, and its finished task with it (the list and the history no longer show it)
    await moveTo(id, 3, { endTime: new Date() });
    expect(
      (await ok(await mine.send('GET', `${TASK}/historicalRoutePage?current=1&size=100&taskId=${id}`))).total,
    ).toBe(1);
    await ok(await mine.send('DELETE', `${M}/remove?ids=${projectId}`));
    expect((await mine.send('GET', `${M}/detail?id=${projectId}`)).statusCode).toBe(404);
    expect((await mine.send('GET', `${TASK}/detail?id=${id}`)).statusCode).toBe(404);
    expect(
      (await ok(await mine.send('GET', `${TASK}/historicalRoutePage?current=1&size=100&taskId=${id}`))).total,
    ).toBe(0);
  });

  it('a project without tasks is removed as before', async () => {
    const projectId = await project('Empty project');
    await ok(await mine.send('DELETE', `${M}/remove?ids=${projectId}`));
    expect((await mine.send('GET', `${M}/detail?id=${projectId}`)).statusCode).toBe(404);
  });
});
