// The docks of the task benchmarks: each dock its own MQTT connection (the simulator's DeviceClient), speaking
// the flight-task part of the protocol (PROTOCOLS.md §2) and nothing more, so that a thousand of them fit on a
// 2-core machine next to two servers:
//
// - OSD every `osdMs` (spread over the period): idle (mode 0), the drone in the dock at 95 %, calm, dry,
//   storage free, at its place on a grid `spacingM` apart (further than the 100 m take-off area);
// - `flighttask_prepare`: the time it arrived is recorded (per flight_id, with how many times it came, and its
//   `execute_time`), the KMZ is downloaded from the URL and its MD5 checked against the fingerprint, then the
//   reply (0, or 314001 when the download or the fingerprint fails), as the simulator's dock does
//   (apps/device-sim dock-wayline);
// - `flighttask_execute`: replied 0; the flight starts at the prepare's `execute_time` (at once when it has
//   passed), as a DJI dock's timed task does, and the arrival and take-off times are recorded; then
//   `flighttask_progress` events (need_reply) every `progressMs`:
//   `in_progress` with the percent and waypoint index `steps` times, then `ok` at 100 %; the publish time of
//   each is recorded by serial number and percent (the live benchmark's reference). While flying the dock
//   reports mode 4 and the drone out; with `drones`, the drone (gateway: its dock) reports OSD at 1 Hz
//   along the route;
// - any other service is replied 0.
//
// It does not fly the KMZ's waypoints (apps/device-sim's SimDock does, at a cost per dock that a thousand of
// them on this machine cannot pay); what the server sees is the same messages.
import { createHash } from 'node:crypto';
import { DeviceClient } from '../../apps/device-sim/dist/index.js';

const METRES_PER_DEGREE = 111_320;

export class TaskDocks {
  /** flight_id -> { sn, at (first arrival, ms), count, executeTime } */
  prepares = new Map();
  /** flight_id -> { at (the execute's arrival, ms), takeoff (when the flight started, ms) } */
  takeoffs = new Map();
  /** `${sn}#${percent}` -> publish time (ms) of that progress event */
  progress = new Map();
  downloadFailures = 0;
  executes = 0;
  completed = 0;
  #entries = [];
  #timers = new Set();
  #stopped = false;

  /**
   * @param {{ url: string, apiUrls: string[], docks: Array<{ sn, username, password, drone?: { sn, username, password } }>,
   *   osdMs?: number, progressMs?: number, steps?: number, drones?: boolean, center?: [number, number],
   *   spacingM?: number }} options
   */
  constructor(options) {
    this.options = {
      osdMs: 2000,
      progressMs: 1000,
      steps: 2,
      drones: false,
      center: [116.31, 39.91],
      spacingM: 600,
      ...options,
    };
  }

