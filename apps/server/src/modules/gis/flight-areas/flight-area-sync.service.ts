import { createHash } from 'node:crypto';
import {
  DEVICE_RESULT_OK,
  DEVICE_RESULT_UNSUPPORTED,
  DOCK_AREA_KINDS,
  type DockAreaSync,
  FLIGHT_AREA_METHODS,
  flightAreaFileText,
  type FlightAreasGetOutput,
  FlightAreasSyncProgressSchema,
} from '@aos/contract';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { gisArea, gisDockAreaSync } from '../../../db/schema/index.js';
import type { DeviceEventEvent, DeviceOnlineEvent, DeviceRef } from '../../../device/events.js';
import type { DeviceLink } from '../../../device/link.js';
import { type LinkLogger, silentLogger } from '../../../device/logger.js';
import type { EventBus } from '../../../events/bus.js';
import type { Ctx } from '../../../lib/context.js';
import { newId } from '../../../lib/ids.js';
import { formatDateTime } from '../../../lib/time.js';
import type { LiveHub } from '../../../live/hub.js';
import { FlightAreaLinkSigner, type FlightAreaLinkVerdict } from './flight-area-link.js';

/** The tenant's custom flight area file as a dock downloads it. */
export interface FlightAreaFile {
  /** `geofence_<md5>.json`, as DJI's Cloud API Demo names it */
  name: string;
  text: string;
  /** SHA-256 of the bytes, lowercase hex (DJI's `checksum`) */
  checksum: string;
  size: number;
}

export interface FlightAreaSyncOptions {
  db: Executor;
  link: Pick<DeviceLink, 'on' | 'off' | 'call' | 'presence' | 'handleRequest'>;
  live: Pick<LiveHub, 'mergeState'>;
  secret: string;
  /** what file links start with (PUBLIC_URL; '' = relative to the server a dock reaches) */
  publicUrl: string;
  /** a file link is valid this long (s) */
  linkTtlSeconds?: number;
  /** quiet time after the last change before the docks are told (ms) */
  quietMs?: number;
  /** at most this long after the first change of a burst (ms) */
  maxWaitMs?: number;
  now?: () => number;
}

/** The route docks fetch their file from. */
export const FLIGHT_AREA_FILE_PATH = '/api/aos-gisservice/flight-area/file';

/**
 * Custom flight areas on the docks (issue 15 "Docks know the zones", DJI Cloud API's custom flight area
 * protocol, README.md here): the tenant's no-fly zones, fences and airport areas (DOCK_AREA_KINDS) go to each of
 * its online docks as `flight_areas_update` when they change (`gis.areasChanged`, coalesced: a burst of edits is
 * one update) and when a dock comes online; the dock's `flight_areas_get` is answered with one GeoJSON file in
 * DJI's format, its SHA-256 and a signed, expiring link bound to the dock's serial number; the dock's
 * `flight_areas_sync_progress` is kept per dock (table aos_gis_dock_area_sync) and shown in its live state
 * (`flight_areas_sync`).
 */
export class FlightAreaSync {
  /** quiet time after the last change before the docks are told (ms); tests may lengthen it */
  quietMs: number;
  maxWaitMs: number;
  /** `flight_areas_update` commands sent (tests and metrics) */
  updatesSent = 0;
  private readonly signer: FlightAreaLinkSigner;
  private readonly dueTenants = new Set<string>();
  /** docks to tell: 'online' only when they may hold something else than the current file, 'always' at once */
  private readonly dueDocks = new Map<string, 'online' | 'always'>();
  private timer: NodeJS.Timeout | null = null;
  private firstDueAt = 0;
  private log: LinkLogger = silentLogger;
  private detach: Array<() => void> = [];

  constructor(private readonly options: FlightAreaSyncOptions) {
    this.signer = new FlightAreaLinkSigner(options.secret);
    this.quietMs = options.quietMs ?? 500;
    this.maxWaitMs = options.maxWaitMs ?? 5000;
  }

