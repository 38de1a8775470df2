import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, flyOperator, menu, role, roleMenu, roleScope, scopeData } from '../../src/db/schema/index.js';
import { newId } from '../../src/lib/ids.js';
import { registerDock, registerDrone } from '../device-helper.js';
import { createTestApp, login } from '../helper.js';
import { addUser } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
const M = '/api/cloud-task/project-management';
const C = '/api/item-manager-config';
const AUTH = '/api/cloud-task/projectauth';

type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: '820002' }));
});
afterAll(async () => {
  await app?.close();
});

async function ok<T = Row>(response: { statusCode: number; body: string; json(): { data: unknown } }) {
  expect(response.statusCode, response.body.slice(0, 600)).toBe(200);
  return response.json().data as T;
}
function refused(
  response: { statusCode: number; body: string; json(): { data?: { errors?: object } } },
  field: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  expect(Object.keys(response.json().data?.errors ?? {}), response.body).toContain(field);
}

async function addDept(tenantId: string, name: string, parent?: { id: string; ancestors: string }) {
  const id = newId();
  const ancestors = parent ? `${parent.ancestors},${parent.id}` : '0';
  await app.database.db
    .insert(dept)
    .values({ id, tenantId, parentId: parent?.id ?? '0', ancestors, deptName: name });
  return { id, ancestors };
}

/** A user of `tenantId` whose one role is granted `codes`, in `deptIds`; answers id and token. */
async function userWith(tenantId: string, account: string, codes: string[], deptIds: string[] = []) {
  const db = app.database.db;
  const roleId = newId();
  await db.insert(role).values({ id: roleId, tenantId, roleName: account, roleAlias: account });
  const granted = await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes));
  await db.insert(roleMenu).values(granted.map((row) => ({ id: newId(), roleId, menuId: row.id })));
  const id = await addUser(app, tenantId, account, { roleId, deptIds, realName: `${account} name` });
  return { id, roleId, token: (await login(app, tenantId, account)).access_token };
}

const READ = ['project_home', 'projectauth'];
const base = (extra: Row = {}) => ({
  name: `Project ${newId()}`,
  type: 1,
  industryType: 2,
  startTime: '2026-01-01 08:00:00',
  endTime: '2027-12-31 18:00:00',
  ...extra,
});

