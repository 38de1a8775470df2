import {
  AIRSPACE_EDITABLE,
  type AirspaceAircraft,
  type AirspaceTakeoffPoint,
  AIRSPACE_TRANSITIONS,
  type AirspaceAction,
  type AirspaceInfo,
  type AirspaceInfoRequest,
  type AirspacePageQuery,
  type AirspaceStatus,
  type AirspaceSubmit,
  AreaGeometry,
  DEVICE_TYPE_AIRCRAFT,
  deviceModel,
  DICT,
  type ImportedFeature,
  isMessageKey,
  type PageQuery,
  splitIds,
  translate,
} from '@aos/contract';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, or, type SQL } from 'drizzle-orm';
import {
  airspace,
  airspaceHistory,
  attach,
  device,
  deviceCredential,
  uavAirport,
} from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { parseDateTime } from '../../lib/time.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import { aircraftOf, assertBizDictKey, assertOwnRows, namesById } from './references.js';
import type { SpatialService } from './spatial/spatial.service.js';
import { assertValidGeometry } from './spatial/validity.js';

export const applications = crud({
  table: airspace,
  filters: { name: 'like', serialNumber: 'like', taskNature: 'eq' },
});

type AirspaceRow = typeof airspace.$inferSelect;

/** The status as of `now`: an approved application past its end time is expired (before the job stores it). */
export function statusAt(row: Pick<AirspaceRow, 'approvalStatus' | 'endTime'>, now: Date): AirspaceStatus {
  if (row.approvalStatus === 'approved' && row.endTime && row.endTime < now) return 'expired';
  return row.approvalStatus;
}

/** Rows whose status as of `now` is `status` (see statusAt). */
function statusIs(status: AirspaceStatus, now: Date): SQL {
  if (status === 'approved') return and(eq(airspace.approvalStatus, 'approved'), gte(airspace.endTime, now))!;
  if (status === 'expired')
    return or(
      eq(airspace.approvalStatus, 'expired'),
      and(eq(airspace.approvalStatus, 'approved'), lt(airspace.endTime, now)),
    )!;
  return eq(airspace.approvalStatus, status);
}

/** The status filter (as of now) and the window filter: the start–end window overlaps the one asked for. */
function filtersOf(query: AirspacePageQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.approvalStatus) conditions.push(statusIs(query.approvalStatus, new Date()));
  if (query.windowStart) conditions.push(gte(airspace.endTime, parseDateTime(query.windowStart)));
  if (query.windowEnd) conditions.push(lte(airspace.startTime, parseDateTime(query.windowEnd)));
  return conditions.length ? and(...conditions) : undefined;
}

/** The fields apply needs (an imported draft has only its name and range until it is edited). */
const REQUIRED_TO_APPLY = [
  'serialNumber',
  'model',
  'registrationNumber',
  'contactPerson',
  'phone',
  'startTime',
  'endTime',
  'taskNature',
  'ceiling',
] as const satisfies ReadonlyArray<keyof AirspaceRow>;

const statusLabel = (ctx: Ctx, status: AirspaceStatus) => translate(ctx.language, `gis.status.${status}`);

/**
 * Airspace applications of a tenant (spec §3 Airspace, §7 /api/aos-gisservice/airspace). Rules: the range is a
 * valid polygon or circle; start before end; ceiling > 0; the task nature is an entry of the tenant's
 * `task_nature`; the aircraft, takeoff/landing points and approval files are the tenant's; a serial number
 * registered on the platform to another tenant is refused, one of the tenant's own aircraft links it. Status
 * changes only along AIRSPACE_TRANSITIONS (400 otherwise), each recorded with who and when; an approved
 * application is in the spatial index (kind 'airspace', its window and ceiling), nothing else is, written in
 * the same transaction as the status.
 */
export class AirspaceService {
  constructor(private readonly spatial: SpatialService) {}

  async page(ctx: Ctx, query: PageQuery & AirspacePageQuery) {
    const page = await applications.page(ctx, query, filtersOf(query));
    return { ...page, records: await this.shown(ctx, page.records) };
  }

