import {
  type AreaCheckResult,
  type AreaHit,
  type AreaKind,
  DEVICE_MODELS,
  type DesignPlan,
  dockOperatingRadiusM,
  type LonLatPosition,
  type MessageKey,
  planDesign,
  ratedFlightTimeS,
  type RouteCheck,
  type RouteCheckItem,
  type RouteDesign,
  type WaylineFile,
} from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import { device, dock, dockDrone, type routeLine } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';
import { parseDateTime } from '../../lib/time.js';
import type { LiveHub } from '../../live/hub.js';
import type { AirspaceService } from '../gis/airspace.service.js';
import type { AreaCheckService } from '../gis/area-check.service.js';
import {
  allPoints,
  beyondRadius,
  type CheckPoint,
  type PointRef,
  pointsInside,
  pointsOutside,
  sameAircraftModel,
  transitTimeS,
} from './check-geometry.js';

/**
 * China's true-height limit for light and small UAVs, metres: 《无人驾驶航空器飞行管理暂行条例》 (Interim
 * Regulations on the Flight Management of Unmanned Aircraft, State Council / CMC order 761, in force
 * 2024-01-01), art. 19 and 62: the "suitable flight airspace" of micro, light and small UAVs is below 120 m
 * true height (above the ground or water below); flying higher needs an approved airspace.
 */
export const TRUE_HEIGHT_LIMIT_M = 120;
/** Battery kept for the return when no dock says otherwise (its `lowBattery`), percent. */
export const DEFAULT_RETURN_MARGIN_PERCENT = 30;
/** Share of the usable flight time above which the endurance is a warning. */
export const ENDURANCE_WARN_SHARE = 0.8;
/** Waypoints lower than this above take-off are a warning, metres. */
export const LOW_WAYPOINT_M = 10;

/** What the checks need of a route, whether planned from its design or read from its saved points. */
export interface CheckedFlight {
  heightMode: string;
  waylines: CheckPoint[][];
  durationS: number;
  transitionalSpeedMS: number;
  takeOffSecurityHeightM: number;
  rthHeightM: number | null;
}

export interface RouteCheckInput {
  design?: RouteDesign;
  plan?: DesignPlan;
  aircraftModelId: string;
  hangarId?: string | null;
  /** `yyyy-MM-dd HH:mm:ss` (server zone); now when absent */
  startTime?: string;
}

type RouteRow = typeof routeLine.$inferSelect;
type Item = RouteCheckItem;

/** Heights taken as true heights (above take-off or the surface below); others are ellipsoid heights. */
const RELATIVE_MODES = new Set(['relativeToStartPoint', 'realTimeFollowSurface']);

const km = (metres: number) => Math.round(metres / 100) / 10;
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;

function item(
  level: Item['level'],
  code: string,
  extra: Partial<Omit<Item, 'level' | 'code' | 'message'>> = {},
): Item {
  const refName = extra.refName ?? null;
  return {
    level,
    code,
    message: `route.check.${code}`,
    params: { ...(refName !== null ? { name: refName } : {}), ...extra.params },
    refId: extra.refId ?? null,
    refName,
    points: extra.points ?? [],
  };
}

/** The checks of a planned design (the editor, a submit). */
export function flightOfDesign(design: RouteDesign, plan: DesignPlan): CheckedFlight {
  return {
    heightMode: plan.heightMode,
    waylines: plan.waylines.map((line) =>
      line.map((point): CheckPoint => [point.position[0], point.position[1], point.heightM]),
    ),
    durationS: plan.figures.durationS,
    transitionalSpeedMS: design.mission.transitionalSpeedMS,
    takeOffSecurityHeightM: design.mission.takeOffSecurityHeightM,
    rthHeightM: design.mission.rthHeightM,
  };
}

/** The checks of a saved route: its design planned again, or its file's points and mission settings. */
export function flightOfSaved(
  row: Pick<RouteRow, 'design' | 'heightMode' | 'points' | 'duration'>,
  file: WaylineFile,
): CheckedFlight {
  if (row.design) {
    const planned = planDesign(row.design);
    if (planned.ok) return flightOfDesign(row.design, planned.plan);
  }
  const mission = file.missionConfig;
  return {
    heightMode: row.heightMode,
    waylines: row.points.map((line) => line.map((point): CheckPoint => [point[0], point[1], point[2]])),
    durationS: row.duration,
    transitionalSpeedMS: mission.globalTransitionalSpeed > 0 ? mission.globalTransitionalSpeed : 10,
    takeOffSecurityHeightM: mission.takeOffSecurityHeight ?? 20,
    rthHeightM: mission.globalRTHHeight ?? null,
  };
}

