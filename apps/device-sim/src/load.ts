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
  /** connections opened at once while starting */
  connectConcurrency?: number;
}

/**
 * The benchmark's fleet: many devices, each its own MQTT client, publishing a small OSD at a fixed rate with
 * a monotonic `seq` per device and the envelope's `timestamp` taken at publish time, so a subscriber can
 * measure publish → delivery latency and detect loss. Publishing is spread evenly over the period.
 */
export class LoadFleet {
  private readonly clients: Array<{ device: LoadDevice; client: DeviceClient; seq: number }> = [];
  private timers: NodeJS.Timeout[] = [];
  /** OSD messages published so far */
  published = 0;

  constructor(private readonly options: LoadFleetOptions) {}

  async start(): Promise<void> {
    const concurrency = this.options.connectConcurrency ?? 50;
    const queue = [...this.options.devices];
    const worker = async () => {
      for (let device = queue.shift(); device; device = queue.shift()) {
        const client = new DeviceClient({ url: this.options.url, credentials: device, reconnectMs: 1000 });
        await client.connect();
        this.clients.push({ device, client, seq: 0 });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    const interval = this.options.intervalMs ?? 1000;
    this.clients.forEach((entry, index) => {
      if (entry.device.kind === 'dock') {
        entry.client.publish(
          'status',
          { domain: 3, type: 2, sub_type: 0, sub_devices: [] },
          { method: UPDATE_TOPO_METHOD, qos: 1 },
        );
      }
      const offset = Math.floor((index / this.clients.length) * interval);
      this.timers.push(
        setTimeout(() => {
          this.publish(entry);
          this.timers.push(setInterval(() => this.publish(entry), interval));
        }, offset),
      );
    });
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await Promise.all(this.clients.splice(0).map((entry) => entry.client.end(true)));
  }

  private publish(entry: { device: LoadDevice; client: DeviceClient; seq: number }): void {
    entry.seq += 1;
    const sent = entry.client.publish(
      'osd',
      entry.device.kind === 'dock'
        ? { seq: entry.seq, mode_code: 0, cover_state: 0, wind_speed: 2.1, environment_temperature: 24 }
        : { seq: entry.seq, mode_code: 0, latitude: 22.54, longitude: 113.95, height: 20, elevation: 0 },
      { qos: this.options.qos ?? 0, ...(entry.device.gatewaySn ? { gateway: entry.device.gatewaySn } : {}) },
    );
    if (sent) this.published += 1;
  }
}
