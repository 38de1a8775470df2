import {
  type CivilAirportSubmit,
  type LonLatPosition,
  type PageQuery,
  RUNWAY_LENGTH_MAX_M,
  RUNWAY_LENGTH_MIN_M,
} from '@aos/contract';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import { civilAirport } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError } from '../../lib/errors.js';
import {
  bearingDeg,
  type Runway,
  runwayBuffer,
  runwayHeightLimitArea,
  runwayLength,
} from './airport.geometry.js';
import type { SpatialService } from './spatial/spatial.service.js';

const airports = crud({
  table: civilAirport,
  filters: { name: 'like', icaoCode: 'like', iataCode: 'like' },
});

type AirportRow = typeof civilAirport.$inferSelect;

const AIRPORT_KINDS = ['airport_buffer', 'airport_height_limit'] as const;

const runwayOf = (
  row: Pick<
    AirportRow,
    'runwayStartLongitude' | 'runwayStartLatitude' | 'runwayEndLongitude' | 'runwayEndLatitude'
  >,
): Runway => ({
  start: [row.runwayStartLongitude, row.runwayStartLatitude] as LonLatPosition,
  end: [row.runwayEndLongitude, row.runwayEndLatitude] as LonLatPosition,
});

/** A row as the API shows it: with the runway's length (m) and bearing (degrees from north). */
function shown(row: AirportRow) {
  const runway = runwayOf(row);
  return {
    ...row,
    runwayLength: Math.round(runwayLength(runway) * 10) / 10,
    runwayBearing: Math.round(bearingDeg(runway.start, runway.end) * 100) / 100,
  };
}

/**
 * Civil airports of a tenant (spec §1, §9). Rules: the ICAO code (and the IATA code when given) is unique in
 * the tenant; the thresholds lie RUNWAY_LENGTH_MIN_M to RUNWAY_LENGTH_MAX_M apart. On every write the 10 km
 * buffer and the height-limit area are computed from the runway (airport.geometry.ts), stored with the row
 * and put in the spatial index (the buffer at every height, the height-limit area above the height limit),
 * in the same transaction; removing an airport takes both out.
 */
export class CivilAirportService {
  constructor(private readonly spatial: SpatialService) {}

  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await airports.page(ctx, query);
    return { ...page, records: page.records.map(shown) };
  }

  async list(ctx: Ctx, query: Record<string, unknown>) {
    return (await airports.list(ctx, query)).map(shown);
  }

  async detail(ctx: Ctx, id: string) {
    return shown(await airports.detail(ctx, id));
  }

  async submit(ctx: Ctx, input: CivilAirportSubmit) {
    return inTransaction(ctx, async (tx) => {
      if (input.id) await airports.detail(tx, input.id);
      await this.assertCodeFree(tx, 'icaoCode', eq(civilAirport.icaoCode, input.icaoCode), input.id);
      if (input.iataCode)
        await this.assertCodeFree(tx, 'iataCode', eq(civilAirport.iataCode, input.iataCode), input.id);
      const runway: Runway = {
        start: [input.runwayStartLongitude, input.runwayStartLatitude],
        end: [input.runwayEndLongitude, input.runwayEndLatitude],
      };
      const length = runwayLength(runway);
      if (length < RUNWAY_LENGTH_MIN_M || length > RUNWAY_LENGTH_MAX_M)
        throw fieldError('runwayEndLongitude', 'gis.runwayLength', { length: Math.round(length) });
      const values: Partial<AirportRow> = {
        name: input.name,
        icaoCode: input.icaoCode,
        iataCode: input.iataCode || null,
        runwayStartLongitude: input.runwayStartLongitude,
        runwayStartLatitude: input.runwayStartLatitude,
        runwayEndLongitude: input.runwayEndLongitude,
        runwayEndLatitude: input.runwayEndLatitude,
        runwayWidth: input.runwayWidth,
        elevation: input.elevation,
        heightLimit: input.heightLimit,
        remark: input.remark || null,
        bufferGeometry: runwayBuffer(runway),
        heightLimitGeometry: runwayHeightLimitArea(runway),
      };
      const row = input.id ? await airports.update(tx, input.id, values) : await airports.insert(tx, values);
      await this.spatial.put(tx, [
        { kind: 'airport_buffer', refId: row.id, name: row.name, geometry: row.bufferGeometry },
        {
          kind: 'airport_height_limit',
          refId: row.id,
          name: row.name,
          geometry: row.heightLimitGeometry,
          floor: row.heightLimit,
        },
      ]);
      return shown(row);
    });
  }

  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const removed = await airports.remove(tx, ids);
      await this.spatial.remove(tx, ids, AIRPORT_KINDS);
      return removed;
    });
  }

  private async assertCodeFree(ctx: Ctx, field: 'icaoCode' | 'iataCode', same: SQL, id: string | undefined) {
    const taken = await airports.find(ctx, and(same, id ? ne(civilAirport.id, id) : undefined)!);
    if (taken) throw fieldError(field, field === 'icaoCode' ? 'gis.icaoTaken' : 'gis.iataTaken');
  }
}