/** What is known of the dock a route is flown from. */
interface DockFacts {
  id: string;
  name: string;
  modelId: string;
  lowBattery: number;
  position: LonLatPosition | null;
  /** ellipsoid height of the dock, metres (its OSD `height`) */
  height: number | null;
  alternate: LonLatPosition | null;
  /** serial numbers of the aircraft bound to it */
  aircraftSerials: string[];
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const known = (longitude: unknown, latitude: unknown): LonLatPosition | null =>
  finite(longitude) && finite(latitude) && !(longitude === 0 && latitude === 0)
    ? [longitude, latitude]
    : null;

/** The item of an area the route enters or leaves. */
function areaCode(kind: AreaKind, named: boolean): string {
  switch (kind) {
    case 'nofly':
      return 'noFly';
    case 'airport_buffer':
      return 'airport';
    case 'airport_height_limit':
      return 'airportHeight';
    case 'fence':
      return named ? 'outsideFence' : 'outsideFences';
    case 'flyzone':
      return named ? 'outsideFlyZone' : 'outsideFlyZones';
    case 'nofly_outside':
      return named ? 'noFlySide' : 'outsideNoFlySides';
    default:
      return 'noFly';
  }
}

/**
 * The checks before saving and before flying (issue 16; docs/route.md "Checks"): the route against the
 * tenant's zones, fences, airport areas and approved airspaces with the caller's no-fly authority, the true
 * height limit, the dock's reach, the aircraft's endurance and its heights. Each finding names what it is
 * about and which waypoints; `ok` is false when any blocks.
 */
export class RouteCheckService {
  constructor(
    private readonly areas: AreaCheckService,
    private readonly airspaces: AirspaceService,
    private readonly live: Pick<LiveHub, 'get'>,
  ) {}

  /** Check a design (planned here when no plan is given). */
  async check(ctx: Ctx, input: RouteCheckInput): Promise<RouteCheck> {
    if (!input.design) throw fieldError('design', 'route.designRequired');
    let plan = input.plan;
    if (!plan) {
      const planned = planDesign(input.design);
      if (!planned.ok) {
        throw new AppError(400, planned.error.key as MessageKey, {
          field: 'design',
          ...planned.error.params,
        });
      }
      plan = planned.plan;
    }
    return this.checkFlight(ctx, flightOfDesign(input.design, plan), input);
  }

  /** Check a saved route (as `routes.flight` answers it), for its own aircraft and dock unless others given. */
  checkSaved(
    ctx: Ctx,
    saved: { row: RouteRow; file: WaylineFile },
    options: { aircraftModelId?: string; hangarId?: string | null; startTime?: string },
  ): Promise<RouteCheck> {
    return this.checkFlight(ctx, flightOfSaved(saved.row, saved.file), {
      aircraftModelId: options.aircraftModelId ?? saved.row.aircraftModelId,
      hangarId: options.hangarId === undefined ? saved.row.hangarId : options.hangarId,
      ...(options.startTime === undefined ? {} : { startTime: options.startTime }),
    });
  }

  async checkFlight(
    ctx: Ctx,
    flight: CheckedFlight,
    options: { aircraftModelId: string; hangarId?: string | null; startTime?: string },
  ): Promise<RouteCheck> {
    const time = options.startTime;
    if (time !== undefined && Number.isNaN(parseDateTime(time).getTime()))
      throw fieldError('startTime', 'validation.dateTime');
    const dockFacts = options.hangarId ? await this.dock(ctx, options.hangarId) : null;
    const items: Item[] = [];

    // Heights above take-off: as planned, or ellipsoid heights less the dock's when it reported one.
    const relative = RELATIVE_MODES.has(flight.heightMode);
    const offset = relative ? 0 : dockFacts?.height;
    const heightsKnown = offset !== undefined && offset !== null;
    const waylines: CheckPoint[][] = flight.waylines.map((line) =>
      line.map((point): CheckPoint => [point[0], point[1], heightsKnown ? point[2] - offset : point[2]]),
    );
    const maxHeight = Math.max(...waylines.flat().map((point) => point[2]));

    items.push(...(await this.areaItems(ctx, waylines, heightsKnown, time)));
    if (heightsKnown) {
      items.push(
        ...(await this.heightLimit(ctx, waylines, maxHeight, options.aircraftModelId, dockFacts, time)),
      );
    } else {
      items.push(item('warn', 'heightReference'));
    }
    if (dockFacts) items.push(...this.reach(waylines, dockFacts));
    items.push(...this.endurance(flight, waylines, options.aircraftModelId, dockFacts));
    if (heightsKnown) {
      const low = allPoints(waylines).filter(([line, index]) => waylines[line]![index]![2] < LOW_WAYPOINT_M);
      if (low.length)
        items.push(item('warn', 'lowWaypoint', { params: { minM: LOW_WAYPOINT_M }, points: low }));
      if (flight.rthHeightM !== null && flight.rthHeightM < maxHeight) {
        items.push(
          item('warn', 'rthHeight', {
            params: { rthM: flight.rthHeightM, heightM: Math.round(maxHeight * 10) / 10 },
          }),
        );
      }
    }
    return { ok: !items.some((found) => found.level === 'block'), items };
  }

