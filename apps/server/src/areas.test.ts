import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Area } from './area.js';
import { orderAreas, ownsPermission, registerRoutes } from './areas.js';

const area = (name: string, needs?: string[]): Area => ({ name, ...(needs ? { needs } : {}) });
const names = (areas: Area[]) => areas.map((each) => each.name);

describe('areas', () => {
  it('puts every area after the areas it needs, otherwise keeps their order', () => {
    const ordered = orderAreas([
      area('user', ['auth', 'resource']),
      area('auth'),
      area('resource', ['log']),
      area('log'),
    ]);
    expect(names(ordered)).toEqual(['auth', 'log', 'resource', 'user']);
  });

  it('refuses a need of an area that does not exist, and areas that need each other', () => {
    expect(() => orderAreas([area('user', ['nobody'])])).toThrow(
      /user needs an area that does not exist: nobody/,
    );
    expect(() => orderAreas([area('a', ['b']), area('b', ['c']), area('c', ['a'])])).toThrow(
      /areas need each other: a → b → c → a/,
    );
  });

  it('owns its codes and the button codes under them, nothing else', () => {
    const fleet: Area = { name: 'fleet', permissions: ['hangar', 'device'] };
    expect(ownsPermission(fleet, 'hangar')).toBe(true);
    expect(ownsPermission(fleet, 'hangar_control')).toBe(true);
    expect(ownsPermission(fleet, 'device_edit')).toBe(true);
    expect(ownsPermission(fleet, 'hangarx')).toBe(false);
    expect(ownsPermission(fleet, 'user')).toBe(false);
  });

  it("refuses to start a route whose permission is not one of its area's codes", async () => {
    const app = Fastify({ logger: false });
    const stray: Area = {
      name: 'desk',
      permissions: ['notice'],
      routes: [
        async (scoped) => {
          scoped.get('/api/ok', { config: { permission: 'notice_edit' } }, async () => 'ok');
          scoped.get('/api/public', { config: { permission: 'public' } }, async () => 'ok');
          scoped.get('/api/stray', { config: { permission: 'user_edit' } }, async () => 'no');
        },
      ],
    };
    await expect(registerRoutes(app, [stray])).rejects.toThrow(
      /area desk: GET \/api\/stray needs "user_edit", not a code of the area \(notice\)/,
    );
    await app.close();
  });
});