  async list(ctx: Ctx, query: AirspacePageQuery) {
    return this.shown(ctx, await applications.list(ctx, query, filtersOf(query)));
  }

  async detail(ctx: Ctx, id: string) {
    const [shown] = await this.shown(ctx, [await applications.detail(ctx, id)]);
    const history = await ctx.db
      .select()
      .from(airspaceHistory)
      .where(scope(ctx, airspaceHistory, eq(airspaceHistory.airspaceId, id)))
      .orderBy(asc(airspaceHistory.time), asc(airspaceHistory.id));
    return { ...shown!, history: history.map(({ tenantId: _t, airspaceId: _a, ...step }) => step) };
  }

  /** The tenant's aircraft, for the dialog's aircraft choice (applicants need no device permission). */
  async aircraftChoices(ctx: Ctx): Promise<AirspaceAircraft[]> {
    const rows = await ctx.db
      .select({
        id: device.id,
        name: device.name,
        serialNumber: device.serialNumber,
        modelId: device.modelId,
      })
      .from(device)
      .where(scope(ctx, device, eq(device.type, DEVICE_TYPE_AIRCRAFT)))
      .orderBy(asc(device.name), asc(device.id));
    return rows.map(({ modelId, ...row }) => {
      const model = deviceModel(modelId);
      return { ...row, model: model ? (ctx.language === 'en-US' ? model.nameEn : model.name) : null };
    });
  }

  /** The tenant's registered takeoff/landing points, for the dialog (applicants need no airport permission). */
  async takeoffPointChoices(ctx: Ctx): Promise<AirspaceTakeoffPoint[]> {
    return ctx.db
      .select({
        id: uavAirport.id,
        name: uavAirport.name,
        longitude: uavAirport.longitude,
        latitude: uavAirport.latitude,
      })
      .from(uavAirport)
      .where(scope(ctx, uavAirport))
      .orderBy(asc(uavAirport.name), asc(uavAirport.id));
  }

  /** Add a draft (no id), or change a draft or a rejected application (a rejected one becomes a draft). */
  async submit(ctx: Ctx, input: AirspaceSubmit) {
    return inTransaction(ctx, async (tx) => {
      const before = input.id ? await this.locked(tx, input.id) : undefined;
      if (before) {
        const status = statusAt(before, new Date());
        if (!AIRSPACE_EDITABLE.includes(status))
          throw new AppError(400, 'gis.airspaceNotEditable', { status: statusLabel(tx, status) });
      }
      const values = await this.checked(tx, input);
      let row: AirspaceRow;
      if (before) {
        const reopened = before.approvalStatus === 'rejected';
        row = await applications.update(tx, before.id, {
          ...values,
          ...(reopened ? { approvalStatus: 'draft' as const, reason: null } : {}),
        });
        if (reopened) await this.record(tx, row.id, 'rejected', 'draft');
      } else {
        row = await applications.insert(tx, { ...values, approvalStatus: 'draft' });
        await this.record(tx, row.id, null, 'draft');
      }
      const [shown] = await this.shown(tx, [row]);
      return shown!;
    });
  }

