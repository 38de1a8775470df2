import type { EventEmitter } from 'node:events';
import type { Executor } from '../../db/client.js';
import { telemetrySample } from '../../db/schema/index.js';
import type { DeviceLinkEvents, DeviceOsdEvent } from '../../device/events.js';
import { type LinkLogger, silentLogger } from '../../device/logger.js';
import { newId } from '../../lib/ids.js';
import { isUnavailable } from '../../lib/unavailable.js';
import { periodOf, type SampleRow, sampleOf } from './telemetry.samples.js';
import { aggregateTracks, upsertTracks } from './telemetry.tracks.js';

export interface TelemetryWriterOptions {
  /** a batch is written at least this often */
  flushMs?: number;
  /** a batch is written as soon as it has this many rows */
  batchRows?: number;
  /** rows waiting for the database beyond which new batches are dropped (the database is too slow) */
  maxPendingRows?: number;
  now?: () => number;
}

/** What the writer counts; tests and metrics read it. */
export interface TelemetryWriterStats {
  /** osd events seen */
  received: number;
  /** events left out by the per-device rate (one a second for a drone, one per 10 s for a dock) */
  downsampled: number;
  /** rows written */
  written: number;
  /** rows another instance had already written for their device and period (left out) */
  duplicates: number;
  /** batches the database refused (each logged and dropped) */
  failedBatches: number;
  /** rows lost: failed batches, and batches dropped while the database was too far behind */
  droppedRows: number;
  /** writes tried again because the database was unavailable (restarting, unreachable) */
  retries: number;
  /** events that could not be turned into a row (a bug, logged) */
  failedEvents: number;
}

const SAMPLE_CHUNK = 2000; // 19 parameters a row: well under PostgreSQL's 65,535 per statement

/**
 * Stores the device link's OSD as telemetry samples and flight tracks. The link's `osd` handler only
 * downsamples and appends to an in-memory batch, so the link never waits for the database; the batch is
 * written every `flushMs` or at `batchRows`, in one transaction (multi-row insert of the samples, one
 * upsert of the flights they extend). While the database is unavailable (restarting) batches wait in memory
 * and are written once it is back, up to `maxPendingRows`; past that, and on any other database error, a
 * batch is dropped, counted in `droppedRows` and logged: every row taken is written, counted as a duplicate
 * or counted as dropped, never silently lost.
 *
 * Several server instances on one broker each receive part of the messages (shared subscriptions): every
 * instance writes what it received, nothing here assumes it sees all of a device's messages. The rate is
 * kept between them by the database: a sample's (device, period) is unique and inserted with ON CONFLICT DO
 * NOTHING, and only the rows actually inserted extend the flight rows, which are merged in the database.
 */
export class TelemetryWriter {
  readonly stats: TelemetryWriterStats = {
    received: 0,
    downsampled: 0,
    written: 0,
    duplicates: 0,
    failedBatches: 0,
    droppedRows: 0,
    failedEvents: 0,
    retries: 0,
  };
  /** set by close: a batch waiting for the database is dropped (counted) instead of tried again */
  private closing = false;
  private buffer: SampleRow[] = [];
  private pending = 0;
  private writing: Promise<void> = Promise.resolve();
  /** device key → the rate period (index) of its last kept sample */
  private readonly lastPeriod = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private link: EventEmitter<DeviceLinkEvents> | null = null;
  private log: LinkLogger = silentLogger;
  private readonly flushMs: number;
  private readonly batchRows: number;
  private readonly maxPendingRows: number;
  private readonly now: () => number;
  private readonly listener = (event: DeviceOsdEvent) => this.accept(event);

