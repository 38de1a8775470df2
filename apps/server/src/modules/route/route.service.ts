import {
  DEVICE_MODELS,
  type DesignPlan,
  designOfWayline,
  isMessageKey,
  type MessageKey,
  type PageQuery,
  planDesign,
  ROUTE_TYPE_OF_KIND,
  RouteDesign,
  type RouteCheck,
  type RouteExportFormat,
  type RoutePageQuery,
  type RouteSubmit,
  RouteSubmit as RouteSubmitSchema,
  translate,
  type WaylineFile,
  waylineFileOf,
} from '@aos/contract';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { writeKmz } from '@aos/wpml';
import { desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ADMINISTRATOR_ALIAS } from '../../db/provision.js';
import { brand, dept, dock, routeLine } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { dataScopeCondition, inCallerDeptsOrBelow } from '../../lib/data-scope.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { userNames } from '../../lib/labels.js';
import { scope } from '../../lib/tenant-scope.js';
import type { FileService } from '../resource/file.service.js';
import { type CheckedFlight, flightOfDesign, flightOfSaved } from './check.service.js';
import { readKmz } from './wpml/read.js';
import {
  designOfShapeFile,
  exportName,
  fileFigures,
  type FlightFigures,
  planFigures,
  routeFileFormat,
  routeGeoJson,
  routeKml,
  type ShapeOptions,
} from './route-files.js';

type RouteRow = typeof routeLine.$inferSelect;
type ParsedSubmit = z.output<typeof RouteSubmitSchema>;

/** The checks before saving: the route area's check service, when the area has one (check.service.ts). */
export interface RouteChecker {
  checkFlight(
    ctx: Ctx,
    flight: CheckedFlight,
    options: { aircraftModelId: string; hangarId?: string | null },
  ): Promise<RouteCheck>;
}

/** Folder of a tenant's route files in its store. */
const FOLDER = 'route';
/** Most routes `list` answers (maps and pickers; the page is for browsing). */
export const ROUTE_LIST_MAX = 1000;

const routes = crud({
  table: routeLine,
  filters: {
    name: 'like',
    type: 'eq',
    kind: 'eq',
    aircraftModelId: 'eq',
    manufacturerId: 'eq',
    hangarId: 'eq',
    isPublic: 'eq',
  },
  dataScope: { code: 'route', dept: routeLine.deptId },
});

/** What the page and list select: everything but the design and the map points (the detail's). */
const { design: _design, points: _points, ...summaryColumns } = getTableColumns(routeLine);
type SummaryRow = Omit<RouteRow, 'design' | 'points'>;

const modelName = (id: string | null, language: Ctx['language']) => {
  const model = id ? DEVICE_MODELS.find((entry) => entry.id === id) : undefined;
  return model ? (language === 'en-US' ? model.nameEn : model.name) : null;
};

/** A refusal naming a field, with a message of the catalogue (zod's own messages fall back to "not valid"). */
function issueError(prefix: string, issue: z.core.$ZodIssue): AppError {
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return fieldError(field, isMessageKey(issue.message) ? issue.message : 'validation.invalid');
}

/**
 * Routes of a tenant (spec §3 Route, §7 routemanageline; docs/route.md). Rules:
 * - visible: a public route to every user of the tenant, a route not public to its dept and the depts above
 *   it, to its creator and to the tenant's administrators; the role data scopes of `route` apply on top;
 * - a route is its design planned on the server and written as a KMZ for its aircraft (and payload), or an
 *   imported file kept as it came; the KMZ lives in the tenant's store, its MD5 is `fingerprint`;
 * - the brand and dock named must be the tenant's; the screenshot a picture the tenant uploaded;
 * - the checks before saving (zones, airspace, dock reach, endurance, height) refuse a design with a blocking
 *   finding, naming it.
 */
export class RouteService {
  constructor(
    private readonly files: FileService,
    private readonly checker?: RouteChecker,
  ) {}