  /** apply, approve or reject (with a reason): only from the statuses AIRSPACE_TRANSITIONS allows. */
  async transition(ctx: Ctx, action: AirspaceAction, id: string, reason?: string) {
    return inTransaction(ctx, async (tx) => {
      const row = await this.locked(tx, id);
      const now = new Date();
      const current = statusAt(row, now);
      const { from, to } = AIRSPACE_TRANSITIONS[action];
      if (!(from as readonly AirspaceStatus[]).includes(current))
        throw new AppError(400, 'gis.airspaceTransition', { status: statusLabel(tx, current) });
      if (action === 'apply') {
        const missing = REQUIRED_TO_APPLY.find((field) => row[field] === null || row[field] === '');
        if (missing) throw fieldError(missing, 'gis.airspaceIncomplete', { field: missing });
      }
      if (action !== 'reject' && row.endTime && row.endTime <= now)
        throw fieldError('endTime', 'gis.airspaceEnded');
      const [changed] = await tx.db
        .update(airspace)
        .set({
          approvalStatus: to,
          reason: action === 'reject' ? (reason ?? null) : null,
          ...updateAudit(tx),
        })
        // the status read above: two approvers at once, the second finds it changed
        .where(scope(tx, airspace, eq(airspace.id, id), eq(airspace.approvalStatus, row.approvalStatus)))
        .returning();
      if (!changed) throw new AppError(400, 'gis.airspaceTransition', { status: statusLabel(tx, current) });
      await this.record(tx, id, current, to, reason);
      if (to === 'approved') await this.index(tx, changed);
      else await this.spatial.remove(tx, [id], ['airspace']);
      const [shown] = await this.shown(tx, [changed]);
      return shown!;
    });
  }

  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const removed = await applications.remove(tx, ids);
      await this.spatial.remove(tx, ids, ['airspace']);
      return removed;
    });
  }

  /**
   * Spec §7 getAirSpaceInfo: the approved airspaces in force at `time` (now when absent) and covering
   * `height` whose range the geometry touches, and whether it lies wholly inside each.
   */
  async info(ctx: Ctx, input: AirspaceInfoRequest): Promise<AirspaceInfo[]> {
    assertValidGeometry(input.geometry, 'geometry');
    const time = input.time ? parseDateTime(input.time) : new Date();
    if (Number.isNaN(time.getTime())) throw fieldError('time', 'validation.dateTime');
    const hits = await this.spatial.query(ctx, {
      geometry: input.geometry,
      height: input.height,
      time,
      kinds: ['airspace'],
    });
    if (hits.length === 0) return [];
    const rows = await ctx.db
      .select()
      .from(airspace)
      .where(
        scope(
          ctx,
          airspace,
          inArray(
            airspace.id,
            hits.map((hit) => hit.refId),
          ),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return hits.flatMap((hit) => {
      const row = byId.get(hit.refId);
      if (!row || statusAt(row, time) !== 'approved') return [];
      return [
        {
          ...hit,
          serialNumber: row.serialNumber,
          model: row.model,
          registrationNumber: row.registrationNumber,
          taskNature: row.taskNature,
        },
      ];
    });
  }

  /**
   * Spec §7 importAirSpace, after a reader turned the file into features: exactly one range (a polygon, or a
   * circle: a point with a `radius` in metres), else the spec's message. The range becomes a draft named by
   * the feature's `name` property, or else the file's name.
   */
  async importFeatures(ctx: Ctx, features: readonly ImportedFeature[], fileName: string) {
    const ranges = features.flatMap((feature) => rangesOf(feature));
    if (features.length !== 1 || ranges.length !== 1) throw fieldError('file', 'gis.airspaceImportOne');
    const parsed = AreaGeometry.safeParse(ranges[0]);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      throw fieldError('file', isMessageKey(message) ? message : 'gis.importUnreadable');
    }
    assertValidGeometry(parsed.data, 'file');
    const property = features[0]!.properties?.name;
    const fromFile = fileName.replace(/\.[^.]*$/, '').trim();
    const name = (
      typeof property === 'string' && property.trim() ? property.trim() : fromFile || 'airspace'
    ).slice(0, 100);
    return inTransaction(ctx, async (tx) => {
      const row = await applications.insert(tx, {
        name,
        geometry: parsed.data,
        approvalStatus: 'draft',
        applicant: tx.user?.realName || tx.user?.name || null,
      });
      await this.record(tx, row.id, null, 'draft');
      const [shown] = await this.shown(tx, [row]);
      return shown!;
    });
  }

  /**
   * The scheduler's expiry: every approved application whose end time has passed, of every tenant, is stored
   * as expired, recorded (by the platform) and taken out of the spatial index. Idempotent.
   */
  async expire(ctx: Ctx, now: Date): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const expired = await tx.db
        .update(airspace)
        .set({ approvalStatus: 'expired', updateTime: now })
        .where(
          and(
            eq(airspace.approvalStatus, 'approved'),
            eq(airspace.isDeleted, 0),
            isNotNull(airspace.endTime),
            lt(airspace.endTime, now),
          ),
        )
        .returning({ id: airspace.id, tenantId: airspace.tenantId });
      const byTenant = new Map<string, string[]>();
      for (const row of expired) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row.id]);
      for (const [tenantId, ids] of byTenant) {
        const tenant: Ctx = { ...tx, tenantId, user: null };
        await this.spatial.remove(tenant, ids, ['airspace']);
        for (const id of ids) await this.record(tenant, id, 'approved', 'expired', undefined, now);
      }
      return expired.length;
    });
  }

  /**
   * The application, locked until the transaction ends: an edit and a status change (or two approvers) on
   * one application wait for each other, so each sees the status the other left.
   */
  private async locked(ctx: Ctx, id: string): Promise<AirspaceRow> {
    const [row] = await ctx.db
      .select()
      .from(airspace)
      .where(scope(ctx, airspace, eq(airspace.id, id)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  /** The submit's values once every rule and reference is checked. */
  private async checked(ctx: Ctx, input: AirspaceSubmit): Promise<Partial<AirspaceRow>> {
    assertValidGeometry(input.geometry, 'geometry');
    await assertBizDictKey(ctx, DICT.task_nature, input.taskNature, 'taskNature', 'gis.taskNature');
    const aircraftId = await this.aircraft(ctx, input);
    const uavAirportIds = input.uavAirportIds ?? [];
    await assertOwnRows(ctx, uavAirport, uavAirportIds, 'uavAirportIds', 'gis.uavAirportInvalid');
    const attachIds = input.attachIds ?? [];
    await assertOwnRows(ctx, attach, attachIds, 'attachIds', 'gis.attachInvalid');
    return {
      name: input.name,
      aircraftId,
      serialNumber: input.serialNumber,
      model: input.model,
      registrationNumber: input.registrationNumber,
      contactPerson: input.contactPerson,
      phone: input.phone.trim(),
      startTime: parseDateTime(input.startTime),
      endTime: parseDateTime(input.endTime),
      applicant: input.applicant || ctx.user?.realName || ctx.user?.name || null,
      taskNature: input.taskNature,
      ceiling: input.ceiling,
      remark: input.remark || null,
      uavAirportIds: uavAirportIds.join(','),
      takeoffPositions: input.takeoffPositions ?? [],
      attachIds: attachIds.join(','),
      geometry: input.geometry,
    };
  }

  /**
   * The aircraft an application names: the tenant's aircraft `aircraftId`, whose serial number it must carry;
   * without one, the tenant's aircraft registered with the serial number, if any. A serial number registered
   * to another tenant is refused (serial numbers are unique on the platform).
   */
  private async aircraft(ctx: Ctx, input: AirspaceSubmit): Promise<string | null> {
    if (input.aircraftId) {
      const found = await aircraftOf(ctx, [input.aircraftId], 'aircraftId', {
        invalid: 'gis.aircraftInvalid',
        notAircraft: 'gis.notAircraft',
      });
      const serialNumber = found.get(input.aircraftId)!.serialNumber;
      if (serialNumber !== input.serialNumber)
        throw fieldError('serialNumber', 'gis.aircraftSerialMismatch', { serialNumber });
      return input.aircraftId;
    }
    const [registered] = await ctx.db
      .select({
        tenantId: deviceCredential.tenantId,
        kind: deviceCredential.ownerKind,
        id: deviceCredential.ownerId,
      })
      .from(deviceCredential)
      .where(eq(deviceCredential.serialNumber, input.serialNumber))
      .limit(1);
    if (!registered) return null;
    if (registered.tenantId !== ctx.tenantId) throw fieldError('serialNumber', 'gis.serialNumberElsewhere');
    if (registered.kind !== 'device') return null;
    const [own] = await ctx.db
      .select({ type: device.type })
      .from(device)
      .where(scope(ctx, device, eq(device.id, registered.id)));
    return own?.type === DEVICE_TYPE_AIRCRAFT ? registered.id : null;
  }

  private async index(ctx: Ctx, row: AirspaceRow): Promise<void> {
    await this.spatial.put(ctx, [
      {
        kind: 'airspace',
        refId: row.id,
        name: row.name,
        geometry: row.geometry,
        ceiling: row.ceiling,
        startTime: row.startTime,
        endTime: row.endTime,
      },
    ]);
  }

  private async record(
    ctx: Ctx,
    airspaceId: string,
    fromStatus: AirspaceStatus | null,
    toStatus: AirspaceStatus,
    reason?: string,
    time = new Date(),
  ): Promise<void> {
    await ctx.db.insert(airspaceHistory).values({
      id: newId(),
      tenantId: ctx.tenantId,
      airspaceId,
      fromStatus,
      toStatus,
      reason: reason ?? null,
      userId: ctx.user?.userId ?? null,
      userName: ctx.user ? ctx.user.realName || ctx.user.name || ctx.user.account : null,
      time,
    });
  }

  /** The last status change of each application: who (null: the platform) and when. */
  private async lastChanges(ctx: Ctx, ids: string[]) {
    const steps = await ctx.db
      .select({
        airspaceId: airspaceHistory.airspaceId,
        userName: airspaceHistory.userName,
        time: airspaceHistory.time,
      })
      .from(airspaceHistory)
      .where(scope(ctx, airspaceHistory, inArray(airspaceHistory.airspaceId, ids)))
      .orderBy(asc(airspaceHistory.time), asc(airspaceHistory.id));
    // in time order: the last one of each application wins
    return new Map(steps.map((step) => [step.airspaceId, step]));
  }

  /** Rows as the API shows them: the status as of now, the shape, names of the aircraft, points and files. */
  private async shown(ctx: Ctx, rows: AirspaceRow[]) {
    if (rows.length === 0) return [];
    const now = new Date();
    const aircraft = await namesById(
      ctx,
      device,
      rows.flatMap((row) => (row.aircraftId ? [row.aircraftId] : [])),
    );
    const points = await namesById(
      ctx,
      uavAirport,
      rows.flatMap((row) => splitIds(row.uavAirportIds)),
    );
    const fileIds = [...new Set(rows.flatMap((row) => splitIds(row.attachIds)))];
    const fileRows = fileIds.length
      ? await ctx.db
          .select({ id: attach.id, name: attach.originalName, link: attach.link })
          .from(attach)
          .where(scope(ctx, attach, inArray(attach.id, fileIds)))
      : [];
    const files = new Map(fileRows.map((file) => [file.id, file]));
    const names = (ids: string, found: Map<string, string>) =>
      splitIds(ids)
        .map((id) => found.get(id) ?? '')
        .join(',');
    const fileNames = new Map(fileRows.map((file) => [file.id, file.name]));
    const lastChange = await this.lastChanges(
      ctx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const status = statusAt(row, now);
      const last = lastChange.get(row.id);
      // read as expired before the job stored it: the change is the end of the window, by the platform
      const unstored = status === 'expired' && row.approvalStatus === 'approved';
      return {
        ...row,
        aircraftName: row.aircraftId ? (aircraft.get(row.aircraftId) ?? null) : null,
        uavAirportNames: names(row.uavAirportIds, points),
        attachNames: names(row.attachIds, fileNames),
        attachFiles: splitIds(row.attachIds).flatMap((id) => {
          const file = files.get(id);
          return file ? [file] : [];
        }),
        shape: row.geometry.type === 'Circle' ? ('circle' as const) : ('polygon' as const),
        approvalStatus: status,
        statusUserName: unstored ? null : (last?.userName ?? null),
        statusTime: unstored ? row.endTime : (last?.time ?? null),
      };
    });
  }
}

/** A range a feature holds: a polygon (a multi-polygon holds one per part), or a point with a radius. */
function rangesOf(feature: ImportedFeature): unknown[] {
  const geometry = feature.geometry as {
    type?: unknown;
    coordinates?: unknown;
    center?: unknown;
    radius?: unknown;
  } | null;
  if (!geometry || typeof geometry !== 'object') return [];
  switch (geometry.type) {
    case 'Polygon':
    case 'Circle':
      return [geometry];
    case 'MultiPolygon':
      return Array.isArray(geometry.coordinates)
        ? geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
        : [];
    case 'Point': {
      const radius = feature.properties?.radius;
      return radius === undefined || radius === null
        ? []
        : [{ type: 'Circle', center: geometry.coordinates, radius }];
    }
    default:
      return [];
  }
}
