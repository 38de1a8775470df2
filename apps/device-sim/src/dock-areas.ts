import { createHash, randomUUID } from 'node:crypto';
import {
  type DeviceMessage,
  FLIGHT_AREA_METHODS,
  FLIGHT_AREA_SYNC_REASON,
  type FlightAreaFile,
  FlightAreaFileSchema,
  FlightAreasGetOutputSchema,
  type FlightAreaSyncStatus,
  HMS_CODES,
  HMS_LEVEL,
} from '@aos/contract';
import type { SimDock } from './dock.js';
import type { AirPoint } from './flight.js';
import { type AreaBlock, areasOf, checkStep, droneLocations, type SimArea } from './flight-areas.js';

/** How long the dock waits for the cloud's `requests_reply` and for the file (real ms). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A simulated dock's custom flight areas (DJI Cloud API's protocol, contract gis/flight-areas.ts): on
 * `flight_areas_update` it asks `flight_areas_get`, downloads the file (a relative URL against the runtime's
 * `apiUrl`), checks its SHA-256 and loads it, reporting `flight_areas_sync_progress` (`synchronizing`, then
 * `synchronized` or `fail` with DJI's reason: 1 unreadable, 3 download failed, 12 checksum, 13 timeout). Its
 * aircraft checks each step against the areas (`check`); when stopped it reports `flight_areas_drone_location`
 * and an `hms` warning (`reportBlocked`).
 */
export class DockFlightAreas {
  areas: SimArea[] = [];
  /** the file loaded, as the dock reports it */
  file: { name: string; checksum: string } | null = null;
  status: FlightAreaSyncStatus = 'wait_sync';
  /** syncs completed (tests) */
  syncs = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly replies = new Map<string, (message: DeviceMessage) => void>();

  constructor(private readonly dock: SimDock) {}

  /** Load a file directly (tests, the command line), as a completed sync would. */
  load(file: FlightAreaFile, name = 'local.json', checksum = ''): void {
    this.areas = areasOf(file);
    this.file = { name, checksum };
    this.status = 'synchronized';
  }

  /** A `requests_reply` arrived on the dock's topic. */
  onReply(message: DeviceMessage): void {
    const waiting = this.replies.get(message.tid);
    if (waiting) waiting(message);
  }

  /** `flight_areas_update`: sync now, or once more after the sync under way. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.syncOnce();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Whether the aircraft may move from → to; where it stops when not. */
  check(from: AirPoint, to: AirPoint): AreaBlock | null {
    return this.areas.length ? checkStep(this.areas, from, to) : null;
  }

  /** The aircraft stopped at an area's boundary: tell the cloud where it is and why (hms warning). */
  reportBlocked(block: AreaBlock): void {
    const drone = this.dock.drone;
    const client = this.dock.client;
    client.publish(
      'events',
      { drone_locations: droneLocations(this.areas, block.stop) },
      { method: FLIGHT_AREA_METHODS.droneLocation, qos: 1 },
    );
    client.publish(
      'events',
      {
        list: [
          {
            level: HMS_LEVEL.WARNING,
            module: 3,
            in_the_sky: 1,
            code: block.area.type === 'nfz' ? HMS_CODES.flightAreaNofly : HMS_CODES.flightAreaFence,
            device_type: drone ? `0-${drone.model.type}-${drone.model.subType}` : '0-0-0',
            imminent: 1,
            args: { component_index: 0, sensor_index: 0, area_id: block.area.id },
          },
        ],
      },
      { method: 'hms', qos: 1 },
    );
  }

  private async syncOnce(): Promise<void> {
    this.progress('synchronizing', FLIGHT_AREA_SYNC_REASON.OK);
    let reply: DeviceMessage;
    try {
      reply = await this.request(FLIGHT_AREA_METHODS.get);
    } catch {
      return this.progress('fail', FLIGHT_AREA_SYNC_REASON.TIMEOUT);
    }
    const data = (reply.data ?? {}) as { result?: number; output?: unknown };
    const output = FlightAreasGetOutputSchema.safeParse(data.output);
    if (data.result !== 0 || !output.success)
      return this.progress('fail', FLIGHT_AREA_SYNC_REASON.PARSE_FAILED);
    const entry = output.data.files[0];
    if (!entry) {
      // No file: the cloud holds no areas for this dock.
      this.areas = [];
      this.file = null;
      return this.done();
    }
    let bytes: Buffer;
    try {
      const base = this.dock.runtime.apiUrl;
      const response = await fetch(base ? new URL(entry.url, base) : entry.url, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bytes = Buffer.from(await response.arrayBuffer());
    } catch {
      return this.progress('fail', FLIGHT_AREA_SYNC_REASON.DOWNLOAD_FAILED, entry);
    }
    if (createHash('sha256').update(bytes).digest('hex') !== entry.checksum.toLowerCase())
      return this.progress('fail', FLIGHT_AREA_SYNC_REASON.CHECKSUM_FAILED, entry);
    let file: FlightAreaFile;
    try {
      file = FlightAreaFileSchema.parse(JSON.parse(bytes.toString('utf8')));
    } catch {
      return this.progress('fail', FLIGHT_AREA_SYNC_REASON.PARSE_FAILED, entry);
    }
    this.areas = areasOf(file);
    this.file = { name: entry.name, checksum: entry.checksum };
    this.done();
  }

  private done(): void {
    this.syncs += 1;
    this.progress('synchronized', FLIGHT_AREA_SYNC_REASON.OK, this.file ?? undefined);
  }

  private progress(
    status: FlightAreaSyncStatus,
    reason: number,
    file?: { name: string; checksum: string },
  ): void {
    this.status = status;
    this.dock.client.publish(
      'events',
      { status, reason, ...(file ? { file: { name: file.name, checksum: file.checksum } } : {}) },
      { method: FLIGHT_AREA_METHODS.syncProgress, qos: 1, needReply: true },
    );
  }

  /** A request on the dock's `requests` topic, answered on `requests_reply` with the same tid. */
  private request(method: string, data: unknown = {}): Promise<DeviceMessage> {
    const tid = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replies.delete(tid);
        reject(new Error(`${method}: no reply`));
      }, REQUEST_TIMEOUT_MS);
      this.replies.set(tid, (message) => {
        clearTimeout(timer);
        this.replies.delete(tid);
        resolve(message);
      });
      if (!this.dock.client.publish('requests', data, { method, tid, qos: 1 })) {
        clearTimeout(timer);
        this.replies.delete(tid);
        reject(new Error(`${method}: not connected`));
      }
    });
  }
}
