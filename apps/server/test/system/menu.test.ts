import { MENU_TREE, TOP_MENUS } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login } from '../helper.js';

let app: FastifyInstance;
let token: string;
interface Node {
  code: string;
  name: string;
  category: number;
  children: Node[];
}
const codes = (nodes: Node[]): string[] => nodes.flatMap((node) => [node.code, ...codes(node.children)]);

beforeAll(async () => {
  app = await createTestApp();
  token = (await login(app)).access_token;
});
afterAll(async () => {
  await app?.close();
});

describe('menus', () => {
  it('gives the platform admin the whole seeded menu tree, without buttons, in the caller language', async () => {
    const zh = (await as(app, token).get('/api/blade-system/menu/routes')).json().data as Node[];
    expect(zh.map((node) => node.code)).toEqual(MENU_TREE.map((node) => node.code));
    expect(zh[0]).toMatchObject({ code: 'home', name: '首页', path: '/home', isOpen: 2 });
    expect(codes(zh)).not.toContain('user_add');
    expect(codes(zh)).toEqual(expect.arrayContaining(['user', 'tenant', 'hangar', 'remote_control']));
    const en = (await as(app, token, 'en-US').get('/api/blade-system/menu/routes')).json().data as Node[];
    expect(en[0]?.name).toBe('Home');
  });

  it('lists the four header top menus and narrows routes to one of them', async () => {
    const tops = (await as(app, token, 'en-US').get('/api/blade-system/menu/top-menu')).json().data;
    expect(tops.map((top: { code: string }) => top.code)).toEqual(TOP_MENUS.map((top) => top.code));
    const devices = tops.find((top: { code: string }) => top.code === 'device_manager');
    expect(devices.path).toBe('/device-manager');
    const routes = (await as(app, token).get(`/api/blade-system/menu/routes?topMenuId=${devices.id}`)).json()
      .data;
    expect(codes(routes)).toEqual(
      expect.arrayContaining(['device', 'manufacturer', 'hangar', 'basestation', 'fly_operator']),
    );
    expect(codes(routes)).not.toContain('user');
  });

  it('returns the buttons whose leaf codes are the permission set', async () => {
    const tree = (await as(app, token).get('/api/blade-system/menu/buttons')).json().data as Node[];
    const all = codes(tree);
    expect(all).toEqual(expect.arrayContaining(['user_add', 'user_reset', 'hangar_control', 'post_delete']));
  });

  it('refuses a top menu of nobody', async () => {
    expect((await as(app, token).get('/api/blade-system/menu/routes?topMenuId=123')).statusCode).toBe(404);
  });
});

describe('dictionaries', () => {
  it('answers the entries of a system dictionary in order, in the caller language', async () => {
    const zh = (await as(app, token).get('/api/blade-system/dict/dictionary?code=sex')).json().data;
    expect(zh.map((item: { dictKey: string; dictValue: string }) => [item.dictKey, item.dictValue])).toEqual([
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ]);
    const en = (
      await as(app, token, 'en-US').get('/api/blade-system/dict/dictionary?code=task_status')
    ).json().data;
    expect(en.length).toBe(7);
    expect(en[0].dictValue).toMatch(/pending/i);
  });

  it('seeds every dictionary code PROTOCOLS.md names', async () => {
    for (const code of [
      'sex',
      'yes_no',
      'menu_category',
      'button_func',
      'data_scope_type',
      'api_scope_type',
      'post_category',
      'notice',
      'device_type',
      'task_type',
      'task_status',
      'alarm_level',
      'alarm_status',
      'route_type',
      'splicingType',
    ]) {
      const data = (await as(app, token).get(`/api/blade-system/dict/dictionary?code=${code}`)).json().data;
      expect(data.length, code).toBeGreaterThan(0);
    }
    const nature = (await as(app, token).get('/api/blade-system/dict-biz/dictionary?code=task_nature')).json()
      .data;
    expect(nature.length).toBeGreaterThan(0);
  });

  it('an unknown code gives an empty list, a missing code a 400', async () => {
    expect((await as(app, token).get('/api/blade-system/dict/dictionary?code=nope')).json().data).toEqual([]);
    expect((await as(app, token).get('/api/blade-system/dict/dictionary')).statusCode).toBe(400);
  });
});
