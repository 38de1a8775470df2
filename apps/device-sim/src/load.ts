import { UPDATE_TOPO_METHOD } from '@aos/contract';
import { DeviceClient, type DeviceCredentials } from './client.js';

export interface LoadDevice extends DeviceCredentials {
  /** a dock announces an (empty) topology first; a drone only reports OSD */
  kind: 'dock' | 'drone';
  /** the dock relaying a drone (`gateway` of its messages) */
  gatewaySn?: string;
}

export interface LoadFleetOptions {
  url: string;
  devices: LoadDevice[];
  /** OSD period per device, ms (default 1000: 1 Hz) */
  intervalMs?: number;
  /** QoS of the OSD messages (default 0, as telemetry) */
  qos?: 0 | 1;
  /**
   * Period of a state change per device, ms (default 0: none). Each change is a QoS 1 `state` message with a
   * monotonic `state_seq`, the kind of message that must never be lost, so a subscriber can count losses.
   */
  stateIntervalMs?: number;
  /** connections opened at once while starting */
  connectConcurrency?: number;
  /**
   * Where the fleet is, for a map to show: docks on a square grid around this point, `spacingM` apart, each
   * drone circling its dock at `radiusM` and `speed` m/s, flying (mode 3) with its heading. Without it every
   * device reports one fixed point and drones report idle.
   */
  layout?: LoadLayout;
}

export interface LoadLayout {
  longitude: number;
  latitude: number;
  /** metres between neighbouring docks (default 800) */
  spacingM?: number;
  /** radius of each drone's circle, metres (default 250) */
  radiusM?: number;
  /** drones' speed along the circle, m/s (default 10) */
  speed?: number;
}

/** Metres per degree of latitude (and of longitude at the equator), the spherical approximation. */
const METRES_PER_DEGREE = 111_320;

interface LoadEntry {
  device: LoadDevice;
  client: DeviceClient;
  seq: number;
  stateSeq: number;
  /** the dock's place (a drone: its dock's), with `layout` */
  home: { longitude: number; latitude: number } | null;
  /** where on its circle a drone starts, radians */
  phase: number;
}

/**
 * The benchmark's fleet: many devices, each its own MQTT client, publishing a small OSD at a fixed rate with
 * a monotonic `seq` per device and the envelope's `timestamp` taken at publish time, so a subscriber can
 * measure publish → delivery latency and detect loss. Publishing is spread evenly over the period. With
 * `stateIntervalMs`, each device also reports a state change (QoS 1) at that period, counted once the broker
 * has acknowledged it.
 */
export class LoadFleet {
  private readonly clients: LoadEntry[] = [];
  private timers: NodeJS.Timeout[] = [];
  /** state changes published but not yet acknowledged by the broker */
  private unacknowledged = 0;
  /** OSD messages published so far */
  published = 0;
  /** OSD messages sent by each device */
  private readonly sent = new Map<string, number>();
  /** state changes the broker has acknowledged (QoS 1) */
  statePublished = 0;
  /** state changes the client could not hand to the broker (not connected, or the publish failed) */
  stateFailed = 0;

  constructor(private readonly options: LoadFleetOptions) {}