  /** Who sees which routes (the rule above), as a condition; none for administrators and the platform. */
  private visible(ctx: Ctx): SQL | undefined {
    if (!ctx.user || ctx.user.roleAliases.includes(ADMINISTRATOR_ALIAS)) return undefined;
    return or(
      eq(routeLine.isPublic, 1),
      eq(routeLine.createUser, ctx.user.userId),
      inCallerDeptsOrBelow(ctx, routeLine.deptId),
    );
  }

  private where(ctx: Ctx, query: Record<string, unknown>, ...more: Array<SQL | undefined>) {
    return scope(
      ctx,
      routeLine,
      ...routes.filterConditions(query),
      this.visible(ctx),
      dataScopeCondition(ctx, { code: 'route', dept: routeLine.deptId }),
      ...more,
    );
  }

  async page(ctx: Ctx, query: PageQuery & RoutePageQuery) {
    const where = this.where(ctx, query);
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(routeLine)
      .where(where);
    const total = counted?.total ?? 0;
    const rows = await ctx.db
      .select(summaryColumns)
      .from(routeLine)
      .where(where)
      .orderBy(desc(routeLine.createTime), desc(routeLine.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      records: await this.shown(ctx, rows),
      total,
      size: query.size,
      current: query.current,
      pages: Math.ceil(total / query.size),
    };
  }

  async list(ctx: Ctx, query: RoutePageQuery) {
    const rows = await ctx.db
      .select(summaryColumns)
      .from(routeLine)
      .where(this.where(ctx, query))
      .orderBy(desc(routeLine.createTime), desc(routeLine.id))
      .limit(ROUTE_LIST_MAX);
    return this.shown(ctx, rows);
  }

  /** The routes among `ids` the caller may see (another area's references, e.g. a project's tasks'). */
  async listByIds(ctx: Ctx, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select(summaryColumns)
      .from(routeLine)
      .where(this.where(ctx, {}, inArray(routeLine.id, [...ids])))
      .orderBy(desc(routeLine.createTime), desc(routeLine.id))
      .limit(ROUTE_LIST_MAX);
    return this.shown(ctx, rows);
  }

  /** `selectListByManufacturerId`: the routes of one brand's aircraft (pickers of a task form). */
  selectByManufacturer(ctx: Ctx, manufacturerId: string) {
    return this.list(ctx, { manufacturerId });
  }

  private async row(ctx: Ctx, id: string): Promise<RouteRow> {
    const [row] = await ctx.db
      .select()
      .from(routeLine)
      .where(this.where(ctx, {}, eq(routeLine.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async detail(ctx: Ctx, id: string) {
    return this.detailOf(ctx, await this.row(ctx, id));
  }

  private async detailOf(ctx: Ctx, row: RouteRow) {
    const [shown] = await this.shown(ctx, [row]);
    return { ...shown!, design: row.design ?? null, waylines: row.points };
  }

  /** Records as the API shows them: the names of their brand, dock, models, dept and creator. */
  private async shown(ctx: Ctx, rows: SummaryRow[]) {
    const ids = (pick: (row: SummaryRow) => string | null) => [
      ...new Set(rows.map(pick).filter((id): id is string => Boolean(id))),
    ];
    const [brands, docks, depts, users] = await Promise.all([
      this.names(
        ctx,
        brand,
        ids((row) => row.manufacturerId),
      ),
      this.names(
        ctx,
        dock,
        ids((row) => row.hangarId),
      ),
      this.names(
        ctx,
        dept,
        ids((row) => row.deptId),
        dept.deptName,
      ),
      userNames(
        ctx,
        rows.map((row) => row.createUser),
      ),
    ]);
    return rows.map((row) => {
      const {
        kmzKey: _k,
        kmzOssVersionId: _kv,
        sourceKey: _s,
        sourceOssVersionId: _sv,
        west,
        south,
        east,
        north,
        ...rest
      } = row as SummaryRow & { design?: unknown; points?: unknown };
      delete (rest as { design?: unknown }).design;
      delete (rest as { points?: unknown }).points;
      return {
        ...rest,
        bbox: [west, south, east, north] as [number, number, number, number],
        manufacturerName: row.manufacturerId ? (brands.get(row.manufacturerId) ?? null) : null,
        hangarName: row.hangarId ? (docks.get(row.hangarId) ?? null) : null,
        aircraftModelName: modelName(row.aircraftModelId, ctx.language),
        payloadModelName: modelName(row.payloadModelId, ctx.language),
        deptName: row.deptId ? (depts.get(row.deptId) ?? null) : null,
        createUserName: row.createUser ? (users.get(row.createUser) ?? null) : null,
      };
    });
  }

  private async names(
    ctx: Ctx,
    table: typeof brand | typeof dock | typeof dept,
    ids: string[],
    column: PgColumn = (table as typeof brand).name,
  ): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await ctx.db
      .select({ id: table.id, name: column })
      .from(table)
      .where(scope(ctx, table, inArray(table.id, ids)));
    return new Map(rows.map((row) => [row.id, row.name as string]));
  }

  /** The brand and dock named must be live rows of the caller's tenant (400 naming the field otherwise). */
  private async assertReferences(
    ctx: Ctx,
    input: { manufacturerId?: string | null; hangarId?: string | null },
  ) {
    for (const [field, table, id] of [
      ['manufacturerId', brand, input.manufacturerId],
      ['hangarId', dock, input.hangarId],
    ] as const) {
      if (!id) continue;
      const [found] = await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(scope(ctx, table, eq(table.id, id)))
        .limit(1);
      if (!found) throw fieldError(field, 'common.notFound');
    }
  }

  private async assertScreenshot(ctx: Ctx, link: string | null | undefined) {
    if (link && !(await this.files.isOwnLink(ctx, link)))
      throw fieldError('screenshot', 'route.screenshotLink');
  }

  /** Plan a design; a planner's refusal is a 400 naming `design`. */
  private plan(design: RouteDesign): DesignPlan {
    const planned = planDesign(design);
    if (!planned.ok) {
      throw new AppError(400, planned.error.key as MessageKey, { field: 'design', ...planned.error.params });
    }
    return planned.plan;
  }

  /**
   * Run the checks before saving (a submitted design, an imported file alike); a blocking finding refuses
   * the save with every finding in `data.check`.
   */
  private async checked(ctx: Ctx, flight: CheckedFlight, input: ParsedSubmit) {
    if (!this.checker) return;
    const check = await this.checker.checkFlight(ctx, flight, {
      aircraftModelId: input.aircraftModelId,
      hangarId: input.hangarId ?? null,
    });
    if (check.ok) return;
    const first = check.items.find((item) => item.level === 'block')!;
    const reason = isMessageKey(first.message)
      ? translate(ctx.language, first.message, { ...first.params, name: first.refName ?? '' })
      : first.code;
    const message = translate(ctx.language, 'route.blocked', { reason });
    throw new AppError(400, 'route.blocked', { reason }, { errors: { design: message }, check });
  }

  /** The KMZ of a planned design for the route's aircraft (and payload), written to the tenant's store. */
  private async writeFlight(ctx: Ctx, design: RouteDesign, plan: DesignPlan, input: ParsedSubmit) {
    const file = waylineFileOf(design, plan, {
      aircraftModelId: input.aircraftModelId,
      payloadModelId: input.payloadModelId ?? null,
      now: Date.now(),
      author: ctx.user?.account,
    });
    const kmz = writeKmz(file);
    const stored = await this.files.saveObject(ctx, FOLDER, kmz.data, 'kmz');
    return { file, fingerprint: kmz.fingerprint, stored };
  }

  /**
   * Add or change a route. A design different from the stored one (or a new route) is planned, checked and
   * written as a new KMZ; the same design (only the record changed) keeps the file flown, an imported one too.
   * `design: null` changes the record of a route whose flight is a file only.
   */
  async submit(ctx: Ctx, raw: RouteSubmit) {
    const input = RouteSubmitSchema.parse(raw);
    await this.assertReferences(ctx, input);
    await this.assertScreenshot(ctx, input.screenshot);
    const existing = input.id ? await this.row(ctx, input.id) : undefined;
    const record = {
      name: input.name,
      manufacturerId: input.manufacturerId ?? null,
      hangarId: input.hangarId ?? null,
      isPublic: input.isPublic,
      remark: input.remark || null,
      screenshot: input.screenshot || null,
    };
    const sameFlight =
      existing &&
      (input.design === null ||
        (isDeepStrictEqual(existing.design, input.design) &&
          existing.aircraftModelId === input.aircraftModelId &&
          (existing.payloadModelId ?? null) === (input.payloadModelId ?? null)));
    if (!existing && input.design === null) throw fieldError('design', 'route.designRequired');
    if (existing && sameFlight) {
      if (
        input.design === null &&
        existing.design !== null &&
        existing.aircraftModelId !== input.aircraftModelId
      ) {
        throw fieldError('design', 'route.designRequired');
      }
      const [row] = await ctx.db
        .update(routeLine)
        .set({ ...record, updateUser: ctx.user?.userId ?? null, updateTime: new Date() })
        .where(scope(ctx, routeLine, eq(routeLine.id, existing.id)))
        .returning();
      return this.detailOf(ctx, row!);
    }
    const design = input.design!;
    const plan = this.plan(design);
    await this.checked(ctx, flightOfDesign(design, plan), input);
    const flight = await this.writeFlight(ctx, design, plan, input);
    const values = {
      ...record,
      ...flightValues(design, plan.heightMode, planFigures(plan), flight.file, flight.fingerprint),
      aircraftModelId: input.aircraftModelId,
      payloadModelId: input.payloadModelId ?? null,
      kmzKey: flight.stored.key,
      kmzOssVersionId: flight.stored.ossVersionId,
      sourceFormat: 'design',
      sourceName: existing?.sourceName ?? null,
      sourceKey: null,
      sourceOssVersionId: null,
    };
    let row: RouteRow;
    try {
      row = existing
        ? await routes.update(ctx, existing.id, values)
        : await routes.insert(ctx, this.owned(ctx, values));
    } catch (error) {
      await this.files.removeObject(ctx, flight.stored);
      throw error;
    }
    if (existing) await this.dropFiles(ctx, existing);
    return this.detailOf(ctx, row);
  }

  /** A new route belongs to its creator's (first) dept. */
  private owned<T extends object>(ctx: Ctx, values: T): T & { deptId: string | null } {
    return { ...values, deptId: ctx.depts[0] ?? null };
  }

  private async dropFiles(ctx: Ctx, row: RouteRow) {
    await this.files.removeObject(ctx, { key: row.kmzKey, ossVersionId: row.kmzOssVersionId });
    if (row.sourceKey)
      await this.files.removeObject(ctx, { key: row.sourceKey, ossVersionId: row.sourceOssVersionId });
  }

  /** Soft-delete the visible routes among `ids` (404 when none is); their files are removed. */
  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    const removed = await inTransaction(ctx, async (tx) => {
      const visible = await tx.db
        .select({ id: routeLine.id })
        .from(routeLine)
        .where(this.where(tx, {}, inArray(routeLine.id, ids)));
      if (!visible.length) throw notFound();
      return tx.db
        .update(routeLine)
        .set({ isDeleted: 1, updateUser: tx.user?.userId ?? null, updateTime: new Date() })
        .where(
          scope(
            tx,
            routeLine,
            inArray(
              routeLine.id,
              visible.map((row) => row.id),
            ),
          ),
        )
        .returning();
    });
    for (const row of removed) await this.dropFiles(ctx, row);
    return removed.length;
  }

  /** `route_public`: make the visible routes among `ids` public (1) or not (0). */
  async setPublic(ctx: Ctx, ids: string[], isPublic: number): Promise<number> {
    const updated = await ctx.db
      .update(routeLine)
      .set({ isPublic, updateUser: ctx.user?.userId ?? null, updateTime: new Date() })
      .where(this.where(ctx, {}, inArray(routeLine.id, ids)))
      .returning({ id: routeLine.id });
    if (!updated.length) throw notFound();
    return updated.length;
  }

  /** A copy of a visible route (its files copied too), named with the copy suffix of the caller's language. */
  async copy(ctx: Ctx, id: string) {
    const source = await this.row(ctx, id);
    const kmz = await this.files.readObject(ctx, {
      key: source.kmzKey,
      ossVersionId: source.kmzOssVersionId,
    });
    const stored = await this.files.saveObject(ctx, FOLDER, kmz, 'kmz');
    let original: { key: string; ossVersionId: string | null } | null = null;
    if (source.sourceKey) {
      const bytes = await this.files.readObject(ctx, {
        key: source.sourceKey,
        ossVersionId: source.sourceOssVersionId,
      });
      original = await this.files.saveObject(
        ctx,
        FOLDER,
        bytes,
        source.sourceFormat === 'kmz' ? 'kmz' : 'kml',
      );
    }
    const {
      id: _id,
      tenantId: _t,
      createUser: _cu,
      createDept: _cd,
      createTime: _ct,
      updateUser: _uu,
      updateTime: _ut,
      ...rest
    } = source;
    const suffix = translate(ctx.language, 'route.copySuffix');
    const name = `${source.name.slice(0, 100 - suffix.length)}${suffix}`;
    try {
      const row = await routes.insert(
        ctx,
        this.owned(ctx, {
          ...rest,
          name,
          isPublic: 0,
          kmzKey: stored.key,
          kmzOssVersionId: stored.ossVersionId,
          sourceKey: original?.key ?? null,
          sourceOssVersionId: original?.ossVersionId ?? null,
        }),
      );
      return this.detailOf(ctx, row);
    } catch (error) {
      await this.files.removeObject(ctx, stored);
      if (original) await this.files.removeObject(ctx, original);
      throw error;
    }
  }

  /**
   * Import a route file: a DJI KMZ (kept unchanged and flown as it is; its design when the planners can
   * express it), or a KML / GeoJSON line (a waypoint route) or work area (an area route), planned here.
   */
  async importFile(
    ctx: Ctx,
    upload: { filename: string; data: Buffer },
    options: ShapeOptions & {
      name?: string | undefined;
      aircraftModelId?: string | undefined;
      payloadModelId?: string | undefined;
      hangarId?: string | undefined;
      manufacturerId?: string | undefined;
    },
  ) {
    const format = routeFileFormat(upload.filename);
    if (!format) throw fieldError('file', 'route.fileType');
    await this.assertReferences(ctx, options);
    const baseName =
      upload.filename
        .replace(/\.[^.]*$/, '')
        .trim()
        .slice(0, 100) || 'route';
    if (format === 'kmz') {
      const { model, figures: checked } = readKmz(upload.data);
      const designed = designOfWayline(model);
      const design = designed.ok ? designed.design : null;
      const aircraftModelId = model.missionConfig.droneInfo.modelId ?? options.aircraftModelId;
      if (!aircraftModelId) throw fieldError('aircraftModelId', 'route.aircraft');
      // the record under the submit's own rules (a known aircraft and payload, the name), then its flight
      // through the same checks as a submitted design: a refusal writes nothing
      const record = RouteSubmitSchema.safeParse({
        name: (options.name || baseName).slice(0, 100),
        aircraftModelId,
        payloadModelId: model.missionConfig.payloadInfo[0]?.modelId ?? options.payloadModelId ?? null,
        manufacturerId: options.manufacturerId ?? null,
        hangarId: options.hangarId ?? null,
        design: null,
      });
      if (!record.success) throw issueError('', record.error.issues[0]!);
      const input = record.data;
      const figures = fileFigures(model, design, checked);
      const fingerprint = writeFingerprint(upload.data);
      const flight = flightValues(
        design,
        heightModeOf(model),
        figures,
        model,
        fingerprint,
        model.template.templateType,
      );
      await this.checked(ctx, flightOfSaved(flight, model), input);
      const stored = await this.files.saveObject(ctx, FOLDER, upload.data, 'kmz');
      try {
        const row = await routes.insert(
          ctx,
          this.owned(ctx, {
            name: input.name,
            ...flight,
            aircraftModelId: input.aircraftModelId,
            payloadModelId: input.payloadModelId ?? null,
            manufacturerId: input.manufacturerId ?? null,
            hangarId: input.hangarId ?? null,
            isPublic: 0,
            kmzKey: stored.key,
            kmzOssVersionId: stored.ossVersionId,
            sourceFormat: 'kmz',
            sourceName: upload.filename.slice(0, 255),
            sourceKey: stored.key,
            sourceOssVersionId: stored.ossVersionId,
          }),
        );
        return this.detailOf(ctx, row);
      } catch (error) {
        await this.files.removeObject(ctx, stored);
        throw error;
      }
    }
    if (!options.aircraftModelId) throw fieldError('aircraftModelId', 'route.aircraft');
    const shape = await designOfShapeFile(upload.filename, upload.data, options);
    const parsed = RouteDesign.safeParse(shape.candidate);
    if (!parsed.success) throw issueError('design', parsed.error.issues[0]!);
    return this.submit(ctx, {
      name: (options.name || shape.name || baseName).slice(0, 100),
      aircraftModelId: options.aircraftModelId,
      payloadModelId: options.payloadModelId ?? null,
      hangarId: options.hangarId ?? null,
      manufacturerId: options.manufacturerId ?? null,
      design: parsed.data,
    }).then(async (route) => {
      await ctx.db
        .update(routeLine)
        .set({ sourceFormat: format, sourceName: upload.filename.slice(0, 255) })
        .where(scope(ctx, routeLine, eq(routeLine.id, route.id)));
      return { ...route, sourceFormat: format, sourceName: upload.filename.slice(0, 255) };
    });
  }

  /** A route as a file: its KMZ (as flown: the original of an unedited import), KML or GeoJSON. */
  async exportFile(ctx: Ctx, id: string, format: RouteExportFormat) {
    const row = await this.row(ctx, id);
    const filename = exportName(row.name, format);
    if (format === 'kmz') {
      const data = await this.files.readObject(ctx, { key: row.kmzKey, ossVersionId: row.kmzOssVersionId });
      return { data, filename, contentType: 'application/vnd.google-earth.kmz' };
    }
    const source = { name: row.name, design: row.design, points: row.points };
    return format === 'kml'
      ? {
          data: Buffer.from(routeKml(source), 'utf8'),
          filename,
          contentType: 'application/vnd.google-earth.kml+xml',
        }
      : { data: Buffer.from(routeGeoJson(source), 'utf8'), filename, contentType: 'application/geo+json' };
  }

  /** The KMZ flown of a visible route (the check and, later, the dock tasks). */
  async flight(ctx: Ctx, id: string): Promise<{ row: RouteRow; file: WaylineFile }> {
    const row = await this.row(ctx, id);
    const data = await this.files.readObject(ctx, { key: row.kmzKey, ossVersionId: row.kmzOssVersionId });
    return { row, file: readKmz(data).model };
  }
}

/** The MD5 of bytes as `flighttask_prepare` names a file. */
function writeFingerprint(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

function heightModeOf(file: WaylineFile): string {
  return file.waylines[0]?.executeHeightMode ?? file.template.waylineCoordinateSysParam.heightMode;
}

/** The row's columns that describe its flight. */
function flightValues(
  design: RouteDesign | null,
  heightMode: string,
  figures: FlightFigures,
  file: WaylineFile,
  fingerprint: string,
  templateType = file.template.templateType,
) {
  const kind =
    design?.kind ??
    (templateType === 'waypoint'
      ? 'waypoint'
      : templateType === 'mappingStrip'
        ? 'strip'
        : templateType === 'mapping3d'
          ? 'oblique'
          : 'area');
  return {
    type: ROUTE_TYPE_OF_KIND[kind],
    kind,
    design,
    heightMode,
    fingerprint,
    wpmlVersion: file.wpmlVersion,
    ...figures,
  };
}