describe('projects', () => {
  let projectId: string;
  let team: { id: string; ancestors: string };
  let memberId: string;
  let leaderId: string;
  let dockId: string;
  let aircraftId: string;
  let dockDroneId: string;

  beforeAll(async () => {
    team = await addDept(mine.tenantId, 'Survey team');
    memberId = await addUser(app, mine.tenantId, 'pm-member', { realName: 'Mia Member' });
    leaderId = await addUser(app, mine.tenantId, 'pm-leader', { realName: 'Leo Leader' });
    const drone = await registerDrone(app, mine.token);
    dockDroneId = drone.id;
    const docked = await registerDock(app, mine.token, [drone]);
    dockId = docked.id;
    aircraftId = (await registerDrone(app, mine.token)).id;
  });

  it('adds a project with every field of spec §3, its members and machines, and shows its state', async () => {
    const saved = await ok(
      await mine.send('POST', `${M}/add`, {
        ...base({ name: 'Reservoir inspection' }),
        deptId: team.id,
        leaderId,
        memberIds: memberId,
        dockIds: [dockId],
        aircraftIds: aircraftId,
        centerLongitude: 116.4,
        centerLatitude: 39.9,
        screenTitle: 'Reservoir',
      }),
    );
    projectId = saved.id as string;
    expect(saved).toMatchObject({
      name: 'Reservoir inspection',
      type: 1,
      typeName: 'Inspection',
      industryType: 2,
      deptId: team.id,
      deptName: 'Survey team',
      leaderId,
      leaderName: 'Leo Leader',
      memberIds: [memberId],
      memberNames: ['Mia Member'],
      dockIds: [dockId],
      aircraftIds: [aircraftId],
      payloadIds: [],
      dataLinkIds: [],
      startTime: '2026-01-01 08:00:00',
      endTime: '2027-12-31 18:00:00',
      reportTemplateId: null,
      centerLongitude: 116.4,
      centerLatitude: 39.9,
      screenTitle: 'Reservoir',
      state: 1,
      stateName: 'In progress',
    });
    const later = await ok(
      await mine.send(
        'POST',
        `${M}/add`,
        base({ name: 'Next year', startTime: '2099-01-01 00:00:00', endTime: '2099-02-01 00:00:00' }),
      ),
    );
    expect(later).toMatchObject({ state: 0, stateName: 'Not started' });

    const page = await ok<{ records: Row[]; total: number }>(await mine.send('GET', `${M}/page?state=0`));
    expect(page.records.map((row) => row.name)).toEqual(['Next year']);
    const byName = await ok<{ records: Row[] }>(await mine.send('GET', `${M}/page?name=reservoir&type=1`));
    expect(byName.records.map((row) => row.id)).toEqual([projectId]);
    expect((await ok<{ records: Row[] }>(await mine.send('GET', `${M}/page?type=3`))).records).toEqual([]);

    const detail = await ok(await mine.send('GET', `${M}/detail?id=${projectId}`));
    expect((detail.members as Row[]).map((row) => [row.userId, row.role])).toEqual([[memberId, 3]]);
    expect((detail.machines as Row[]).map((row) => [row.kind, row.machineId, row.online])).toEqual([
      ['aircraft', aircraftId, false],
      ['dock', dockId, false],
    ]);
    const options = await ok<Row[]>(await mine.send('GET', `${M}/select-list`));
    expect(options.map((row) => row.name)).toEqual(['Next year', 'Reservoir inspection']);
  });

  it('refuses bad input with the field named, never a 500', async () => {
    const cases: Array<[Row, string]> = [
      [base({ endTime: '2025-01-01 00:00:00' }), 'endTime'],
      [base({ type: 99 }), 'type'],
      [base({ industryType: 99 }), 'industryType'],
      [base({ deptId: '123' }), 'deptId'],
      [base({ leaderId: '123' }), 'leaderId'],
      [base({ memberIds: `${memberId},123` }), 'memberIds'],
      [base({ dockIds: aircraftId }), 'dockIds'],
      [base({ aircraftIds: dockId }), 'aircraftIds'],
      [base({ payloadIds: aircraftId }), 'payloadIds'],
      [base({ attachIds: '123' }), 'attachIds'],
      [base({ reportTemplateId: '123' }), 'reportTemplateId'],
      [base({ centerLongitude: 116 }), 'centerLatitude'],
      [base({ name: 'Reservoir inspection' }), 'name'],
      [base({ name: '  ' }), 'name'],
      [base({ startTime: 'tomorrow' }), 'startTime'],
    ];
    for (const [payload, field] of cases) refused(await mine.send('POST', `${M}/add`, payload), field);
    refused(await mine.send('PUT', `${M}/update`, base()), 'id');
    refused(await mine.send('GET', `${M}/page?state=4`), 'state');
    refused(await mine.send('GET', `${M}/checkSameArea?longitude=200&latitude=1`), 'longitude');
  });

  it('updates a project: its lists replace members and machines, the roles of those kept stay', async () => {
    await ok(await mine.send('POST', `${C}/modify-member`, { projectId, userId: memberId, role: 2 }));
    const updated = await ok(
      await mine.send('PUT', `${M}/update`, {
        ...base({ name: 'Reservoir inspection' }),
        id: projectId,
        deptId: team.id,
        leaderId,
        memberIds: `${memberId},${leaderId}`,
        dockIds: dockId,
        aircraftIds: '',
        centerLongitude: 116.4,
        centerLatitude: 39.9,
      }),
    );
    expect(updated).toMatchObject({ memberIds: [memberId, leaderId], aircraftIds: [], dockIds: [dockId] });
    const members = await ok<{ records: Row[] }>(await mine.send('GET', `${C}/user?projectId=${projectId}`));
    expect(members.records.map((row) => [row.userId, row.role])).toEqual([
      [memberId, 2],
      [leaderId, 3],
    ]);
    const pilots = await ok<{ records: Row[] }>(
      await mine.send('GET', `${C}/user?projectId=${projectId}&role=2`),
    );
    expect(pilots.records.map((row) => row.userId)).toEqual([memberId]);
    const title = await ok(
      await mine.send('PUT', `${M}/screenTitleSet`, { id: projectId, screenTitle: 'Dam' }),
    );
    expect(title.screenTitle).toBe('Dam');
  });

  it('binds, lists and unbinds machines and members', async () => {
    const bound = await ok<Row[]>(
      await mine.send('POST', `${C}/bind-machine`, { projectId, kind: 'aircraft', ids: aircraftId }),
    );
    expect(bound.map((row) => row.machineId)).toEqual([aircraftId]);
    refused(
      await mine.send('POST', `${C}/bind-machine`, { projectId, kind: 'dock', ids: aircraftId }),
      'ids',
    );
    refused(
      await mine.send('POST', `${C}/bind-machine`, { projectId, kind: 'car', ids: aircraftId }),
      'kind',
    );

    const docks = await ok<Row[]>(await mine.send('GET', `${M}/getHangarList?projectId=${projectId}`));
    expect(docks.map((row) => [row.id, row.online])).toEqual([[dockId, false]]);
    const brandDocks = await ok<Row[]>(
      await mine.send(
        'GET',
        `${M}/getHangarListByProjectAndManufacturer?projectId=${projectId}&manufacturerId=123`,
      ),
    );
    expect(brandDocks).toEqual([]);
    const devices = await ok<Row[]>(
      await mine.send('GET', `${M}/getEquListByProjectId?projectId=${projectId}`),
    );
    expect(devices.map((row) => row.machineId)).toEqual([aircraftId]);
    for (const url of [`${M}/getProjectEqumentPage`, `${C}/page-equipment`]) {
      const page = await ok<{ records: Row[]; total: number }>(
        await mine.send('GET', `${url}?projectId=${projectId}&kind=dock`),
      );
      expect(page.records.map((row) => row.machineId)).toEqual([dockId]);
    }
    const usable = await ok<Row[]>(await mine.send('POST', `${M}/getUseEquipmentList`, { projectId }));
    const flags = Object.fromEntries(usable.map((row) => [row.id, row.bound]));
    expect(flags).toEqual({ [dockId]: true, [aircraftId]: true, [dockDroneId]: false });
    const online = await ok<Row[]>(
      await mine.send('GET', `/api/cloud-task/project-management/getOnlineUavList?projectId=${projectId}`),
    );
    expect(online).toEqual([]);

    expect(
      await ok(
        await mine.send('POST', `${C}/unbind-machine`, { projectId, kind: 'aircraft', ids: aircraftId }),
      ),
    ).toBe(1);
    expect(
      (await mine.send('POST', `${C}/unbind-machine`, { projectId, kind: 'aircraft', ids: aircraftId }))
        .statusCode,
    ).toBe(404);

    const joined = await ok(
      await mine.send('POST', `${C}/modify-member`, { projectId, userId: leaderId, role: 1 }),
    );
    expect(joined).toMatchObject({ userId: leaderId, role: 1, userName: 'Leo Leader' });
    refused(await mine.send('POST', `${C}/modify-member`, { projectId, userId: leaderId, role: 7 }), 'role');
    refused(await mine.send('POST', `${C}/modify-member`, { projectId, userId: '123', role: 1 }), 'userId');
    expect(await ok(await mine.send('POST', `${C}/unbind-member`, { projectId, userIds: leaderId }))).toBe(1);
    expect((await mine.send('POST', `${C}/unbind-member`, { projectId, userIds: leaderId })).statusCode).toBe(
      404,
    );
  });

  it('answers the fly list, files, current user, alarm types, inspection objects and the same-area check', async () => {
    await app.database.db.insert(flyOperator).values({
      id: newId(),
      tenantId: mine.tenantId,
      userId: memberId,
      name: 'Mia Pilot',
      phone: '13800138000',
      licenceNumber: 'L-1',
      licenceExpiry: '2099-01-01',
    });
    const flyers = await ok<Row[]>(await mine.send('GET', `${C}/fly-list?projectId=${projectId}`));
    expect(flyers.map((row) => [row.userId, row.name, row.role])).toEqual([[memberId, 'Mia Pilot', 2]]);
    expect(await ok(await mine.send('GET', `${C}/file?projectId=${projectId}`))).toEqual([]);
    const me = await ok(await mine.send('GET', `${C}/current-user?projectId=${projectId}`));
    expect(me).toMatchObject({ member: false, role: null, leader: false, canManage: true });
    const alarms = await ok<Row[]>(await mine.send('GET', `${M}/get-ararm-type`));
    expect(alarms[0]).toEqual({ key: '1', label: 'Person' });
    expect(await ok(await mine.send('GET', `${M}/getInspectionObjects?projectId=${projectId}`))).toEqual([]);
    const near = await ok(await mine.send('GET', `${M}/checkSameArea?longitude=116.401&latitude=39.9`));
    expect(near).toMatchObject({ same: true, radiusM: 500, projects: [{ id: projectId }] });
    const itself = await ok(
      await mine.send('GET', `${M}/checkSameArea?longitude=116.401&latitude=39.9&id=${projectId}`),
    );
    expect(itself).toMatchObject({ same: false, projects: [] });
    const far = await ok(await mine.send('GET', `${M}/checkSameArea?longitude=117&latitude=39.9`));
    expect(far).toMatchObject({ same: false });
  });

  it('shows a project to its members, team, leader and authorised depts and users only', async () => {
    const codes = [...READ, 'project_members', 'projectauth_edit'];
    const sub = await addDept(mine.tenantId, 'Sub team', team);
    const other = await addDept(mine.tenantId, 'Other team');
    const member = await userWith(mine.tenantId, 'v-member', codes);
    const inTeam = await userWith(mine.tenantId, 'v-team', codes, [team.id]);
    const outsider = await userWith(mine.tenantId, 'v-outsider', codes, [other.id]);
    const inSub = await userWith(mine.tenantId, 'v-sub', codes, [sub.id]);
    const named = await userWith(mine.tenantId, 'v-named', codes);
    const seen = async (token: string) =>
      (await ok<{ records: Row[] }>(await send(token, 'GET', `${M}/page?name=Reservoir`))).records.map(
        (row) => row.id,
      );
    const send = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Row) =>
      app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en-US' },
      });
    await ok(await mine.send('POST', `${C}/modify-member`, { projectId, userId: member.id, role: 3 }));
    // a leader sees the project they lead, and manages it
    const lead = await userWith(mine.tenantId, 'v-lead', codes);
    const led = await ok(
      await mine.send('POST', `${M}/add`, base({ name: 'Led project', leaderId: lead.id })),
    );
    const ledPage = await ok<{ records: Row[] }>(await send(lead.token, 'GET', `${M}/page`));
    expect(ledPage.records.map((row) => row.id)).toEqual([led.id]);
    const leading = await ok(
      await send(lead.token, 'GET', `${C}/current-user?projectId=${led.id as string}`),
    );
    expect(leading).toMatchObject({ member: false, leader: true, canManage: true });
    expect(await ok(await mine.send('DELETE', `${M}/remove?ids=${led.id as string}`))).toBe(1);

    expect(await seen(member.token)).toEqual([projectId]);
    expect(await seen(inTeam.token)).toEqual([projectId]);
    expect(await seen(outsider.token)).toEqual([]);
    expect(await seen(inSub.token)).toEqual([]);
    expect(await seen(named.token)).toEqual([]);
    expect((await send(outsider.token, 'GET', `${M}/detail?id=${projectId}`)).statusCode).toBe(404);
    expect((await send(outsider.token, 'GET', `${C}/user?projectId=${projectId}`)).statusCode).toBe(404);

    // a plain member sees but does not manage: no binding
    const current = await ok(await send(member.token, 'GET', `${C}/current-user?projectId=${projectId}`));
    expect(current).toMatchObject({ member: true, role: 3, canManage: false });
    expect(
      (await send(member.token, 'POST', `${C}/bind-machine`, { projectId, kind: 'dock', ids: dockId }))
        .statusCode,
    ).toBe(403);

    const auth = await ok(
      await mine.send('POST', `${AUTH}/submit`, {
        projectId,
        deptIds: `${other.id},${team.id}`,
        userIds: [named.id],
      }),
    );
    // an authorised dept covers its sub-depts (the team's own sub-dept did not see the project before)
    expect(auth).toMatchObject({
      projectId,
      deptIds: [other.id, team.id],
      userIds: [named.id],
      deptNames: ['Other team', 'Survey team'],
      userNames: ['v-named name'],
    });
    expect(await seen(outsider.token)).toEqual([projectId]);
    expect(await seen(named.token)).toEqual([projectId]);
    expect(await seen(inSub.token)).toEqual([projectId]);
    const insp = await ok<Row[]>(await send(named.token, 'GET', `${AUTH}/inspetionProjects`));
    expect(insp.map((row) => row.id)).toEqual([projectId]);

    refused(await mine.send('POST', `${AUTH}/submit`, { projectId, deptIds: '123' }), 'deptIds');
    refused(await mine.send('POST', `${AUTH}/submit`, { projectId, userIds: '123' }), 'userIds');
    refused(await mine.send('POST', `${AUTH}/submit`, { projectId: '123' }), 'projectId');

    const page = await ok<{ records: Row[] }>(await mine.send('GET', `${AUTH}/page?projectName=reservoir`));
    expect(page.records.map((row) => row.projectId)).toEqual([projectId]);
    const detail = await ok(await mine.send('GET', `${AUTH}/detail?projectId=${projectId}`));
    expect(await ok(await mine.send('DELETE', `${AUTH}/remove?ids=${detail.id as string}`))).toBe(1);
    expect(await ok(await mine.send('GET', `${AUTH}/detail?projectId=${projectId}`))).toBeNull();
    expect(await seen(named.token)).toEqual([]);
  });

  it('keeps another tenant from reading or changing a project, its members, machines and authorisation', async () => {
    await ok(await mine.send('POST', `${AUTH}/submit`, { projectId, userIds: memberId }));
    const theirDock = (await registerDock(app, theirs.token)).id;
    const theirUser = await addUser(app, theirs.tenantId, 'their-user');
    await expectIsolated(mine, theirs, {
      read: `${M}/detail?id=${projectId}`,
      names: [projectId, 'Reservoir inspection'],
      hidden: [`${M}/page`, `${M}/select-list`, `${AUTH}/page`, `${AUTH}/inspetionProjects`],
      refused: [
        `${M}/detail?id=${projectId}`,
        `${M}/getHangarList?projectId=${projectId}`,
        `${M}/getEquListByProjectId?projectId=${projectId}`,
        `${M}/getProjectEqumentPage?projectId=${projectId}`,
        `${M}/getInspectionObjects?projectId=${projectId}`,
        `${M}/getOnlineUavList?projectId=${projectId}`,
        `${C}/user?projectId=${projectId}`,
        `${C}/page-equipment?projectId=${projectId}`,
        `${C}/current-user?projectId=${projectId}`,
        `${C}/file?projectId=${projectId}`,
        `${C}/fly-list?projectId=${projectId}`,
        `${AUTH}/detail?projectId=${projectId}`,
        { method: 'PUT', url: `${M}/update`, payload: { ...base(), id: projectId } },
        { method: 'PUT', url: `${M}/screenTitleSet`, payload: { id: projectId, screenTitle: 'x' } },
        { method: 'DELETE', url: `${M}/remove?ids=${projectId}` },
        { method: 'POST', url: `${C}/bind-machine`, payload: { projectId, kind: 'dock', ids: theirDock } },
        { method: 'POST', url: `${C}/unbind-machine`, payload: { projectId, kind: 'dock', ids: dockId } },
        { method: 'POST', url: `${C}/modify-member`, payload: { projectId, userId: theirUser, role: 1 } },
        { method: 'POST', url: `${C}/unbind-member`, payload: { projectId, userIds: memberId } },
        { method: 'POST', url: `${AUTH}/submit`, payload: { projectId }, status: 400, field: 'projectId' },
        {
          method: 'POST',
          url: `${M}/getUseEquipmentList`,
          payload: { projectId },
          status: 400,
          field: 'projectId',
        },
      ],
    });
    // their own project may not name my users, team or machines
    for (const [payload, field] of [
      [base({ memberIds: memberId }), 'memberIds'],
      [base({ leaderId: memberId }), 'leaderId'],
      [base({ deptId: team.id }), 'deptId'],
      [base({ dockIds: dockId }), 'dockIds'],
    ] as Array<[Row, string]>) {
      refused(await theirs.send('POST', `${M}/add`, payload), field);
    }
    const theirProject = await ok(await theirs.send('POST', `${M}/add`, base()));
    refused(
      await theirs.send('POST', `${C}/bind-machine`, {
        projectId: theirProject.id,
        kind: 'dock',
        ids: dockId,
      }),
      'ids',
    );
    refused(
      await theirs.send('POST', `${C}/modify-member`, {
        projectId: theirProject.id,
        userId: memberId,
        role: 1,
      }),
      'userId',
    );
    refused(
      await theirs.send('POST', `${AUTH}/submit`, { projectId: theirProject.id, userIds: memberId }),
      'userIds',
    );
    const authOfMine = await ok(await mine.send('GET', `${AUTH}/detail?projectId=${projectId}`));
    expect((await theirs.send('DELETE', `${AUTH}/remove?ids=${authOfMine.id as string}`)).statusCode).toBe(
      404,
    );
  });

  it('applies the role data scopes of project_home on top (own dept: the team)', async () => {
    const scoped = await userWith(mine.tenantId, 'v-scoped', READ, [team.id]);
    const scopeId = newId();
    await app.database.db
      .insert(scopeData)
      .values({ id: scopeId, resourceCode: 'project_home', scopeName: 'own dept', scopeType: 3 });
    await app.database.db
      .insert(roleScope)
      .values({ id: newId(), scopeCategory: 1, scopeId, roleId: scoped.roleId });
    const elsewhere = await ok(await mine.send('POST', `${M}/add`, base({ memberIds: scoped.id })));
    const token = (await login(app, mine.tenantId, 'v-scoped')).access_token;
    const page = await app.inject({
      method: 'GET',
      url: `${M}/page`,
      headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en-US' },
    });
    const ids = (await ok<{ records: Row[] }>(page)).records.map((row) => row.id);
    // a member of a project of no team, but the scope keeps the team's projects only
    expect(ids).toEqual([projectId]);
    expect(ids).not.toContain(elsewhere.id);
  });

  it('removes a project with its members, machines and authorisation', async () => {
    const gone = await ok(
      await mine.send('POST', `${M}/add`, base({ memberIds: memberId, dockIds: dockId })),
    );
    expect(await ok(await mine.send('DELETE', `${M}/remove?ids=${gone.id as string}`))).toBe(1);
    expect((await mine.send('GET', `${M}/detail?id=${gone.id as string}`)).statusCode).toBe(404);
    expect((await mine.send('DELETE', `${M}/remove?ids=${gone.id as string}`)).statusCode).toBe(404);
  });
});
