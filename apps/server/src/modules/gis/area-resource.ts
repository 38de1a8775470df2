import type { AreaGeometry, AreaKind, PageQuery } from '@aos/contract';
import turfArea from '@turf/area';
import { polygon } from '@turf/helpers';
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import Centroid from 'jsts/org/locationtech/jts/algorithm/Centroid.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import type { fence } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud, type CrudOptions } from '../../lib/crud.js';
import { fieldError } from '../../lib/errors.js';
import { parseDateTime } from '../../lib/time.js';
import type { AuditedTable } from '../../lib/tenant-scope.js';
import type { AreaEntry, SpatialService } from './spatial/spatial.service.js';
import { assertValidGeometry } from './spatial/validity.js';

/** The columns no-fly zones, fly zones and fences share (db/schema/gis-zone.ts). */
export type AreaRow = typeof fence.$inferSelect;
type AreaTable = AuditedTable & { name: PgColumn };

/** What every area resource's submit carries (contract gis/zone.ts AreaSubmit). */
export interface AreaInput {
  id?: string | undefined;
  name: string;
  geometry: AreaGeometry;
  floor?: number | null | undefined;
  ceiling?: number | null | undefined;
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
  remark?: string | null | undefined;
}

const reader = new GeoJSONReader();

/**
 * A circle's area on the ground, r in metres: πr² (the spherical cap is smaller by a factor r²/12R², 5e-8 for
 * a 5 km circle).
 */
function circleArea(radius: number): number {
  return Math.PI * radius * radius;
}

/**
 * The columns derived from a range when it is saved: the geometry checked (spec §5: a polygon's boundary does
 * not cross itself, 400 naming `geometry` otherwise), its shape, its centre (a circle's centre; a polygon's
 * centroid, holes counted, by JTS), its radius and its area on the ground (a polygon's by turf, on the
 * sphere; a circle's πr²); the height band and the window as given.
 */
export function areaValues(input: AreaInput) {
  const { geometry } = input;
  assertValidGeometry(geometry, 'geometry');
  const derived =
    geometry.type === 'Circle'
      ? {
          shape: 'circle' as const,
          center: geometry.center,
          radius: geometry.radius,
          areaM2: circleArea(geometry.radius),
        }
      : {
          shape: 'polygon' as const,
          center: centroid(geometry),
          radius: null,
          areaM2: turfArea(polygon(geometry.coordinates)),
        };
  return {
    name: input.name,
    geometry,
    ...derived,
    floor: input.floor ?? null,
    ceiling: input.ceiling ?? null,
    startTime: input.startTime ? parseDateTime(input.startTime) : null,
    endTime: input.endTime ? parseDateTime(input.endTime) : null,
    remark: input.remark || null,
  };
}

function centroid(geometry: AreaGeometry & { type: 'Polygon' }): [number, number] {
  const { x, y } = Centroid.getCentroid(reader.read(geometry));
  return [round(x), round(y)];
}
const round = (degrees: number) => Number(degrees.toFixed(7));

/** The unique index a write broke, if that is why it failed. */
function brokenUniqueIndex(error: unknown): string | undefined {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

export interface AreaResourceOptions<T extends AreaTable> {
  table: T;
  /** the page and list filters beyond name and shape */
  filters?: CrudOptions<T>['filters'];
  spatial: SpatialService;
  /** every kind the resource's rows are put in the index as (a row is in it as one of them) */
  kinds: readonly AreaKind[];
  /** the kind a row is put in the index as */
  kindOf: (row: T['$inferSelect']) => AreaKind;
  /** the unique index on the tenant's live names */
  nameIndex: string;
}

/**
 * What no-fly zones, fly zones and fences share (issue 15 "area resources"): the CRUD of their rows in the
 * tenant scope, the columns derived from the range, the name unique in the tenant, and the spatial index kept
 * in step: a row is put in it (with its height band and window) in the transaction that writes the row, and
 * taken out in the one that removes it. Each service adds its own rules through `save`'s `check`.
 */
export function areaResource<T extends AreaTable>(options: AreaResourceOptions<T>) {
  const { table, spatial, kinds, kindOf, nameIndex } = options;
  const rows = crud<T>({
    table,
    filters: { name: 'like', shape: 'eq', ...options.filters } as CrudOptions<T>['filters'],
  });

  function entry(row: T['$inferSelect']): AreaEntry {
    const area = row as unknown as AreaRow;
    return {
      kind: kindOf(row),
      refId: area.id,
      name: area.name,
      geometry: area.geometry,
      floor: area.floor,
      ceiling: area.ceiling,
      startTime: area.startTime,
      endTime: area.endTime,
    };
  }

  async function assertNameFree(ctx: Ctx, name: string, id: string | undefined) {
    const clash = await rows.find(ctx, and(eq(table.name, name), id ? ne(table.id, id) : undefined)!);
    if (clash) throw fieldError('name', 'gis.nameExists');
  }

  return {
    rows,

    page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
      return rows.page(ctx, query);
    },

    list(ctx: Ctx, query: Record<string, unknown>) {
      return rows.list(ctx, query);
    },

    detail(ctx: Ctx, id: string) {
      return rows.detail(ctx, id);
    },

    /**
     * Adds (no id) or updates (id of a live row of the tenant, 404 otherwise) a row with `own` (the resource's
     * columns) and the derived ones, after `check` (the resource's rules), and puts it in the index: one
     * transaction, so a refusal anywhere writes nothing.
     */
    async save(
      ctx: Ctx,
      input: AreaInput,
      own: Partial<T['$inferSelect']>,
      check?: (tx: Ctx) => Promise<void>,
    ): Promise<T['$inferSelect']> {
      const values = { ...areaValues(input), ...own } as Partial<T['$inferSelect']>;
      const { id } = input;
      try {
        return await inTransaction(ctx, async (tx) => {
          if (id) await rows.detail(tx, id);
          await assertNameFree(tx, input.name, id);
          await check?.(tx);
          const row = id ? await rows.update(tx, id, values) : await rows.insert(tx, values);
          // a no-fly zone whose side changed moves to the other kind: its old entry goes
          if (id && kinds.length > 1) await spatial.remove(tx, [id], kinds);
          await spatial.put(tx, [entry(row)]);
          return row;
        });
      } catch (error) {
        // two saves of one name at once: the index stops the second
        if (brokenUniqueIndex(error) === nameIndex) throw fieldError('name', 'gis.nameExists');
        throw error;
      }
    },

    /** Soft-deletes the tenant's rows among `ids` (404 when none) and takes them out of the index. */
    async remove(ctx: Ctx, ids: string[]): Promise<number> {
      return inTransaction(ctx, async (tx) => {
        const removed = await rows.remove(tx, ids);
        await spatial.remove(tx, ids, kinds);
        return removed;
      });
    },
  };
}
