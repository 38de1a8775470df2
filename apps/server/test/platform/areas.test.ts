import { flattenMenus } from '@aos/contract';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { loadAreas } from '../../src/areas.js';
import * as schema from '../../src/db/schema/index.js';

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe('the areas of modules/', () => {
  it('are found by their folders, each after the areas it needs', async () => {
    const areas = await loadAreas();
    const names = areas.map((area) => area.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'auth',
        'system',
        'user',
        'resource',
        'log',
        'desk',
        'fleet',
        'gis',
        'telemetry',
      ]),
    );
    for (const [index, area] of areas.entries()) {
      for (const need of area.needs ?? []) expect(names.indexOf(need)).toBeLessThan(index);
    }
  });

  it('own every table of the schema, each table exactly once', async () => {
    const owners = new Map<string, string[]>();
    for (const area of await loadAreas()) {
      for (const table of area.tables ?? []) {
        const name = getTableName(table);
        owners.set(name, [...(owners.get(name) ?? []), area.name]);
      }
    }
    expect(tables.length).toBeGreaterThan(30);
    const notOnce = tables
      .map((table) => getTableName(table))
      .filter((name) => owners.get(name)?.length !== 1)
      .map((name) => `${name}: ${owners.get(name)?.join(', ') ?? 'no area'}`);
    expect(notOnce).toEqual([]);
  });

  it('declare only permission codes the seeded menu tree has', async () => {
    const codes = new Set(flattenMenus().map((menu) => menu.code));
    const unknown = (await loadAreas()).flatMap((area) =>
      (area.permissions ?? []).filter((code) => !codes.has(code)).map((code) => `${area.name}: ${code}`),
    );
    expect(unknown).toEqual([]);
  });
});