  async start(): Promise<void> {
    const concurrency = this.options.connectConcurrency ?? 50;
    const queue = [...this.options.devices];
    const worker = async () => {
      for (let device = queue.shift(); device; device = queue.shift()) {
        const client = new DeviceClient({ url: this.options.url, credentials: device, reconnectMs: 1000 });
        await client.connect();
        this.clients.push({ device, client, seq: 0, stateSeq: 0, home: null, phase: 0 });
        this.sent.set(device.sn, 0);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    this.place();
    const interval = this.options.intervalMs ?? 1000;
    const stateInterval = this.options.stateIntervalMs ?? 0;
    this.clients.forEach((entry, index) => {
      if (entry.device.kind === 'dock') {
        entry.client.publish(
          'status',
          { domain: 3, type: 2, sub_type: 0, sub_devices: [] },
          { method: UPDATE_TOPO_METHOD, qos: 1 },
        );
      }
      const share = index / this.clients.length;
      this.every(Math.floor(share * interval), interval, () => this.publish(entry));
      if (stateInterval > 0)
        this.every(Math.floor(share * stateInterval), stateInterval, () => this.publishState(entry));
    });
  }

  /**
   * Stop publishing, wait (up to `drainMs`) until the broker has acknowledged every state change in flight,
   * then disconnect. `statePublished` is final once this resolves.
   */
  async stop(drainMs = 5000): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    const deadline = Date.now() + drainMs;
    while (this.unacknowledged > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(this.clients.splice(0).map((entry) => entry.client.end(true)));
  }

  /** Run `task` after `offset` ms, then every `period` ms until stop. */
  private every(offset: number, period: number, task: () => void): void {
    this.timers.push(
      setTimeout(() => {
        task();
        this.timers.push(setInterval(task, period));
      }, offset),
    );
  }

  private publishState(entry: LoadEntry): void {
    entry.stateSeq += 1;
    this.unacknowledged += 1;
    const sent = entry.client.publish(
      'state',
      { state_seq: entry.stateSeq },
      {
        qos: 1,
        ...(entry.device.gatewaySn ? { gateway: entry.device.gatewaySn } : {}),
        onSent: (error) => {
          this.unacknowledged -= 1;
          if (error) this.stateFailed += 1;
          else this.statePublished += 1;
        },
      },
    );
    if (!sent) {
      this.unacknowledged -= 1;
      this.stateFailed += 1;
    }
  }

  /** With `layout`: each dock's place on the grid (in the order given), each drone at its dock's. */
  private place(): void {
    const layout = this.options.layout;
    if (!layout) return;
    const docks = this.options.devices.filter((device) => device.kind === 'dock');
    const side = Math.max(1, Math.ceil(Math.sqrt(docks.length)));
    const spacing = layout.spacingM ?? 800;
    const metresPerLon = METRES_PER_DEGREE * Math.cos((layout.latitude * Math.PI) / 180);
    const homes = new Map(
      docks.map((dock, index) => {
        const east = ((index % side) - (side - 1) / 2) * spacing;
        const north = (Math.floor(index / side) - (side - 1) / 2) * spacing;
        return [
          dock.sn,
          {
            longitude: layout.longitude + east / metresPerLon,
            latitude: layout.latitude + north / METRES_PER_DEGREE,
          },
        ];
      }),
    );
    this.clients.forEach((entry, index) => {
      entry.home = homes.get(
        entry.device.kind === 'dock' ? entry.device.sn : (entry.device.gatewaySn ?? ''),
      ) ?? {
        longitude: layout.longitude,
        latitude: layout.latitude,
      };
      entry.phase = (index * 2.399963) % (2 * Math.PI); // the golden angle: neighbours never line up
    });
  }

  /** A drone's OSD on its circle now: position, heading (DJI: 0 north, clockwise, -180..180) and speed. */
  private circling(entry: LoadEntry, home: { longitude: number; latitude: number }) {
    const layout = this.options.layout!;
    const radius = layout.radiusM ?? 250;
    const speed = layout.speed ?? 10;
    const angle = entry.phase + ((Date.now() / 1000) * speed) / radius; // counter-clockwise from east
    const metresPerLon = METRES_PER_DEGREE * Math.cos((home.latitude * Math.PI) / 180);
    const heading = 90 - ((angle * 180) / Math.PI + 90); // the tangent, turned to compass degrees
    return {
      mode_code: 3,
      longitude: home.longitude + (radius * Math.cos(angle)) / metresPerLon,
      latitude: home.latitude + (radius * Math.sin(angle)) / METRES_PER_DEGREE,
      height: 60,
      elevation: 60,
      attitude_head: ((((heading + 180) % 360) + 360) % 360) - 180,
      horizontal_speed: speed,
      vertical_speed: 0,
    };
  }

  private publish(entry: LoadEntry): void {
    entry.seq += 1;
    const home = entry.home;
    const data =
      entry.device.kind === 'dock'
        ? {
            seq: entry.seq,
            mode_code: 0,
            cover_state: 0,
            wind_speed: 2.1,
            environment_temperature: 24,
            ...(home ? { ...home, drone_in_dock: 0 } : {}),
          }
        : home
          ? { seq: entry.seq, ...this.circling(entry, home) }
          : { seq: entry.seq, mode_code: 0, latitude: 22.54, longitude: 113.95, height: 20, elevation: 0 };
    const sent = entry.client.publish('osd', data, {
      qos: this.options.qos ?? 0,
      ...(entry.device.gatewaySn ? { gateway: entry.device.gatewaySn } : {}),
    });
    if (sent) {
      this.published += 1;
      this.sent.set(entry.device.sn, (this.sent.get(entry.device.sn) ?? 0) + 1);
    }
  }

  /**
   * OSD messages handed to the broker so far by each device (serial number → count; `seq` counts attempts,
   * this the ones sent), for a per-device loss count. Still answers after `stop`.
   */
  sentBySerial(): Map<string, number> {
    return new Map(this.sent);
  }
}
