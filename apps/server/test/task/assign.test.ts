import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task } from '../../src/db/schema/index.js';
import { registerDock } from '../device-helper.js';
import { createTestApp } from '../helper.js';
import { addUser } from '../org-helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';
import { addRoute, adminId, hangarTask, inMinutes, ok, TASK } from './helper.js';

/**
 * `assign` as the console's dialog uses it: the task gets its operator (shown by name, on the timeline), a
 * user of another tenant or none is a 400 naming `operatorId`, a task that is over a 400 naming `id`.
 */

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: '730018' }));
});
afterAll(async () => {
  await app?.close();
});

function refused(response: { statusCode: number; body: string }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const errors = (JSON.parse(response.body) as { data?: { errors?: Record<string, string> } }).data?.errors;
  expect(Object.keys(errors ?? {}), response.body).toContain(field);
  return errors![field]!;
}

describe('assigning a task', () => {
  it('gives the task to a user of the tenant, and refuses by field', async () => {
    const dock = await registerDock(app, mine.token);
    const routeId = await addRoute(app, mine.token, dock.id);
    const saved = await ok(
      await mine.send(
        'POST',
        `${TASK}/submit`,
        hangarTask(dock.id, routeId, { mode: 'once', at: inMinutes(900) }, { name: 'Assigned run' }),
      ),
    );
    const id = saved.id as string;
    const operatorId = await addUser(app, mine.tenantId, 'pilot-assign', { realName: 'Pilot Wang' });

    const assigned = await ok(await mine.send('POST', `${TASK}/assign`, { id, operatorId }));
    expect(assigned).toMatchObject({ id, operatorId, operatorName: 'Pilot Wang' });
    const timeline = (await ok(
      await mine.send('POST', `${TASK}/getTaskTimeline`, { taskId: id }),
    )) as unknown as Array<{ cause: string; params: Record<string, string> }>;
    expect(timeline.at(-1)).toMatchObject({
      cause: 'task.timeline.assigned',
      params: { name: 'Pilot Wang' },
    });

    // another tenant's user, an unknown one, or none: 400 naming operatorId
    expect(
      refused(
        await mine.send('POST', `${TASK}/assign`, { id, operatorId: await adminId(app, '730018') }),
        'operatorId',
      ),
    ).toBe('no such user in this tenant');
    refused(await mine.send('POST', `${TASK}/assign`, { id, operatorId: '123' }), 'operatorId');
    refused(await mine.send('POST', `${TASK}/assign`, { id }), 'operatorId');
    // another tenant cannot assign it
    expect(
      (await theirs.send('POST', `${TASK}/assign`, { id, operatorId: await adminId(app, '730018') }))
        .statusCode,
    ).toBe(404);

    // a task that is over: 400 naming id; the operator stays
    await app.database.db.update(task).set({ taskStatus: 3 }).where(eq(task.id, id));
    expect(
      refused(await mine.send('POST', `${TASK}/assign`, { id, operatorId: await adminId(app) }), 'id'),
    ).toContain('over');
    expect((await ok(await mine.send('GET', `${TASK}/detail?id=${id}`))).operatorId).toBe(operatorId);
  });
});
