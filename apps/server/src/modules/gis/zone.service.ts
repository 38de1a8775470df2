import {
  DICT,
  type FenceSubmit,
  type FlyZoneSubmit,
  NOFLY_SIDE,
  type NoFlyZoneSubmit,
  type PageQuery,
} from '@aos/contract';
import { and, eq, inArray } from 'drizzle-orm';
import {
  FENCE_NAME_INDEX,
  FLY_ZONE_NAME_INDEX,
  fence,
  flyZone,
  NOFLY_ZONE_NAME_INDEX,
  noFlyZone,
  region,
} from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { checkDictKey } from '../../lib/dict-entry.js';
import { fieldError } from '../../lib/errors.js';
import { areaResource } from './area-resource.js';
import type { SpatialService } from './spatial/spatial.service.js';

/** Region level of a province (db/schema/region.ts). */
const PROVINCE_LEVEL = 1;

/**
 * No-fly zones of a tenant (spec §3 "No-fly zone", §7 noflyzone). Rules: the type is an entry of the
 * `nofly_zone_type` dictionary; the provinces are codes of provinces in the region table; the name is unique in
 * the tenant; the range is a valid polygon or a circle (area-resource.ts). In the spatial index a zone is
 * `nofly` (the inside is forbidden) or, when its no-fly side is the outside, `nofly_outside` (a keep-in area).
 */
export class NoFlyZoneService {
  private readonly zones;

  constructor(spatial: SpatialService) {
    this.zones = areaResource({
      table: noFlyZone,
      filters: { type: 'eq' },
      spatial,
      kinds: ['nofly', 'nofly_outside'],
      kindOf: (row) => (row.side === NOFLY_SIDE.outside ? 'nofly_outside' : 'nofly'),
      nameIndex: NOFLY_ZONE_NAME_INDEX,
    });
  }

  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return this.zones.page(ctx, query);
  }

  list(ctx: Ctx, query: Record<string, unknown>) {
    return this.zones.list(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return this.zones.detail(ctx, id);
  }

  submit(ctx: Ctx, input: NoFlyZoneSubmit) {
    const provinces = provinceCodes(input.provinces);
    return this.zones.save(
      ctx,
      input,
      {
        type: input.type,
        provinces: provinces.length ? provinces.join(',') : null,
        painter: input.painter || null,
        side: input.side,
      },
      async (tx) => {
        await checkDictKey(tx, DICT.nofly_zone_type, input.type, 'type', 'gis.zoneTypeUnknown');
        await checkProvinces(tx, provinces);
      },
    );
  }

  remove(ctx: Ctx, ids: string[]) {
    return this.zones.remove(ctx, ids);
  }
}

/** `11, 31,11` → `['11', '31']`. */
function provinceCodes(text: string | null | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
}

async function checkProvinces(ctx: Ctx, codes: string[]) {
  if (!codes.length) return;
  const found = await ctx.db
    .select({ code: region.code })
    .from(region)
    .where(and(inArray(region.code, codes), eq(region.level, PROVINCE_LEVEL)));
  const known = new Set(found.map((row) => row.code));
  const unknown = codes.find((code) => !known.has(code));
  if (unknown !== undefined) throw fieldError('provinces', 'gis.provinceUnknown', { code: unknown });
}

/**
 * Fly zones (keep-in areas) of a tenant (spec §7 flyzone): a named range, unique name in the tenant, put in the
 * spatial index as `flyzone` (a flight must stay inside the fly zones, when the tenant has any in force).
 */
export class FlyZoneService {
  private readonly zones;

  constructor(spatial: SpatialService) {
    this.zones = areaResource({
      table: flyZone,
      spatial,
      kinds: ['flyzone'],
      kindOf: () => 'flyzone',
      nameIndex: FLY_ZONE_NAME_INDEX,
    });
  }

  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return this.zones.page(ctx, query);
  }

  list(ctx: Ctx, query: Record<string, unknown>) {
    return this.zones.list(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return this.zones.detail(ctx, id);
  }

  submit(ctx: Ctx, input: FlyZoneSubmit) {
    return this.zones.save(ctx, input, {});
  }

  remove(ctx: Ctx, ids: string[]) {
    return this.zones.remove(ctx, ids);
  }
}

/**
 * Electronic fences of a tenant (spec §3 "Electronic fence", §7 electronicfence): a named polygon or circle,
 * unique name in the tenant, put in the spatial index as `fence` (a flight must stay inside the fences, when
 * the tenant has any in force; docks receive them as custom flight areas).
 */
export class FenceService {
  private readonly fences;

  constructor(spatial: SpatialService) {
    this.fences = areaResource({
      table: fence,
      spatial,
      kinds: ['fence'],
      kindOf: () => 'fence',
      nameIndex: FENCE_NAME_INDEX,
    });
  }

  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return this.fences.page(ctx, query);
  }

  list(ctx: Ctx, query: Record<string, unknown>) {
    return this.fences.list(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return this.fences.detail(ctx, id);
  }

  submit(ctx: Ctx, input: FenceSubmit) {
    return this.fences.save(ctx, input, {});
  }

  /** The tenant's live fences among `ids` (an export of the selected rows; others' ids are simply not found). */
  byIds(ctx: Ctx, ids: string[]) {
    return this.fences.rows.list(ctx, {}, inArray(fence.id, ids));
  }

  remove(ctx: Ctx, ids: string[]) {
    return this.fences.remove(ctx, ids);
  }
}
