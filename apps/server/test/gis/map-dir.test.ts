import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapDir, mapMark } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
const B = '800061';
const GIS = '/api/aos-gisservice';

type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
});
afterAll(async () => {
  await app?.close();
});

const point = (lon = 116.39, lat = 39.91) => ({ type: 'Point', coordinates: [lon, lat] });
const line = () => ({
  type: 'LineString',
  coordinates: [
    [116.3, 39.9],
    [116.4, 39.95],
  ],
});
const square = (x = 116.3, y = 39.9, d = 0.1) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
});
const bowtie = () => ({
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.4, 40.0],
      [116.4, 39.9],
      [116.3, 40.0],
      [116.3, 39.9],
    ],
  ],
});

const post = (side: TenantSide | string, url: string, payload?: Row) =>
  as(app, typeof side === 'string' ? side : side.token, 'en-US').post(url, payload ? { payload } : {});
const get = (side: TenantSide | string, url: string) =>
  as(app, typeof side === 'string' ? side : side.token, 'en-US').get(url);

async function addDir(side: TenantSide, name: string, extra: Row = {}): Promise<string> {
  const response = await post(side, `${GIS}/mapdir/submit`, { name, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as string;
}
async function addMark(side: TenantSide, path: string, payload: Row): Promise<Row> {
  const response = await post(side, `${GIS}/${path}/submit`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Row;
}

describe('map directories', () => {
  it('adds, nests, lists as trees, updates and removes directories', async () => {
    const top = await addDir(mine, 'Field A', { sort: 2, remark: 'north' });
    const first = await addDir(mine, 'Alpha', { sort: 1 });
    const sub = await addDir(mine, 'Wells', { parentId: top });
    const mark = await addMark(mine, 'mapmarkpoint', { dirId: sub, name: 'Well 7', geometry: point() });

    const tree = (await get(mine, `${GIS}/mapdir/list`)).json().data as Row[];
    const names = tree.map((node) => node.name);
    expect(names.indexOf('Alpha')).toBeLessThan(names.indexOf('Field A'));
    const field = tree.find((node) => node.id === top) as Row & { children: Row[] };
    expect(field).toMatchObject({ parentId: '0', visible: 1, remark: 'north', marks: [] });
    expect(field.children).toMatchObject([
      { id: sub, name: 'Wells', marks: [{ id: mark.id, name: 'Well 7' }] },
    ]);

    const dirs = (await get(mine, `${GIS}/mapdir/dirs`)).json().data as Row[];
    const node = dirs.find((entry) => entry.id === top);
    expect(node).toEqual({
      id: top,
      parentId: '0',
      title: 'Field A',
      key: top,
      value: top,
      hasChildren: true,
      children: [
        { id: sub, parentId: top, title: 'Wells', key: sub, value: sub, hasChildren: false, children: [] },
      ],
    });
    expect(JSON.stringify(dirs)).not.toContain('Well 7');

    const moved = await post(mine, `${GIS}/mapdir/submit`, { id: sub, name: 'Wells', parentId: first });
    expect(moved.json()).toMatchObject({ msg: 'updated successfully', data: { parentId: first } });
    const backToTop = await post(mine, `${GIS}/mapdir/submit`, { id: sub, name: 'Wells 2', parentId: '0' });
    expect(backToTop.json().data).toMatchObject({ parentId: '0', name: 'Wells 2' });

    await post(mine, `${GIS}/mapmarkpoint/remove?ids=${mark.id}`);
    const removed = await post(mine, `${GIS}/mapdir/removeDir?ids=${sub},${first}`);
    expect(removed.json()).toMatchObject({ data: 2, msg: 'deleted successfully' });
    const after = (await get(mine, `${GIS}/mapdir/dirs`)).json().data as Row[];
    expect(after.map((entry) => entry.id)).not.toContain(sub);
    expect((await post(mine, `${GIS}/mapdir/removeDir?ids=${sub}`)).statusCode).toBe(404);
  });

  it('refuses a parent that is the directory itself, below it, or unknown', async () => {
    const a = await addDir(mine, 'Cycle A');
    const b = await addDir(mine, 'Cycle B', { parentId: a });
    const c = await addDir(mine, 'Cycle C', { parentId: b });
    const cycle = 'a directory cannot be its own parent or below itself';
    for (const parentId of [a, b, c]) {
      const response = await post(mine, `${GIS}/mapdir/submit`, { id: a, name: 'Cycle A', parentId });
      expect(response.statusCode, parentId).toBe(400);
      expect(response.json().data.errors).toEqual({ parentId: cycle });
    }
    const unknown = await post(mine, `${GIS}/mapdir/submit`, { name: 'Orphan', parentId: '123456789' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.errors).toEqual({ parentId: 'no such directory' });
    const unknownId = await post(mine, `${GIS}/mapdir/submit`, { id: '123456789', name: 'Ghost' });
    expect(unknownId.statusCode).toBe(404);
  });

  it('refuses to remove a directory holding directories or marks, naming it, and removes nothing', async () => {
    const parent = await addDir(mine, 'Full parent');
    const child = await addDir(mine, 'Child', { parentId: parent });
    const holder = await addDir(mine, 'Holds a mark');
    await addMark(mine, 'mapmarkline', { dirId: holder, name: 'Fence line', geometry: line() });
    const empty = await addDir(mine, 'Empty one');

    const withChild = await post(mine, `${GIS}/mapdir/removeDir?ids=${empty},${parent}`);
    expect(withChild.statusCode).toBe(400);
    expect(withChild.json().msg).toBe(
      'the directory "Full parent" still holds sub-directories or marks and cannot be removed',
    );
    const zh = await as(app, mine.token, 'zh-CN').post(`${GIS}/mapdir/removeDir?ids=${holder}`);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('目录“Holds a mark”下还有子目录或标注，不能删除');
    const ids = ((await get(mine, `${GIS}/mapdir/dirs`)).json().data as Row[]).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([parent, holder, empty]));

    // a parent goes with its (empty) child in one call
    expect((await post(mine, `${GIS}/mapdir/removeDir?ids=${parent},${child}`)).json().data).toBe(2);
  });

  it('toggles visibility, and listForTenant with visibleOnly leaves out hidden directories and those below', async () => {
    const shown = await addDir(mine, 'Shown dir');
    const hidden = await addDir(mine, 'Hidden dir');
    const below = await addDir(mine, 'Below hidden', { parentId: hidden });
    const a = await addMark(mine, 'mapmarkpoint', {
      dirId: shown,
      name: 'Visible mark',
      geometry: point(10, 10),
    });
    const b = await addMark(mine, 'mapmarkpoint', {
      dirId: hidden,
      name: 'Hidden mark',
      geometry: point(10, 10),
    });
    const c = await addMark(mine, 'mapmarkpolygon', {
      dirId: below,
      name: 'Below mark',
      geometry: square(10, 10, 0.01),
    });

    const toggled = await post(mine, `${GIS}/mapdir/updateDirVisibility`, { id: hidden, visible: 0 });
    expect(toggled.json()).toMatchObject({ msg: 'updated successfully', data: { id: hidden, visible: 0 } });
    // an edit keeps the visibility (only the visibility button changes it)
    const edited = await post(mine, `${GIS}/mapdir/submit`, { id: hidden, name: 'Hidden dir', visible: 1 });
    expect(edited.json().data.visible).toBe(0);
    const addedHidden = await post(mine, `${GIS}/mapdir/submit`, { name: 'Born hidden', visible: 0 });
    expect(addedHidden.json().data.visible).toBe(0);
    const bad = await post(mine, `${GIS}/mapdir/updateDirVisibility`, { id: hidden, visible: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual({ visible: 'visible must be 0 (hidden) or 1 (shown)' });

    const visible = (await post(mine, `${GIS}/mapmark/listForTenant`, { visibleOnly: true })).json()
      .data as Row[];
    const visibleIds = visible.map((row) => row.id);
    expect(visibleIds).toContain(a.id);
    expect(visibleIds).not.toContain(b.id);
    expect(visibleIds).not.toContain(c.id);
    const all = ((await post(mine, `${GIS}/mapmark/listForTenant`, {})).json().data as Row[]).map(
      (r) => r.id,
    );
    expect(all).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    const none = await as(app, mine.token).post(`${GIS}/mapmark/listForTenant`);
    expect(none.statusCode, none.body).toBe(200);

    await post(mine, `${GIS}/mapdir/updateDirVisibility`, { id: hidden, visible: 1 });
    const again = (
      (await post(mine, `${GIS}/mapmark/listForTenant`, { visibleOnly: true })).json().data as Row[]
    ).map((row) => row.id);
    expect(again).toEqual(expect.arrayContaining([a.id, b.id, c.id]));

    // the bbox: marks whose box meets it
    const inBox = (
      await post(mine, `${GIS}/mapmark/listForTenant`, { bbox: [10.005, 10.005, 10.02, 10.02] })
    ).json().data as Row[];
    expect(inBox.map((row) => row.id)).toEqual([c.id]);
    const badBox = await post(mine, `${GIS}/mapmark/listForTenant`, { bbox: [20, 10, 10, 20] });
    expect(badBox.statusCode).toBe(400);
    expect(Object.keys(badBox.json().data.errors)).toEqual(['bbox']);
  });

  it('names the field of bad directory input and writes nothing', async () => {
    const before = await app.database.db.select().from(mapDir);
    const cases: Array<[Row, string]> = [
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'ok', parentId: 'abc' }, 'parentId'],
      [{ name: 'ok', visible: 3 }, 'visible'],
      [{ name: 'ok', sort: -1 }, 'sort'],
      [{ name: 'ok', remark: 'r'.repeat(256) }, 'remark'],
      [{ name: 'ok', id: 'x1' }, 'id'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(mine, `${GIS}/mapdir/submit`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors), JSON.stringify(payload)).toEqual([field]);
    }
    expect(await app.database.db.select().from(mapDir)).toHaveLength(before.length);
  });
});

describe('marks', () => {
  it('adds, reads, filters, updates and removes point, line and polygon marks with creator and editor', async () => {
    const dir = await addDir(mine, 'Marks dir');
    const other = await addDir(mine, 'Other marks dir');
    const p = await addMark(mine, 'mapmarkpoint', {
      dirId: dir,
      name: 'Pump',
      icon: 'pump.png',
      color: '#FF0000',
      remark: 'old',
      geometry: { type: 'Point', coordinates: [116.39, 39.91, 55] },
    });
    expect(p).toMatchObject({
      kind: 'point',
      dirId: dir,
      icon: 'pump.png',
      color: '#FF0000',
      tenantId: '000000',
      geometry: { type: 'Point', coordinates: [116.39, 39.91] },
      createUserName: expect.any(String),
      updateUserName: expect.any(String),
    });
    const l = await addMark(mine, 'mapmarkline', { dirId: dir, name: 'Road', geometry: line() });
    const g = await addMark(mine, 'mapmarkpolygon', {
      dirId: other,
      name: 'Pad',
      // left open: closed on the way in
      geometry: { type: 'Polygon', coordinates: [square().coordinates[0]!.slice(0, 4)] },
    });
    expect((g.geometry as { coordinates: number[][][] }).coordinates[0]).toHaveLength(5);

    expect((await get(mine, `${GIS}/mapmarkline/detail?id=${l.id}`)).json().data).toMatchObject({
      id: l.id,
      kind: 'line',
    });
    const inDir = (await get(mine, `${GIS}/mapmark/getList?dirId=${dir}`)).json().data as Row[];
    expect(inDir.map((row) => row.name)).toEqual(['Pump', 'Road']);
    const polygons = (await get(mine, `${GIS}/mapmark/getList?kind=polygon&name=pa`)).json().data as Row[];
    expect(polygons.map((row) => row.id)).toContain(g.id);
    expect(polygons.every((row) => row.kind === 'polygon')).toBe(true);
    expect((await get(mine, `${GIS}/mapmark/getList?kind=circle`)).statusCode).toBe(400);

    const editor = await signInWithGrants(app, '000000', 'mark-editor', ['mapdir', 'mapdir_edit']);
    const edited = await post(editor, `${GIS}/mapmarkpoint/submit`, {
      id: p.id,
      dirId: other,
      name: 'Pump 2',
      geometry: point(117, 40),
      remark: '',
    });
    expect(edited.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id: p.id, dirId: other, name: 'Pump 2', remark: null, createUserName: p.createUserName },
    });
    expect(edited.json().data.updateUserName).not.toBe(p.updateUserName);
    expect(
      (await post(editor, `${GIS}/mapmarkpoint/submit`, { dirId: dir, name: 'x', geometry: point() }))
        .statusCode,
    ).toBe(403);

    const removed = await post(mine, `${GIS}/mapmarkpoint/remove?ids=${p.id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await get(mine, `${GIS}/mapmarkpoint/detail?id=${p.id}`)).statusCode).toBe(404);
  });

  it('refuses a geometry of another type for each kind, and a mark of another kind by id', async () => {
    const dir = await addDir(mine, 'Kinds dir');
    const cases: Array<[string, Row, string]> = [
      ['mapmarkpoint', line(), 'this takes a point'],
      ['mapmarkpoint', square(), 'this takes a point'],
      ['mapmarkline', point(), 'this takes a line'],
      ['mapmarkline', square(), 'this takes a line'],
      ['mapmarkpolygon', point(), 'this takes a polygon'],
      ['mapmarkpolygon', line(), 'this takes a polygon'],
      ['mapmarkpolygon', { type: 'Circle', center: [1, 1], radius: 10 }, 'this takes a polygon'],
    ];
    for (const [path, geometry, message] of cases) {
      const response = await post(mine, `${GIS}/${path}/submit`, { dirId: dir, name: 'Wrong', geometry });
      expect(response.statusCode, `${path} ${JSON.stringify(geometry)}`).toBe(400);
      expect(response.json().data.errors).toEqual({ geometry: message });
    }
    const p = await addMark(mine, 'mapmarkpoint', { dirId: dir, name: 'A point', geometry: point() });
    expect((await get(mine, `${GIS}/mapmarkline/detail?id=${p.id}`)).statusCode).toBe(404);
    expect((await post(mine, `${GIS}/mapmarkline/remove?ids=${p.id}`)).statusCode).toBe(404);
    const asLine = await post(mine, `${GIS}/mapmarkline/submit`, {
      id: p.id,
      dirId: dir,
      name: 'x',
      geometry: line(),
    });
    expect(asLine.statusCode).toBe(404);
    expect((await get(mine, `${GIS}/mapmarkpoint/detail?id=${p.id}`)).json().data.name).toBe('A point');
  });

  it('refuses a self-crossing polygon, bad coordinates and other bad input, naming the field', async () => {
    const dir = await addDir(mine, 'Bad input dir');
    const before = await app.database.db.select().from(mapMark);
    const crossing = await post(mine, `${GIS}/mapmarkpolygon/submit`, {
      dirId: dir,
      name: 'Bow',
      geometry: bowtie(),
    });
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json().data.errors.geometry).toMatch(/^the boundary crosses itself/);
    const cases: Array<[string, Row, string]> = [
      ['mapmarkpoint', { dirId: dir, name: 'x', geometry: point(200, 10) }, 'geometry.coordinates'],
      [
        'mapmarkline',
        { dirId: dir, name: 'x', geometry: { type: 'LineString', coordinates: [[1, 1]] } },
        'geometry.coordinates',
      ],
      ['mapmarkpoint', { dirId: dir, name: '', geometry: point() }, 'name'],
      ['mapmarkpoint', { dirId: dir, name: 'x', color: 'red', geometry: point() }, 'color'],
      ['mapmarkpoint', { dirId: 'zz', name: 'x', geometry: point() }, 'dirId'],
      ['mapmarkpoint', { dirId: '123456789', name: 'x', geometry: point() }, 'dirId'],
      ['mapmarkpoint', { dirId: dir, name: 'x' }, 'geometry'],
      ['mapmarkpoint', { dirId: dir, name: 'x', geometry: 'POINT(1 2)' }, 'geometry'],
    ];
    for (const [path, payload, field] of cases) {
      const response = await post(mine, `${GIS}/${path}/submit`, payload);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(response.json().data.errors)[0], JSON.stringify(payload)).toMatch(
        new RegExp(`^${field}`),
      );
    }
    expect(await app.database.db.select().from(mapMark)).toHaveLength(before.length);
  });

  it('refuses writes without the mapdir button codes', async () => {
    const dir = await addDir(mine, 'Guarded dir');
    const reader = await signInWithGrants(app, '000000', 'map-reader', ['mapdir']);
    expect((await get(reader, `${GIS}/mapdir/list`)).statusCode).toBe(200);
    for (const response of [
      await post(reader, `${GIS}/mapdir/submit`, { name: 'No' }),
      await post(reader, `${GIS}/mapdir/removeDir?ids=${dir}`),
      await post(reader, `${GIS}/mapdir/updateDirVisibility`, { id: dir, visible: 0 }),
      await post(reader, `${GIS}/mapmarkpoint/submit`, { dirId: dir, name: 'No', geometry: point() }),
      await post(reader, '/api/group_element/add', { name: 'No' }),
      await post(reader, '/api/element/remove?ids=1'),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const toggler = await signInWithGrants(app, '000000', 'map-toggler', ['mapdir', 'mapdir_visibility']);
    expect(
      (await post(toggler, `${GIS}/mapdir/updateDirVisibility`, { id: dir, visible: 0 })).statusCode,
    ).toBe(200);
  });
});

describe('DJI map elements', () => {
  it('shows directories as element groups and marks as elements, and writes through them', async () => {
    const groupAdded = await post(mine, '/api/group_element/add', { name: 'Pilot group' });
    expect(groupAdded.json()).toMatchObject({
      msg: 'added successfully',
      data: { name: 'Pilot group', parent_id: '0', type: 0, is_lock: false, elements: [], children: [] },
    });
    const group = groupAdded.json().data.id as string;
    const sub = (await post(mine, '/api/group_element/add', { name: 'Pilot sub', parent_id: group })).json()
      .data.id as string;

    const pin = await post(mine, '/api/element/add', {
      group_id: group,
      name: 'Pin 1',
      resource: {
        type: 0,
        content: {
          type: 'Feature',
          properties: { color: '#2D8CF0', clampToGround: true },
          geometry: { type: 'Point', coordinates: [113.94, 22.57, 0] },
        },
      },
    });
    expect(pin.statusCode, pin.body).toBe(200);
    const element = pin.json().data;
    expect(element).toMatchObject({
      name: 'Pin 1',
      create_time: expect.any(Number),
      update_time: expect.any(Number),
      resource: {
        type: 0,
        user_name: expect.any(String),
        content: {
          type: 'Feature',
          properties: { color: '#2D8CF0', clampToGround: true },
          geometry: { type: 'Point', coordinates: [113.94, 22.57] },
        },
      },
    });
    const area = (
      await post(mine, '/api/element/add', {
        group_id: sub,
        name: 'Area 1',
        resource: {
          type: 2,
          content: { type: 'Feature', properties: {}, geometry: square(113.9, 22.5, 0.01) },
        },
      })
    ).json().data;
    expect(area.resource.content.properties).toEqual({ color: null, clampToGround: false });

    // the same rows through the mapdir paths
    expect((await get(mine, `${GIS}/mapmarkpoint/detail?id=${element.id}`)).json().data).toMatchObject({
      dirId: group,
      color: '#2D8CF0',
      clampToGround: true,
    });
    expect((await get(mine, `${GIS}/mapmarkpolygon/detail?id=${area.id}`)).json().data.dirId).toBe(sub);

    const tree = (await get(mine, '/api/group_element/treeList')).json().data as Row[];
    const found = tree.find((node) => node.id === group) as Row & { elements: Row[]; children: Row[] };
    expect(found.elements).toEqual([element]);
    expect(found.children).toMatchObject([{ id: sub, parent_id: group, elements: [{ id: area.id }] }]);

    // update by id: the element of any kind replaced (here a pin becomes a line)
    const updated = await post(mine, '/api/element/add', {
      id: element.id,
      group_id: group,
      name: 'Pin as line',
      resource: { type: 1, content: { type: 'Feature', properties: { color: '#19BE6B' }, geometry: line() } },
    });
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id: element.id, resource: { type: 1 } },
    });

    const notEmpty = await post(mine, `/api/group_element/remove?ids=${group}`);
    expect(notEmpty.statusCode).toBe(400);
    expect((await post(mine, `/api/element/remove?ids=${element.id},${area.id}`)).json().data).toBe(2);
    expect((await post(mine, `/api/group_element/remove?ids=${group},${sub}`)).json().data).toBe(2);
  });

  it('refuses a resource type that does not match the geometry, and other bad elements, naming the field', async () => {
    const group = (await post(mine, '/api/group_element/add', { name: 'Bad elements' })).json().data
      .id as string;
    const feature = (type: number, geometry: Row, extra: Row = {}) => ({
      group_id: group,
      name: 'E',
      resource: { type, content: { type: 'Feature', properties: {}, geometry } },
      ...extra,
    });
    const cases: Array<[Row, string]> = [
      [feature(0, line()), 'resource.content.geometry'],
      [feature(1, square()), 'resource.content.geometry'],
      [feature(2, point()), 'resource.content.geometry'],
      [feature(2, bowtie()), 'resource.content.geometry'],
      [feature(3, point()), 'resource.type'],
      [feature(0, point(), { group_id: '123456789' }), 'group_id'],
      [feature(0, point(), { name: ' ' }), 'name'],
      [
        { ...feature(0, point()), resource: { type: 0, content: { type: 'Thing', geometry: point() } } },
        'resource.content.type',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await post(mine, '/api/element/add', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors), JSON.stringify(payload)).toEqual([field]);
    }
    const unknownParent = await post(mine, '/api/group_element/add', { name: 'x', parent_id: '123456789' });
    expect(unknownParent.json().data.errors).toEqual({ parent_id: 'no such directory' });
  });
});

describe('tenant isolation', () => {
  it("another tenant can neither read, change nor use the owner's directories and marks", async () => {
    const dir = await addDir(mine, 'Secret dir 4417');
    const mark = await addMark(mine, 'mapmarkpolygon', {
      dirId: dir,
      name: 'Secret mark 4417',
      geometry: square(),
    });
    const theirDir = await addDir(theirs, 'Their dir');
    await expectIsolated(mine, theirs, {
      read: `${GIS}/mapmarkpolygon/detail?id=${mark.id}`,
      names: [mark.id as string, 'Secret mark 4417'],
      hidden: [
        `${GIS}/mapdir/list`,
        `${GIS}/mapmark/getList`,
        { method: 'POST', url: `${GIS}/mapmark/listForTenant`, payload: {} },
        '/api/group_element/treeList',
      ],
      refused: [
        `${GIS}/mapmarkpolygon/detail?id=${mark.id}`,
        {
          method: 'POST',
          url: `${GIS}/mapmarkpolygon/submit`,
          payload: { id: mark.id, dirId: theirDir, name: 'T', geometry: square() },
        },
        { method: 'POST', url: `${GIS}/mapmarkpolygon/remove?ids=${mark.id}` },
        { method: 'POST', url: `/api/element/remove?ids=${mark.id}` },
        {
          method: 'POST',
          url: '/api/element/add',
          payload: {
            id: mark.id,
            group_id: theirDir,
            name: 'T',
            resource: { type: 2, content: { type: 'Feature', properties: {}, geometry: square() } },
          },
        },
      ],
    });
    await expectIsolated(mine, theirs, {
      read: async () => (await get(mine, `${GIS}/mapdir/dirs`)).json().data,
      names: [dir, 'Secret dir 4417'],
      hidden: [`${GIS}/mapdir/dirs`, '/api/group_element/treeList'],
      refused: [
        { method: 'POST', url: `${GIS}/mapdir/submit`, payload: { id: dir, name: 'Taken' } },
        { method: 'POST', url: `${GIS}/mapdir/removeDir?ids=${dir}` },
        { method: 'POST', url: `/api/group_element/remove?ids=${dir}` },
        { method: 'POST', url: `${GIS}/mapdir/updateDirVisibility`, payload: { id: dir, visible: 0 } },
        // reference fields naming the owner's directory
        {
          method: 'POST',
          url: `${GIS}/mapdir/submit`,
          payload: { name: 'Under', parentId: dir },
          status: 400,
          field: 'parentId',
        },
        {
          method: 'POST',
          url: '/api/group_element/add',
          payload: { name: 'Under', parent_id: dir },
          status: 400,
          field: 'parent_id',
        },
        {
          method: 'POST',
          url: `${GIS}/mapmarkpoint/submit`,
          payload: { dirId: dir, name: 'In', geometry: point() },
          status: 400,
          field: 'dirId',
        },
        {
          method: 'POST',
          url: '/api/element/add',
          payload: {
            group_id: dir,
            name: 'In',
            resource: { type: 0, content: { type: 'Feature', properties: {}, geometry: point() } },
          },
          status: 400,
          field: 'group_id',
        },
      ],
    });
    expect((await get(mine, `${GIS}/mapmark/getList?dirId=${theirDir}`)).json().data).toEqual([]);
  });
});
