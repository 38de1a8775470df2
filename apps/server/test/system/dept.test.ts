import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { addUser, signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let tenantA: TenantSide;
let tenantB: TenantSide;
let adminA: string;
let adminB: string;
const A = '000000';
const B = '300101';
const base = '/api/blade-system/dept';

interface DeptBody {
  id: string;
  parentId: string;
  ancestors: string;
  deptName: string;
  memberCount: number;
  managerName: string | null;
  parentName: string | null;
  hasChildren?: boolean;
  children?: DeptBody[];
}

async function add(token: string, body: Record<string, unknown>): Promise<DeptBody> {
  const response = await as(app, token).post(`${base}/submit`, { payload: { deptCategory: 2, ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function ancestorsOf(id: string): Promise<string> {
  const [row] = await app.database.db.select().from(dept).where(eq(dept.id, id));
  return row!.ancestors;
}

async function rootOf(token: string): Promise<DeptBody> {
  const response = await as(app, token).get(`${base}/lazy-tree`);
  return response.json().data[0];
}

beforeAll(async () => {
  app = await createTestApp();
  ({ mine: tenantA, theirs: tenantB } = await twoTenants(app, { mine: A, theirs: B }));
  adminA = tenantA.token;
  adminB = tenantB.token;
});
afterAll(async () => {
  await app?.close();
});

describe('dept CRUD', () => {
  it('adds, reads, pages, updates and removes a dept with the usual toasts', async () => {
    const caller = as(app, adminA, 'en-US');
    const root = await rootOf(adminA);
    const created = await caller.post(`${base}/submit`, {
      payload: { parentId: root.id, deptName: 'Inspection team', deptCategory: 3, sort: 2, remark: 'north' },
    });
    expect(created.json()).toMatchObject({ code: 200, success: true, msg: 'added successfully' });
    const team = created.json().data;
    expect(team).toMatchObject({
      parentId: root.id,
      ancestors: `0,${root.id}`,
      deptName: 'Inspection team',
      deptCategory: 3,
      tenantId: A,
      parentName: root.deptName,
      memberCount: 0,
    });

    const detail = await caller.get(`${base}/detail?id=${team.id}`);
    expect(detail.json().data).toMatchObject({ id: team.id, remark: 'north' });

    const page = await caller.get(`${base}/list?current=1&size=10&deptName=inspection`);
    expect(page.json().data).toMatchObject({ total: 1, current: 1, size: 10 });
    expect(page.json().data.records[0].id).toBe(team.id);
    const children = await caller.get(`${base}/page?parentId=${root.id}`);
    expect(children.json().data.records.map((row: DeptBody) => row.id)).toContain(team.id);

    const updated = await caller.post(`${base}/submit`, {
      payload: { id: team.id, parentId: root.id, deptName: 'Patrol team', deptCategory: 3, sort: 1 },
    });
    expect(updated.json()).toMatchObject({ msg: 'updated successfully', data: { deptName: 'Patrol team' } });

    const removed = await caller.post(`${base}/remove?ids=${team.id}`);
    expect(removed.json()).toMatchObject({ code: 200, msg: 'deleted successfully', data: 1 });
    expect((await caller.get(`${base}/detail?id=${team.id}`)).statusCode).toBe(404);
  });

  it('lists children for pickers (simpleList) and one level at a time with hasChildren (lazy-tree)', async () => {
    const root = await rootOf(adminA);
    const parent = await add(adminA, { parentId: root.id, deptName: 'Lazy parent' });
    const child = await add(adminA, { parentId: parent.id, deptName: 'Lazy child' });
    const caller = as(app, adminA);
    const top = (await caller.get(`${base}/lazy-tree`)).json().data as DeptBody[];
    expect(top.map((row) => row.id)).toEqual([root.id]);
    expect(top[0]).toMatchObject({ hasChildren: true, title: root.deptName, value: root.id, key: root.id });
    const level = (await caller.get(`${base}/lazy-tree?parentId=${root.id}`)).json().data as DeptBody[];
    expect(level.find((row) => row.id === parent.id)).toMatchObject({ hasChildren: true });
    const leaves = (await caller.get(`${base}/lazy-tree?parentId=${parent.id}`)).json().data as DeptBody[];
    expect(leaves).toMatchObject([{ id: child.id, hasChildren: false }]);
    const simple = (await caller.get(`${base}/simpleList?parentId=${parent.id}`)).json().data;
    expect(simple.map((row: DeptBody) => row.id)).toEqual([child.id]);
  });
});

describe('dept tree rules', () => {
  it('keeps ancestors right on insert and rewrites them for the whole subtree when the parent changes', async () => {
    const root = await rootOf(adminA);
    const north = await add(adminA, { parentId: root.id, deptName: 'North' });
    const south = await add(adminA, { parentId: root.id, deptName: 'South' });
    const squad = await add(adminA, { parentId: north.id, deptName: 'Squad' });
    const crew = await add(adminA, { parentId: squad.id, deptName: 'Crew' });
    expect(crew.ancestors).toBe(`0,${root.id},${north.id},${squad.id}`);

    const moved = await as(app, adminA).post(`${base}/submit`, {
      payload: { id: squad.id, parentId: south.id, deptName: 'Squad', deptCategory: 2 },
    });
    expect(moved.statusCode).toBe(200);
    expect(await ancestorsOf(squad.id)).toBe(`0,${root.id},${south.id}`);
    expect(await ancestorsOf(crew.id)).toBe(`0,${root.id},${south.id},${squad.id}`);
    expect(await ancestorsOf(north.id)).toBe(`0,${root.id}`);

    // to the top level and back below
    await add(adminA, { id: squad.id, parentId: '0', deptName: 'Squad' });
    expect(await ancestorsOf(crew.id)).toBe(`0,${squad.id}`);
    await add(adminA, { id: squad.id, parentId: north.id, deptName: 'Squad' });
    expect(await ancestorsOf(crew.id)).toBe(`0,${root.id},${north.id},${squad.id}`);
  });

  it('refuses a parent that is the dept itself or one below it', async () => {
    const root = await rootOf(adminA);
    const upper = await add(adminA, { parentId: root.id, deptName: 'Upper' });
    const middle = await add(adminA, { parentId: upper.id, deptName: 'Middle' });
    const lower = await add(adminA, { parentId: middle.id, deptName: 'Lower' });
    for (const parentId of [upper.id, middle.id, lower.id]) {
      const response = await as(app, adminA, 'en-US').post(`${base}/submit`, {
        payload: { id: upper.id, parentId, deptName: 'Upper', deptCategory: 2 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.errors.parentId).toBe(
        'the parent organisation cannot be the organisation itself or one below it',
      );
    }
    expect(await ancestorsOf(upper.id)).toBe(`0,${root.id}`);
  });

  it('refuses a parent that does not exist (or belongs to another tenant: see tenancy below)', async () => {
    const response = await as(app, adminA, 'en-US').post(`${base}/submit`, {
      payload: { parentId: '123456789', deptName: 'Orphan', deptCategory: 2 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual({ parentId: 'the parent organisation does not exist' });
  });

  it('refuses removing a dept with child depts, unless they go with it', async () => {
    const root = await rootOf(adminA);
    const parent = await add(adminA, { parentId: root.id, deptName: 'Parent dept' });
    const child = await add(adminA, { parentId: parent.id, deptName: 'Child dept' });
    const refused = await as(app, adminA, 'en-US').post(`${base}/remove?ids=${parent.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'the organisation "Parent dept" still has organisations below it: remove them first',
    );
    const both = await as(app, adminA).post(`${base}/remove?ids=${parent.id},${child.id}`);
    expect(both.json()).toMatchObject({ code: 200, data: 2 });
  });

  it('counts members from the users’ dept lists and refuses removing a dept that has users', async () => {
    const root = await rootOf(adminA);
    const team = await add(adminA, { parentId: root.id, deptName: 'Busy team' });
    const other = await add(adminA, { parentId: root.id, deptName: 'Other team' });
    await addUser(app, A, 'member1', { deptIds: [team.id] });
    await addUser(app, A, 'member2', { deptIds: [other.id, team.id] });
    await addUser(app, B, 'stranger', { deptIds: [team.id] }); // another tenant's user does not count
    const detail = await as(app, adminA).get(`${base}/detail?id=${team.id}`);
    expect(detail.json().data.memberCount).toBe(2);
    const refused = await as(app, adminA, 'en-US').post(`${base}/remove?ids=${team.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'the organisation "Busy team" still has 2 users: move them elsewhere first',
    );
    expect((await as(app, adminA).get(`${base}/detail?id=${team.id}`)).statusCode).toBe(200);
  });

  it('takes a manager from the users of the tenant only', async () => {
    const root = await rootOf(adminA);
    const managerId = await addUser(app, A, 'lead', { realName: 'Li Lead' });
    const team = await add(adminA, { parentId: root.id, deptName: 'Managed team', managerId });
    expect(team).toMatchObject({ managerId, managerName: 'Li Lead' });
    // a user of another tenant is refused: see tenancy below
    const cleared = await add(adminA, {
      id: team.id,
      parentId: root.id,
      deptName: 'Managed team',
      managerId: '',
    });
    expect(cleared).toMatchObject({ managerId: null, managerName: null });
  });
});

describe('dept validation', () => {
  it('names the field of a bad submit and ignores unknown fields', async () => {
    const caller = as(app, adminA, 'en-US');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ deptCategory: 2 }, 'deptName'],
      [{ deptName: '   ', deptCategory: 2 }, 'deptName'],
      [{ deptName: 'x'.repeat(46), deptCategory: 2 }, 'deptName'],
      [{ deptName: 'Typed', deptCategory: 'team' }, 'deptCategory'],
      [{ deptName: 'Typed', deptCategory: 2, parentId: 'abc' }, 'parentId'],
      [{ deptName: 'Typed', deptCategory: 2, sort: 'first' }, 'sort'],
      [{ deptName: 'Typed', deptCategory: 2, remark: 'r'.repeat(256) }, 'remark'],
    ];
    for (const [payload, field] of cases) {
      const response = await caller.post(`${base}/submit`, { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors)).toEqual([field]);
    }
    const blank = await caller.post(`${base}/submit`, { payload: { deptName: '  ', deptCategory: 2 } });
    expect(blank.json().data.errors.deptName).toBe('cannot be empty or all spaces');
    const smuggled = await add(adminA, {
      deptName: 'Smuggler',
      tenantId: B,
      ancestors: '0,1',
      memberCount: 9,
    });
    expect(smuggled).toMatchObject({ tenantId: A, ancestors: '0', memberCount: 0 });
  });
});

describe('dept tenancy and permissions', () => {
  it("another tenant can neither read, update, remove nor name a tenant's dept or user", async () => {
    const root = await rootOf(adminB);
    const ofB = await add(adminB, { parentId: root.id, deptName: 'B team' });
    const outsider = await addUser(app, B, 'outsider');
    const rootA = await rootOf(adminA);
    await expectIsolated(tenantB, tenantA, {
      read: `${base}/detail?id=${ofB.id}`,
      names: [ofB.id, 'B team'],
      hidden: [`${base}/list?size=200`, `${base}/tree`, `${base}/lazy-tree?parentId=${root.id}`],
      refused: [
        `${base}/detail?id=${ofB.id}`,
        {
          method: 'POST',
          url: `${base}/submit`,
          payload: { id: ofB.id, parentId: '0', deptName: 'Stolen', deptCategory: 2 },
        },
        { method: 'POST', url: `${base}/remove?ids=${ofB.id}` },
        ...[ofB.id, root.id].map((parentId) => ({
          method: 'POST' as const,
          url: `${base}/submit`,
          payload: { parentId, deptName: 'Orphan', deptCategory: 2 },
          status: 400,
          errors: { parentId: 'the parent organisation does not exist' },
        })),
        {
          method: 'POST',
          url: `${base}/submit`,
          payload: { parentId: rootA.id, deptName: 'Bad manager', deptCategory: 2, managerId: outsider },
          status: 400,
          errors: { managerId: 'the manager must be a user of this tenant' },
        },
      ],
    });
  });

  it("only the platform tenant may ask for another tenant's tree", async () => {
    const ownTree = (await as(app, adminB).get(`${base}/tree`)).json().data as DeptBody[];
    expect(ownTree).toHaveLength(1);
    expect(ownTree[0]!.children!.map((row) => row.deptName)).toContain('B team');
    const refused = await as(app, adminB, 'en-US').get(`${base}/tree?tenantId=${A}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('only the platform tenant may see the organisations of another tenant');
    expect((await as(app, adminB).post(`${base}/getDeptByTenantID?tenantId=${A}`)).statusCode).toBe(403);

    const asPlatform = (await as(app, adminA).get(`${base}/tree?tenantId=${B}`)).json().data as DeptBody[];
    expect(asPlatform.map((row) => row.deptName)).toEqual(ownTree.map((row) => row.deptName));
    const flat = (await as(app, adminA).post(`${base}/getDeptByTenantID?tenantId=${B}`)).json().data;
    expect(flat.map((row: DeptBody) => row.deptName)).toEqual(expect.arrayContaining(['B team']));
    const own = (await as(app, adminB).post(`${base}/getDeptByTenantID?tenantId=${B}`)).json().data;
    expect(own).toHaveLength(flat.length);
  });

  it('a role with the menu but without the button codes reads but cannot add, edit or remove', async () => {
    const root = await rootOf(adminB);
    const target = await add(adminB, { parentId: root.id, deptName: 'Guarded' });
    const reader = as(app, await signInWithGrants(app, B, 'dept-reader', ['dept']), 'en-US');
    expect((await reader.get(`${base}/list`)).statusCode).toBe(200);
    expect((await reader.get(`${base}/detail?id=${target.id}`)).statusCode).toBe(200);
    const denied = [
      await reader.post(`${base}/submit`, { payload: { parentId: root.id, deptName: 'X', deptCategory: 2 } }),
      await reader.post(`${base}/submit`, {
        payload: { id: target.id, parentId: root.id, deptName: 'X', deptCategory: 2 },
      }),
      await reader.post(`${base}/remove?ids=${target.id}`),
    ];
    for (const response of denied) {
      expect(response.statusCode).toBe(403);
      expect(response.json().msg).toBe('you do not have permission for this action');
    }
    const stranger = as(app, await signInWithGrants(app, B, 'dept-none', []));
    expect((await stranger.get(`${base}/list`)).statusCode).toBe(403);
    // pickers serve every signed-in user
    expect((await stranger.get(`${base}/tree`)).statusCode).toBe(200);
  });
});
