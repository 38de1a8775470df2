import {
  DEVICE_MODELS,
  DEVICE_TYPE_AIRCRAFT,
  DRONE_MODE,
  isMessageKey,
  type MessageKey,
  type PageQuery,
  RECORD_SPACING_RANGE,
  RECORD_TOLERANCE_RANGE,
  type RecordTaskPageQuery,
  RecordTaskSubmit,
  ROUTE_AIRCRAFT,
  type RouteSubmit,
  translate,
} from '@aos/contract';
import { and, asc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { device, routeRecordTask, telemetrySample } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { userNames } from '../../lib/labels.js';
import { pageAnswer } from '../../lib/page.js';
import { scope } from '../../lib/tenant-scope.js';
import { type PathSample, pathLength, recordedWaypoints } from './record-path.js';
import type { RouteService } from './route.service.js';

type TaskRow = typeof routeRecordTask.$inferSelect;
const t = routeRecordTask;
const s = telemetrySample;

/**
 * The drone modes whose positions are recorded: flown by hand (remote controller, cloud joystick) or along a
 * wayline, not taking off, returning home or landing, which the route's own take-off and finish actions do.
 */
export const RECORDED_MODES: readonly number[] = [
  DRONE_MODE.MANUAL,
  DRONE_MODE.WAYLINE,
  DRONE_MODE.PANORAMA,
  DRONE_MODE.TRACKING,
  DRONE_MODE.ADSB_AVOIDANCE,
  DRONE_MODE.APAS,
  DRONE_MODE.JOYSTICK,
];
/** Most samples one recording reads (about 14 hours at one a second). */
const SAMPLE_LIMIT = 50_000;

const tasks = crud({
  table: routeRecordTask,
  filters: { name: 'like', recordStatus: 'eq', droneId: 'eq', droneSn: 'eq' },
});

/** Something that writes what the device link buffered (the telemetry writer), before the samples are read. */
export interface SampleFlusher {
  flush(): Promise<void>;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Record tasks (spec §7 recordtask; docs/route.md): a hand-flown drone recorded into a waypoint route. Start:
 * one of the tenant's aircraft, one open recording each. While open, the drone's telemetry samples since the
 * start are its path (counted live). Finish: the samples in the air between start and now (RECORDED_MODES, with
 * a position and a height) are simplified (record-path.ts) and saved as a waypoint route through the route
 * service (its checks and KMZ), linked as `routeId`; no samples, too short a path or a route the route area
 * refuses fail the task with the reason. Remove: the task only, the route stays. Tenant-wide (the route menu).
 */
export class RecordTaskService {
  constructor(
    private readonly routes: RouteService,
    private readonly samples?: SampleFlusher,
  ) {}

  async page(ctx: Ctx, query: PageQuery & RecordTaskPageQuery) {
    const { status, ...rest } = query;
    const page = await tasks.page(ctx, { ...rest, recordStatus: status });
    return pageAnswer(await this.shown(ctx, page.records), page.total, query);
  }

  async detail(ctx: Ctx, id: string) {
    const [shown] = await this.shown(ctx, [await tasks.detail(ctx, id)]);
    return shown!;
  }

  /** Start (no id), finish (id, `finish: true`) or rename (id). */
  async submit(ctx: Ctx, raw: RecordTaskSubmit) {
    const input = RecordTaskSubmit.parse(raw);
    if (!input.id) return this.detail(ctx, (await this.start(ctx, input)).id);
    const row = await tasks.detail(ctx, input.id);
    if (input.finish) return this.detail(ctx, (await this.finish(ctx, row, input.name)).id);
    if (input.name === undefined) throw fieldError('name', 'validation.blank');
    await tasks.update(ctx, row.id, { name: input.name });
    return this.detail(ctx, row.id);
  }

  /** Soft-delete tasks (404 when none is the tenant's); their routes stay. */
  remove(ctx: Ctx, ids: string[]) {
    return tasks.remove(ctx, ids);
  }

  private async start(ctx: Ctx, input: ReturnType<typeof RecordTaskSubmit.parse>) {
    if (!input.name) throw fieldError('name', 'validation.blank');
    if (!input.droneId && !input.droneSn) throw fieldError('droneId', 'route.record.droneRequired');
    const field = input.droneId ? 'droneId' : 'droneSn';
    const [drone] = await ctx.db
      .select({ id: device.id, serialNumber: device.serialNumber, modelId: device.modelId })
      .from(device)
      .where(
        scope(
          ctx,
          device,
          eq(device.type, DEVICE_TYPE_AIRCRAFT),
          input.droneId ? eq(device.id, input.droneId) : eq(device.serialNumber, input.droneSn!),
        ),
      )
      .limit(1);
    if (!drone) throw fieldError(field, 'common.notFound');
    const aircraftModelId = input.aircraftModelId ?? drone.modelId;
    if (!aircraftModelId || !ROUTE_AIRCRAFT.some((model) => model.id === aircraftModelId))
      throw fieldError('aircraftModelId', 'route.aircraft');
    const busy = async () => {
      const open = await tasks.find(ctx, and(eq(t.droneId, drone.id), eq(t.recordStatus, 'recording'))!);
      if (open) throw fieldError(field, 'route.record.busy', { name: open.name });
    };
    await busy();
    try {
      return await tasks.insert(ctx, {
        name: input.name,
        droneId: drone.id,
        droneSn: drone.serialNumber,
        aircraftModelId,
        toleranceM: input.toleranceM ?? RECORD_TOLERANCE_RANGE.default,
        minSpacingM: input.minSpacingM ?? RECORD_SPACING_RANGE.default,
        recordStatus: 'recording',
        startedAt: new Date(),
      });
    } catch (error) {
      // another start for the same drone won the race (the partial unique index)
      if (isUniqueViolation(error)) await busy();
      throw error;
    }
  }

  /** The drone's positions in the air between the task's start and `end`, in time order. */
  private async path(ctx: Ctx, row: TaskRow, end: Date) {
    const rows = await ctx.db
      .select({
        at: s.at,
        longitude: s.longitude,
        latitude: s.latitude,
        height: s.height,
        elevation: s.elevation,
        speed: s.horizontalSpeed,
      })
      .from(s)
      .where(
        scope(
          ctx,
          s,
          eq(s.serialNumber, row.droneSn),
          gte(s.at, row.startedAt),
          lte(s.at, end),
          isNotNull(s.longitude),
          isNotNull(s.latitude),
          inArray(s.modeCode, [...RECORDED_MODES]),
        ),
      )
      .orderBy(asc(s.at), asc(s.id))
      .limit(SAMPLE_LIMIT);
    // heights above take-off (DJI's `elevation`) when every sample has one, else ellipsoid heights
    const relative = rows.every((sample) => sample.elevation !== null);
    const heightMode = relative ? ('relativeToStartPoint' as const) : ('WGS84' as const);
    const samples: PathSample[] = [];
    let heightless = 0;
    for (const sample of rows) {
      const height = relative ? sample.elevation : sample.height;
      if (height === null) {
        heightless++;
        continue;
      }
      samples.push({
        at: sample.at.getTime(),
        longitude: sample.longitude!,
        latitude: sample.latitude!,
        height,
        speed: sample.speed,
      });
    }
    return { samples, heightMode, heightless };
  }

  /** The figures of a path: positions, horizontal length, seconds from first to last. */
  private figures(samples: PathSample[]) {
    return {
      pointCount: samples.length,
      distanceM: pathLength(samples),
      durationS: samples.length > 1 ? (samples.at(-1)!.at - samples[0]!.at) / 1000 : 0,
    };
  }

  private async finish(ctx: Ctx, row: TaskRow, name: string | undefined) {
    if (row.recordStatus !== 'recording') throw fieldError('id', 'route.record.notRecording');
    // what this instance's telemetry writer holds is written first
    await this.samples?.flush();
    return inTransaction(ctx, async (tx) => {
      // one finish at a time: a second one waits here and then finds the task ended
      const [locked] = await tx.db
        .select()
        .from(t)
        .where(scope(tx, t, eq(t.id, row.id)))
        .for('update');
      if (!locked) throw notFound();
      if (locked.recordStatus !== 'recording') throw fieldError('id', 'route.record.notRecording');
      const end = new Date();
      const { samples, heightMode, heightless } = await this.path(tx, locked, end);
      const ended = { endedAt: end, ...(name ? { name } : {}), ...this.figures(samples) };
      const fail = (key: MessageKey, params: Record<string, string | number> = {}) =>
        tasks.update(tx, locked.id, {
          ...ended,
          recordStatus: 'failed',
          reasonKey: key,
          reasonParams: params,
        });
      if (samples.length === 0) return fail(heightless ? 'route.record.noHeight' : 'route.record.noSamples');
      const waypoints = recordedWaypoints(samples, {
        toleranceM: locked.toleranceM,
        minSpacingM: locked.minSpacingM,
      });
      if (waypoints.length < 2)
        return fail('route.record.tooShort', { meters: Math.round(ended.distanceM * 10) / 10 });
      const [drone] = await tx.db
        .select({ manufacturerId: device.manufacturerId })
        .from(device)
        .where(scope(tx, device, eq(device.id, locked.droneId)))
        .limit(1);
      const speeds = waypoints.map((point) => point.speedMS).sort((a, b) => a - b);
      const submit: RouteSubmit = {
        name: ended.name ?? locked.name,
        aircraftModelId: locked.aircraftModelId,
        manufacturerId: drone?.manufacturerId ?? null,
        remark: translate(tx.language, 'route.record.remark', { name: locked.name }),
        design: {
          kind: 'waypoint',
          params: {
            heightMode,
            defaults: {
              heightM: waypoints[0]!.height,
              speedMS: speeds[Math.floor(speeds.length / 2)]!,
              headingMode: 'followWayline',
            },
            waypoints: waypoints.map((point) => ({
              position: [point.longitude, point.latitude],
              heightM: point.height,
              speedMS: point.speedMS,
            })),
          },
          mission: {
            rthHeightM: Math.min(1500, Math.max(100, Math.ceil(Math.max(...waypoints.map((p) => p.height))))),
          },
        } as RouteSubmit['design'],
      };
      let routeId: string;
      try {
        routeId = (await this.routes.submit(tx, submit)).id;
      } catch (error) {
        // a route the route area refuses (a check that blocks, a planner's limit): the task says why
        if (!(error instanceof AppError) || error.status !== 400) throw error;
        const reason = isMessageKey(error.messageKey)
          ? translate(tx.language, error.messageKey, error.params)
          : String(error.messageKey);
        return fail('route.record.routeRefused', { reason });
      }
      return tasks.update(tx, locked.id, {
        ...ended,
        recordStatus: 'finished',
        waypointCount: waypoints.length,
        routeId,
        reasonKey: null,
        reasonParams: null,
      });
    });
  }

  /** Tasks as the API shows them: names of the drone, model, route and creator; live figures while recording. */
  private async shown(ctx: Ctx, rows: TaskRow[]) {
    const ids = (pick: (row: TaskRow) => string | null) => [
      ...new Set(rows.map(pick).filter((id): id is string => Boolean(id))),
    ];
    const droneIds = ids((row) => row.droneId);
    const [drones, routes, users] = await Promise.all([
      droneIds.length
        ? ctx.db
            .select({ id: device.id, name: device.name })
            .from(device)
            .where(scope(ctx, device, inArray(device.id, droneIds)))
        : Promise.resolve([]),
      this.routes.listByIds(
        ctx,
        ids((row) => row.routeId),
      ),
      userNames(
        ctx,
        rows.map((row) => row.createUser),
      ),
    ]);
    const droneName = new Map(drones.map((drone) => [drone.id, drone.name]));
    const routeName = new Map(routes.map((route) => [route.id, route.name]));
    const shown = [];
    for (const row of rows) {
      const live =
        row.recordStatus === 'recording'
          ? this.figures((await this.path(ctx, row, new Date())).samples)
          : row;
      const model = DEVICE_MODELS.find((entry) => entry.id === row.aircraftModelId);
      const params = (row.reasonParams ?? {}) as Record<string, string | number>;
      shown.push({
        id: row.id,
        tenantId: row.tenantId,
        name: row.name,
        droneId: row.droneId,
        droneSn: row.droneSn,
        droneName: droneName.get(row.droneId) ?? null,
        aircraftModelId: row.aircraftModelId,
        aircraftModelName: model ? (ctx.language === 'en-US' ? model.nameEn : model.name) : null,
        toleranceM: row.toleranceM,
        minSpacingM: row.minSpacingM,
        status: row.recordStatus,
        startTime: row.startedAt,
        endTime: row.endedAt,
        reasonKey: row.reasonKey,
        reason:
          row.reasonKey && isMessageKey(row.reasonKey)
            ? translate(ctx.language, row.reasonKey, params)
            : null,
        pointCount: live.pointCount,
        waypointCount: row.waypointCount,
        distance: Math.round(live.distanceM * 10) / 10,
        duration: live.durationS,
        routeId: row.routeId,
        routeName: row.routeId ? (routeName.get(row.routeId) ?? null) : null,
        createUser: row.createUser,
        createUserName: row.createUser ? (users.get(row.createUser) ?? null) : null,
        createTime: row.createTime,
        updateTime: row.updateTime,
      });
    }
    return shown;
  }
}
