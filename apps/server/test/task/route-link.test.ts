import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDock } from '../device-helper.js';
import { createTestApp } from '../helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';
import { addRoute, hangarTask, inMinutes, ok, TASK } from './helper.js';

/**
 * The route side of tasks and projects (spec §7): `routeline/getRouteByTaskId` answers the route a task flies,
 * `conflux-line-model/getListByProjectID` the routes a project's tasks fly, each once; neither reaches another
 * tenant's tasks or projects.
 */

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: '730019' }));
});
afterAll(async () => {
  await app?.close();
});

const BY_TASK = '/api/aos-gisservice/routeline/getRouteByTaskId';
const BY_PROJECT = '/api/cloud-task/conflux-line-model/getListByProjectID';

describe('routes of tasks and projects', () => {
  it("answers a task's route and a project's routes, each once, to their tenant only", async () => {
    const dock = await registerDock(app, mine.token);
    const first = await addRoute(app, mine.token, dock.id);
    const second = await addRoute(app, mine.token, dock.id);
    const unused = await addRoute(app, mine.token, dock.id);
    const project = await ok(
      await mine.send('POST', '/api/cloud-task/project-management/add', {
        name: 'Harbour survey',
        type: 1,
        industryType: 2,
        startTime: '2026-01-01 08:00:00',
        endTime: '2027-12-31 18:00:00',
      }),
    );
    const projectId = project.id as string;
    const task = (routeId: string, hours: number) =>
      mine.send(
        'POST',
        `${TASK}/submit`,
        hangarTask(dock.id, routeId, { mode: 'once', at: inMinutes(hours * 60) }, { projectId }),
      );
    const flown = await ok(await task(first, 24));
    await ok(await task(first, 30));
    await ok(await task(second, 36));

    const route = await ok(await mine.send('POST', `${BY_TASK}?taskId=${flown.id as string}`));
    expect(route.id).toBe(first);
    expect((route.waylines as unknown[]).length).toBeGreaterThan(0);

    const listed = (await ok(
      await mine.send('GET', `${BY_PROJECT}?projectID=${projectId}`),
    )) as unknown as Array<{
      id: string;
    }>;
    expect(listed.map((item) => item.id).sort()).toEqual([first, second].sort());
    expect(listed.map((item) => item.id)).not.toContain(unused);

    // another tenant: the task is not found, the project is not one it may name
    expect((await theirs.send('POST', `${BY_TASK}?taskId=${flown.id as string}`)).statusCode).toBe(404);
    const refused = await theirs.send('GET', `${BY_PROJECT}?projectID=${projectId}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors).toHaveProperty('projectID');
    // bad input names the field
    const bad = await mine.send('GET', `${BY_PROJECT}?projectID=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toHaveProperty('projectID');
  });
});
