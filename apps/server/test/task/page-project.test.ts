import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task } from '../../src/db/schema/index.js';
import { registerDock } from '../device-helper.js';
import { createTestApp } from '../helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';
import { addRoute, hangarTask, inMinutes, ok, TASK } from './helper.js';

/**
 * The task list's project column (`project-task/page`): each task shows the name of its project, a task of no
 * project none, and never the name of another tenant's project, even on a row that points at one.
 */

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: '730023' }));
});
afterAll(async () => {
  await app?.close();
});

const addProject = async (side: TenantSide, name: string) =>
  (
    await ok(
      await side.send('POST', '/api/cloud-task/project-management/add', {
        name,
        type: 1,
        industryType: 2,
        startTime: '2026-01-01 08:00:00',
        endTime: '2030-12-31 18:00:00',
      }),
    )
  ).id as string;

interface Listed {
  id: string;
  name: string;
  projectId: string | null;
  projectName: string | null;
}

const page = async (side: TenantSide) => {
  const response = await side.send('GET', `${TASK}/page?current=1&size=100`);
  const records = ((await ok(response)) as { records: Listed[] }).records;
  return { records, body: response.body };
};

describe('the task list’s project names', () => {
  it('shows the project of each task, none without one, and never another tenant’s', async () => {
    const dock = await registerDock(app, mine.token);
    const routeId = await addRoute(app, mine.token, dock.id);
    const harbour = await addProject(mine, 'Harbour survey');
    const river = await addProject(mine, 'River bank survey');
    const submit = async (name: string, hours: number, projectId?: string) =>
      (
        await ok(
          await mine.send(
            'POST',
            `${TASK}/submit`,
            hangarTask(
              dock.id,
              routeId,
              { mode: 'once', at: inMinutes(hours * 60) },
              { name, confirmSpacing: true, ...(projectId ? { projectId } : {}) },
            ),
          ),
        )
      ).id as string;
    const first = await submit('Harbour east', 24, harbour);
    const second = await submit('Harbour west', 30, harbour);
    const third = await submit('River north', 36, river);
    const loose = await submit('No project', 42);

    const { records } = await page(mine);
    const nameOf = (id: string) => records.find((row) => row.id === id)?.projectName;
    expect(nameOf(first)).toBe('Harbour survey');
    expect(nameOf(second)).toBe('Harbour survey');
    expect(nameOf(third)).toBe('River bank survey');
    expect(nameOf(loose)).toBeNull();

    // a row pointing at another tenant's project (the API refuses such a projectId; written here directly):
    // its name is not shown
    const secret = await addProject(theirs, 'Their secret project');
    await app.database.db.update(task).set({ projectId: secret }).where(eq(task.id, loose));
    const after = await page(mine);
    const row = after.records.find((item) => item.id === loose)!;
    expect(row.projectId).toBe(secret);
    expect(row.projectName).toBeNull();
    expect(after.body).not.toContain('Their secret project');

    // the other tenant's list shows neither the tasks nor the project names
    const theirPage = await page(theirs);
    expect(theirPage.records.map((item) => item.id)).not.toContain(first);
    expect(theirPage.body).not.toContain('Harbour survey');
  });
});