  /** Where dock `index` stands: a square grid round the centre. */
  place(index) {
    const count = this.options.docks.length;
    const side = Math.max(1, Math.ceil(Math.sqrt(count)));
    const [longitude, latitude] = this.options.center;
    const spacing = this.options.spacingM;
    const east = ((index % side) - (side - 1) / 2) * spacing;
    const north = (Math.floor(index / side) - (side - 1) / 2) * spacing;
    return {
      longitude: longitude + east / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180)),
      latitude: latitude + north / METRES_PER_DEGREE,
    };
  }

  async start(concurrency = 50) {
    const queue = this.options.docks.map((dock, index) => ({ dock, index }));
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { dock, index } = item;
        const client = new DeviceClient({
          url: this.options.url,
          credentials: dock,
          subscribe: ['services', 'events_reply', 'status_reply', 'requests_reply'],
          reconnectMs: 1000,
        });
        await client.connect();
        let drone = null;
        if (this.options.drones && dock.drone) {
          drone = new DeviceClient({ url: this.options.url, credentials: dock.drone, reconnectMs: 1000 });
          await drone.connect();
        }
        const entry = { dock, index, client, drone, home: this.place(index), flying: null };
        client.on('message', (kind, message) => {
          if (kind === 'services') this.#service(entry, message);
        });
        this.#entries.push(entry);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    const period = this.options.osdMs;
    this.#entries.forEach((entry, index) => {
      entry.client.publish(
        'status',
        { domain: 3, type: 2, sub_type: 0, sub_devices: [] },
        { method: 'update_topo', qos: 1 },
      );
      this.#later(Math.floor((index / this.#entries.length) * period), () => {
        this.#osd(entry);
        const timer = setInterval(() => this.#osd(entry), period);
        this.#timers.add(timer);
      });
    });
  }

  async stop() {
    this.#stopped = true;
    for (const timer of this.#timers) {
      clearTimeout(timer);
      clearInterval(timer);
    }
    this.#timers.clear();
    await Promise.all(
      this.#entries.splice(0).flatMap((entry) => [entry.client.end(true), entry.drone?.end(true)]),
    );
  }

  #later(ms, work) {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (!this.#stopped) work();
    }, ms);
    this.#timers.add(timer);
  }

  #osd(entry) {
    const flying = entry.flying !== null;
    entry.client.publish('osd', {
      mode_code: flying ? 4 : 0,
      cover_state: flying ? 1 : 0,
      drone_in_dock: flying ? 0 : 1,
      drone_charge_state: { state: 0, capacity_percent: 95 },
      wind_speed: 2,
      rainfall: 0,
      environment_temperature: 20,
      storage: { total: 1000, used: 10 },
      longitude: entry.home.longitude,
      latitude: entry.home.latitude,
      height: 50,
    });
  }

  #reply(entry, message, result, output) {
    entry.client.publish(
      'services_reply',
      { result, ...(output ? { output } : {}) },
      { method: message.method, tid: message.tid, bid: message.bid, qos: 1 },
    );
  }

  #service(entry, message) {
    const data = message.data ?? {};
    if (message.method === 'flighttask_prepare') {
      const at = Date.now();
      const seen = this.prepares.get(data.flight_id);
      if (seen) seen.count += 1;
      else
        this.prepares.set(data.flight_id, {
          sn: entry.dock.sn,
          at,
          count: 1,
          executeTime: typeof data.execute_time === 'number' ? data.execute_time : null,
        });
      void this.#download(data.file).then((ok) => {
        if (!ok) this.downloadFailures += 1;
        this.#reply(entry, message, ok ? 0 : 314001);
      });
      return;
    }
    if (message.method === 'flighttask_execute') {
      this.executes += 1;
      this.#reply(entry, message, 0);
      const at = Date.now();
      const wait = Math.max(0, (this.prepares.get(data.flight_id)?.executeTime ?? 0) - at);
      this.#later(wait, () => {
        this.takeoffs.set(data.flight_id, { at, takeoff: Date.now() });
        this.#fly(entry, data.flight_id);
      });
      return;
    }
    this.#reply(entry, message, 0);
  }

  /** The KMZ from the URL of the prepare, its MD5 against the fingerprint. */
  async #download(file) {
    if (!file?.url || !file.fingerprint) return false;
    const api = this.options.apiUrls[Math.floor(Math.random() * this.options.apiUrls.length)];
    const url = file.url.startsWith('/') ? `${api}${file.url}` : file.url;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok) return false;
      const bytes = Buffer.from(await response.arrayBuffer());
      return createHash('md5').update(bytes).digest('hex') === file.fingerprint;
    } catch {
      return false;
    }
  }

  #fly(entry, flightId) {
    const { steps, progressMs } = this.options;
    entry.flying = flightId;
    let step = 0;
    const next = () => {
      step += 1;
      const done = step > steps;
      const percent = done ? 100 : Math.round((100 * step) / (steps + 1));
      const sent = entry.client.publish(
        'events',
        {
          result: 0,
          output: {
            status: done ? 'ok' : 'in_progress',
            progress: { percent, current_step: done ? 25 : 16 },
            ext: {
              flight_id: flightId,
              current_waypoint_index: done ? 1 : Math.min(1, Math.floor((2 * step) / (steps + 1))),
              media_count: 0,
              wayline_mission_state: done ? 9 : 5,
            },
          },
        },
        { method: 'flighttask_progress', bid: flightId, needReply: true, qos: 1 },
      );
      if (sent) this.progress.set(`${entry.dock.sn}#${percent}`, sent.timestamp);
      if (entry.drone) {
        const share = Math.min(1, step / (steps + 1));
        entry.drone.publish(
          'osd',
          {
            mode_code: done ? 0 : 5,
            longitude: entry.home.longitude + 0.001 + 0.002 * share,
            latitude: entry.home.latitude,
            height: done ? 0 : 60,
            elevation: done ? 0 : 60,
            horizontal_speed: done ? 0 : 5,
            vertical_speed: 0,
            attitude_head: 90,
          },
          { gateway: entry.dock.sn },
        );
      }
      if (done) {
        entry.flying = null;
        this.completed += 1;
        return;
      }
      this.#later(progressMs, next);
    };
    this.#later(progressMs, next);
  }
}