  /** Listen to the bus and the link; answer `flight_areas_get`. */
  attach(events: EventBus, log: LinkLogger = silentLogger): void {
    this.log = log;
    const link = this.options.link;
    // Every instance hears it: each tells the docks its own link holds (shared subscriptions split them).
    this.detach.push(
      events.onEveryInstance('gis.areasChanged', ({ tenantId }) => this.areasChanged(tenantId)),
    );
    const online = (event: DeviceOnlineEvent) => {
      if (event.device.kind === 'dock') this.schedule(null, event.device.serialNumber, 'online');
    };
    const event = (event: DeviceEventEvent) => {
      if (event.method === FLIGHT_AREA_METHODS.syncProgress)
        this.recordProgress(event).catch((error: unknown) =>
          this.log.warn({ err: error, sn: event.device.serialNumber }, 'flight-area sync progress not kept'),
        );
    };
    link.on('online', online);
    link.on('event', event);
    this.detach.push(
      () => link.off('online', online),
      () => link.off('event', event),
    );
    link.handleRequest(FLIGHT_AREA_METHODS.get, (device) => this.answerGet(device));
  }

  close(): void {
    for (const stop of this.detach.splice(0)) stop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueTenants.clear();
    this.dueDocks.clear();
  }

  /** The tenant's areas changed: its online docks are told after the burst. Touches no database. */
  areasChanged(tenantId: string): void {
    this.schedule(tenantId, null);
  }

  /** The tenant's file now: areas whose window has not ended, the ones not yet in force disabled. */
  async file(tenantId: string): Promise<FlightAreaFile> {
    const now = new Date(this.now());
    const rows = await this.options.db
      .select({
        kind: gisArea.kind,
        refId: gisArea.refId,
        geometry: gisArea.geometry,
        startTime: gisArea.startTime,
      })
      .from(gisArea)
      .where(
        and(
          eq(gisArea.tenantId, tenantId),
          inArray(gisArea.kind, [...DOCK_AREA_KINDS]),
          or(isNull(gisArea.endTime), gt(gisArea.endTime, now)),
        ),
      );
    const text = flightAreaFileText(
      rows.map((row) => ({
        kind: row.kind,
        refId: row.refId,
        geometry: row.geometry,
        enabled: !row.startTime || row.startTime <= now,
      })),
    );
    const bytes = Buffer.from(text, 'utf8');
    return {
      name: `geofence_${createHash('md5').update(bytes).digest('hex')}.json`,
      text,
      checksum: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    };
  }

  /** The signed link of `sn`'s file, valid for linkTtlSeconds. */
  fileUrl(serialNumber: string): string {
    const expires = Math.floor(this.now() / 1000) + (this.options.linkTtlSeconds ?? 3600);
    const signature = this.signer.sign(serialNumber, expires);
    const base = this.options.publicUrl.replace(/\/+$/, '');
    return `${base}${FLIGHT_AREA_FILE_PATH}/${encodeURIComponent(serialNumber)}?expires=${expires}&signature=${signature}`;
  }

  verifyLink(serialNumber: string, expires?: string, signature?: string): FlightAreaLinkVerdict {
    return this.signer.verify(serialNumber, expires, signature, this.now());
  }

  /** `flight_areas_get`: the file list of the asking dock's own tenant (the link names the topic's device). */
  async answerGet(device: DeviceRef): Promise<{ result: number; output?: FlightAreasGetOutput }> {
    if (device.kind !== 'dock') return { result: DEVICE_RESULT_UNSUPPORTED };
    const file = await this.file(device.tenantId);
    return {
      result: DEVICE_RESULT_OK,
      output: {
        files: [
          {
            name: file.name,
            url: this.fileUrl(device.serialNumber),
            checksum: file.checksum,
            size: file.size,
          },
        ],
      },
    };
  }

  /** The last sync `sn` reported, when it is a dock of the ctx's tenant. */
  async status(ctx: Ctx, serialNumber: string): Promise<DockAreaSync | null> {
    const [row] = await ctx.db
      .select()
      .from(gisDockAreaSync)
      .where(and(eq(gisDockAreaSync.tenantId, ctx.tenantId), eq(gisDockAreaSync.dockSn, serialNumber)));
    return row ? shown(row) : null;
  }

