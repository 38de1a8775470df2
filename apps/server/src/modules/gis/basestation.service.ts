import { type BaseStationSubmit, DICT, type PageQuery, parseLonLat } from '@aos/contract';
import { and, eq, ne } from 'drizzle-orm';
import { baseStation, dict } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError } from '../../lib/errors.js';

const stations = crud({
  table: baseStation,
  filters: { name: 'like', type: 'eq', stationIp: 'like' },
});

type StationRow = typeof baseStation.$inferSelect;

/** A station as the API shows it: the coordinates also as the `longitude,latitude` text they are entered as. */
function shown(row: StationRow) {
  return { ...row, lonLat: `${row.longitude},${row.latitude}` };
}

/**
 * Base stations of a tenant (spec §7 /api/aos-gisservice/basestation). Rules: the type is an entry of the
 * `base_station_type` dictionary; coordinates are `longitude,latitude` within range (the contract refuses
 * anything else with the spec §5 message); the IPs are IPv4 or IPv6 and the port 1–65535.
 */
export class BaseStationService {
  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await stations.page(ctx, query);
    return { ...page, records: page.records.map(shown) };
  }

  async list(ctx: Ctx, query: Record<string, unknown>) {
    return (await stations.list(ctx, query)).map(shown);
  }

  async detail(ctx: Ctx, id: string) {
    return shown(await stations.detail(ctx, id));
  }

  async submit(ctx: Ctx, input: BaseStationSubmit) {
    const [type] = await ctx.db
      .select({ id: dict.id })
      .from(dict)
      .where(
        and(
          eq(dict.code, DICT.base_station_type),
          ne(dict.parentId, '0'),
          eq(dict.dictKey, String(input.type)),
          eq(dict.isDeleted, 0),
        ),
      )
      .limit(1);
    if (!type) throw fieldError('type', 'fleet.typeUnknown');
    const position = parseLonLat(input.lonLat);
    if (!position) throw fieldError('lonLat', 'validation.coordinates');
    const values: Partial<StationRow> = {
      name: input.name,
      type: input.type,
      address: input.address || null,
      stationIp: input.stationIp,
      adhocIp: input.adhocIp || null,
      lanIp: input.lanIp || null,
      port: input.port,
      longitude: position[0],
      latitude: position[1],
    };
    const row = input.id ? await stations.update(ctx, input.id, values) : await stations.insert(ctx, values);
    return shown(row);
  }

  remove(ctx: Ctx, ids: string[]) {
    return stations.remove(ctx, ids);
  }
}