  /** The dock of the caller's tenant, with its last reported position (400 naming hangarId otherwise). */
  private async dock(ctx: Ctx, hangarId: string): Promise<DockFacts> {
    const [row] = await ctx.db
      .select()
      .from(dock)
      .where(scope(ctx, dock, eq(dock.id, hangarId)))
      .limit(1);
    if (!row) throw fieldError('hangarId', 'common.notFound');
    const drones = await ctx.db
      .select({ serialNumber: device.serialNumber })
      .from(dockDrone)
      .innerJoin(device, and(eq(device.id, dockDrone.deviceId), eq(device.tenantId, ctx.tenantId)))
      .where(
        and(eq(dockDrone.dockId, row.id), eq(dockDrone.tenantId, ctx.tenantId), eq(device.isDeleted, 0)),
      );
    const osd = (await this.live.get(row.serialNumber))?.osd ?? {};
    const reportedAlternate = osd.alternate_land_point as
      { longitude?: unknown; latitude?: unknown; is_configured?: unknown } | undefined;
    return {
      id: row.id,
      name: row.name,
      modelId: row.modelId,
      lowBattery: row.lowBattery,
      position: known(osd.longitude, osd.latitude),
      height: finite(osd.height) ? osd.height : null,
      alternate:
        known(row.alternateLongitude, row.alternateLatitude) ??
        (reportedAlternate?.is_configured === 1
          ? known(reportedAlternate.longitude, reportedAlternate.latitude)
          : null),
      aircraftSerials: drones.map((drone) => drone.serialNumber),
    };
  }

  /** 1. Zones, fences and airport areas: the GIS flight check of each wayline, with the waypoints concerned. */
  private async areaItems(
    ctx: Ctx,
    waylines: CheckPoint[][],
    heightsKnown: boolean,
    time: string | undefined,
  ): Promise<Item[]> {
    const found = new Map<string, Item>();
    const add = (key: string, made: () => Item, points: PointRef[]) => {
      const existing = found.get(key) ?? made();
      found.set(key, { ...existing, points: mergeRefs(existing.points, points) });
    };
    for (const [index, line] of waylines.entries()) {
      if (!line.length) continue;
      const positions = line.map((point): LonLatPosition => [point[0], point[1]]);
      const geometry =
        positions.length === 1
          ? { type: 'Point' as const, coordinates: positions[0]! }
          : { type: 'LineString' as const, coordinates: positions };
      const highest = Math.max(...line.map((point) => point[2]));
      const result: AreaCheckResult = await this.areas.check(ctx, {
        geometry,
        ...(heightsKnown ? { height: highest } : {}),
        ...(time ? { time } : {}),
      });
      const only = [line];
      const at = (refs: PointRef[]): PointRef[] => refs.map(([, point]) => [index, point]);
      const hitOf = (kind: AreaKind, refId: string | null) =>
        refId === null ? undefined : result.hits.find((hit) => hit.kind === kind && hit.refId === refId);
      const pointsOf = (hit: AreaHit | undefined, keepIn: boolean): PointRef[] => {
        if (!hit) return at(allPoints(only));
        if (keepIn) return at(pointsOutside(only, hit.geometry));
        return at(pointsInside(only, hit.geometry, heightsKnown ? hit : undefined));
      };
      for (const violation of result.violations) {
        const hit = hitOf(violation.kind, violation.refId);
        const keepIn = violation.reason === 'leavesKeepIn';
        const code = areaCode(violation.kind, violation.refId !== null);
        add(
          `${code}:${violation.refId}`,
          () =>
            item('block', code, {
              refId: violation.refId,
              refName: violation.name,
              params: violation.kind === 'airport_height_limit' && hit?.floor ? { limitM: hit.floor } : {},
            }),
          pointsOf(hit, keepIn),
        );
      }
      for (const refId of new Set(result.waived)) {
        const hit = result.hits.find((candidate) => candidate.refId === refId);
        add(
          `noFlyWaived:${refId}`,
          () => item('warn', 'noFlyWaived', { refId, refName: hit?.name ?? null }),
          pointsOf(hit, hit?.kind === 'nofly_outside'),
        );
      }
    }
    return [...found.values()];
  }