  /**
   * A dock's `flight_areas_sync_progress`: kept, and merged into its live state. A dock that says it holds a
   * file other than the current one (a change landed while it synchronised) is told again.
   */
  private async recordProgress(event: DeviceEventEvent): Promise<void> {
    const device = event.device;
    const parsed = FlightAreasSyncProgressSchema.safeParse(event.data);
    if (!parsed.success || device.kind !== 'dock') return;
    const progress = parsed.data;
    const reportTime = new Date(event.timestamp > 0 ? event.timestamp : this.now());
    const values = {
      tenantId: device.tenantId,
      status: progress.status,
      reason: progress.reason ?? 0,
      fileName: progress.file?.name ?? null,
      checksum: progress.file?.checksum?.slice(0, 64) ?? null,
      reportTime,
    };
    await this.options.db
      .insert(gisDockAreaSync)
      .values({ id: newId(), dockSn: device.serialNumber, ...values })
      .onConflictDoUpdate({ target: gisDockAreaSync.dockSn, set: values });
    await this.options.live.mergeState(device, reportTime.getTime(), {
      flight_areas_sync: shown(values),
    });
    if (progress.status === 'synchronized' && values.checksum) {
      const current = await this.file(device.tenantId);
      if (current.checksum !== values.checksum) this.schedule(null, device.serialNumber, 'always');
    }
  }

  private schedule(
    tenantId: string | null,
    dockSn: string | null,
    why: 'online' | 'always' = 'always',
  ): void {
    if (tenantId) this.dueTenants.add(tenantId);
    if (dockSn && this.dueDocks.get(dockSn) !== 'always') this.dueDocks.set(dockSn, why);
    const now = this.now();
    if (!this.timer) this.firstDueAt = now;
    else clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.quietMs, this.firstDueAt + this.maxWaitMs - now));
    this.timer = setTimeout(() => this.flush(), wait);
    this.timer.unref();
  }

  /** Tell every due dock that is online on this instance's link (one command each, in parallel). */
  private flush(): void {
    this.timer = null;
    const presence = this.options.link.presence;
    const docks = new Map(this.dueDocks);
    for (const tenantId of this.dueTenants) {
      for (const entry of presence.list(tenantId)) {
        if (entry.device.kind === 'dock' && entry.online) docks.set(entry.device.serialNumber, 'always');
      }
    }
    this.dueTenants.clear();
    this.dueDocks.clear();
    for (const [sn, why] of docks) {
      const entry = presence.get(sn);
      if (!entry?.online) continue;
      const tell = why === 'always' ? Promise.resolve(true) : this.mayHoldOther(entry.device);
      tell
        .then((needed) => {
          if (!needed) return;
          this.updatesSent += 1;
          return this.options.link.call(sn, FLIGHT_AREA_METHODS.update, {});
        })
        .catch((error: unknown) => this.log.debug({ err: error, sn }, 'flight_areas_update not accepted'));
    }
  }

  /**
   * Whether a dock coming online may hold other areas than the current file: its tenant has areas, or it
   * reported a file other than the current (empty) one. A dock that never synchronised, of a tenant without
   * areas, is left alone: there is nothing to give it and nothing of ours to clear.
   */
  private async mayHoldOther(dock: DeviceRef): Promise<boolean> {
    const db = this.options.db;
    const [area] = await db
      .select({ id: gisArea.id })
      .from(gisArea)
      .where(and(eq(gisArea.tenantId, dock.tenantId), inArray(gisArea.kind, [...DOCK_AREA_KINDS])))
      .limit(1);
    if (area) return true;
    const [synced] = await db
      .select({ checksum: gisDockAreaSync.checksum })
      .from(gisDockAreaSync)
      .where(eq(gisDockAreaSync.dockSn, dock.serialNumber));
    if (!synced) return false;
    return synced.checksum !== (await this.file(dock.tenantId)).checksum;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

function shown(row: {
  status: DockAreaSync['status'];
  reason: number;
  fileName: string | null;
  checksum: string | null;
  reportTime: Date;
}): DockAreaSync {
  return {
    status: row.status,
    reason: row.reason,
    time: formatDateTime(row.reportTime),
    fileName: row.fileName,
    checksum: row.checksum,
  };
}