  constructor(
    private readonly db: Executor,
    options: TelemetryWriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 1000;
    this.batchRows = options.batchRows ?? 500;
    this.maxPendingRows = options.maxPendingRows ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** Listen to the link's `osd` events and write every `flushMs`. */
  attach(link: EventEmitter<DeviceLinkEvents>, log: LinkLogger = silentLogger): void {
    this.detach();
    this.log = log;
    this.link = link;
    link.on('osd', this.listener);
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** Rows taken but not written yet: the batch being built and those waiting for the database. */
  get pendingRows(): number {
    return this.buffer.length + this.pending;
  }

  /** Stop listening, then write what is buffered (once; a database still down drops it, counted). */
  async close(): Promise<void> {
    this.detach();
    this.closing = true;
    await this.flush();
  }

  /** Write what is buffered; resolves when it and every earlier batch are written (or dropped). Never rejects. */
  flush(): Promise<void> {
    if (this.buffer.length > 0) {
      const batch = this.buffer;
      this.buffer = [];
      if (this.pending + batch.length > this.maxPendingRows) {
        this.stats.droppedRows += batch.length;
        this.log.warn({ rows: batch.length }, 'telemetry batch dropped: the database is too far behind');
      } else {
        this.pending += batch.length;
        this.writing = this.writing.then(() => this.write(batch));
      }
    }
    return this.writing;
  }

  /** The link's osd handler: never throws, never waits. */
  accept(event: DeviceOsdEvent): void {
    this.stats.received += 1;
    try {
      const now = this.now();
      const { device } = event;
      const key = `${device.tenantId}:${device.serialNumber}`;
      const period = periodOf(device.kind, now);
      if (this.lastPeriod.get(key) === period) {
        this.stats.downsampled += 1;
        return;
      }
      this.lastPeriod.set(key, period);
      this.buffer.push(sampleOf(event, new Date(now)));
      if (this.buffer.length >= this.batchRows) void this.flush();
    } catch (error) {
      this.stats.failedEvents += 1;
      this.log.warn({ err: error, sn: event?.device?.serialNumber }, 'telemetry sample not taken');
    }
  }

  private detach(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.link?.off('osd', this.listener);
    this.link = null;
  }

  /**
   * Write one batch. While the database is unavailable (restarting: lib/unavailable.ts) the batch is kept
   * and tried again, every 0.5 s at first and then every 2 s, and the batches after it wait behind it (up to
   * maxPendingRows, beyond which new ones are dropped and counted); any other error drops it, counted.
   */
  private async write(batch: SampleRow[]): Promise<void> {
    try {
      for (let attempt = 0; ; attempt += 1) {
        const error = await this.tryWrite(batch);
        if (!error) return;
        if (!this.closing && isUnavailable(error)) {
          if (attempt === 0)
            this.log.warn({ err: error, rows: batch.length }, 'telemetry waits for the database');
          this.stats.retries += 1;
          await new Promise((resolve) => setTimeout(resolve, attempt < 4 ? 500 : 2000));
          continue;
        }
        this.stats.failedBatches += 1;
        this.stats.droppedRows += batch.length;
        this.log.warn({ err: error, rows: batch.length }, 'telemetry batch not written');
        return;
      }
    } finally {
      this.pending -= batch.length;
    }
  }

  /** One attempt: null when written, else the error. */
  private async tryWrite(batch: SampleRow[]): Promise<unknown> {
    try {
      const kept = await this.db.transaction(async (tx) => {
        const inserted: SampleRow[] = [];
        for (let offset = 0; offset < batch.length; offset += SAMPLE_CHUNK) {
          const chunk = batch.slice(offset, offset + SAMPLE_CHUNK).map((row) => ({ ...row, id: newId() }));
          const ids = await tx
            .insert(telemetrySample)
            .values(chunk)
            .onConflictDoNothing({
              target: [telemetrySample.tenantId, telemetrySample.serialNumber, telemetrySample.period],
            })
            .returning({ id: telemetrySample.id });
          const written = new Set(ids.map((row) => row.id));
          inserted.push(...chunk.filter((row) => written.has(row.id)));
        }
        await upsertTracks(tx, aggregateTracks(inserted));
        return inserted.length;
      });
      this.stats.written += kept;
      this.stats.duplicates += batch.length - kept;
      return null;
    } catch (error) {
      return error;
    }
  }
}