  /**
   * 2. The true-height limit: above it, an approved airspace in force at the start whose range holds every
   * wayline flying above the limit, whose ceiling is at or above the highest point, and whose aircraft is the
   * dock's (by serial number) or, without a dock, of the route's model, makes it a warning naming the approval.
   */
  private async heightLimit(
    ctx: Ctx,
    waylines: CheckPoint[][],
    maxHeight: number,
    aircraftModelId: string,
    dockFacts: DockFacts | null,
    time: string | undefined,
  ): Promise<Item[]> {
    if (maxHeight <= TRUE_HEIGHT_LIMIT_M) return [];
    const model = DEVICE_MODELS.find((entry) => entry.id === aircraftModelId);
    const modelNames = model ? [model.name, model.nameEn] : [aircraftModelId];
    let covering: Map<string, string> | null = null as Map<string, string> | null;
    for (const line of waylines) {
      if (!line.some((point) => point[2] > TRUE_HEIGHT_LIMIT_M)) continue;
      const positions = line.map((point): LonLatPosition => [point[0], point[1]]);
      const infos = await this.airspaces.info(ctx, {
        geometry:
          positions.length === 1
            ? { type: 'Point', coordinates: positions[0]! }
            : { type: 'LineString', coordinates: positions },
        height: maxHeight,
        ...(time ? { time } : {}),
      });
      const fitting = new Map(
        infos
          .filter(
            (info) =>
              info.within &&
              (dockFacts?.aircraftSerials.length
                ? dockFacts.aircraftSerials.includes(info.serialNumber ?? '')
                : sameAircraftModel(info.model, modelNames)),
          )
          .map((info) => [info.refId, info.name] as const),
      );
      covering = covering ? new Map([...covering].filter(([id]) => fitting.has(id))) : fitting;
    }
    const [approval] = [...(covering ?? new Map<string, string>())];
    const above = allPoints(waylines).filter(
      ([line, index]) => waylines[line]![index]![2] > TRUE_HEIGHT_LIMIT_M,
    );
    const params = { heightM: Math.round(maxHeight * 10) / 10, limitM: TRUE_HEIGHT_LIMIT_M };
    if (approval) {
      return [item('warn', 'airspace', { refId: approval[0], refName: approval[1], params, points: above })];
    }
    return [item('block', 'heightLimit', { params, points: above })];
  }

  /** 3. The dock's reach: every waypoint within its model's operating radius of the dock and of its alternate point. */
  private reach(waylines: CheckPoint[][], facts: DockFacts): Item[] {
    const ref = { refId: facts.id, refName: facts.name };
    const radius = dockOperatingRadiusM(facts.modelId);
    const items: Item[] = [];
    if (!facts.position) items.push(item('warn', 'dockPosition', ref));
    if (radius === null) {
      items.push(item('warn', 'dockRadius', ref));
      return items;
    }
    if (facts.position) {
      const out = beyondRadius(waylines, facts.position, radius);
      if (out.points.length) {
        items.push(
          item('block', 'dockReach', {
            ...ref,
            params: { distanceKm: km(out.farthestM), radiusKm: km(radius) },
            points: out.points,
          }),
        );
      }
    }
    if (facts.alternate) {
      const out = beyondRadius(waylines, facts.alternate, radius);
      if (out.points.length) {
        items.push(
          item('warn', 'alternateReach', {
            ...ref,
            params: { distanceKm: km(out.farthestM), radiusKm: km(radius) },
            points: out.points,
          }),
        );
      }
    }
    return items;
  }

  /**
   * 4. Endurance: the route's flying time, the climb to the safe take-off height and the transit from the dock
   * (or the first waypoint) and back at the transitional speed, against the rated flight time less the return
   * margin (the dock's low-battery level, or 30 %).
   */
  private endurance(
    flight: CheckedFlight,
    waylines: CheckPoint[][],
    aircraftModelId: string,
    facts: DockFacts | null,
  ): Item[] {
    const rated = ratedFlightTimeS(aircraftModelId);
    if (rated === null) return [item('warn', 'enduranceUnknown')];
    const marginPercent = facts?.lowBattery ?? DEFAULT_RETURN_MARGIN_PERCENT;
    const usable = (rated * (100 - marginPercent)) / 100;
    const need =
      flight.durationS +
      transitTimeS(waylines, {
        takeoff: facts?.position ?? null,
        transitionalSpeedMS: flight.transitionalSpeedMS,
        takeOffSecurityHeightM: flight.takeOffSecurityHeightM,
      });
    const params = {
      minutes: minutes(need),
      usableMin: minutes(usable),
      ratedMin: minutes(rated),
      marginPercent,
    };
    if (need > usable) return [item('block', 'endurance', { params })];
    if (need > usable * ENDURANCE_WARN_SHARE) return [item('warn', 'enduranceMargin', { params })];
    return [];
  }
}

function mergeRefs(a: PointRef[], b: PointRef[]): PointRef[] {
  const keys = new Set([...a, ...b].map(([line, index]) => `${line},${index}`));
  return [...keys]
    .map((key) => key.split(',').map(Number) as PointRef)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}
