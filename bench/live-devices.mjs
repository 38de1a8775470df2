// The simulated fleet of the live benchmark (bench/live.mjs), in its own process so that publishing does
// not share an event loop with the WebSocket receivers: the simulator's LoadFleet, each device its own MQTT
// client publishing OSD at 1 Hz (QoS 0) and a state change every BENCH_STATE_MS (QoS 1, counted for loss).
//
//   parent -> child  { type: 'start', url, devices, stateIntervalMs, layout? }
//   child  -> parent { type: 'started', millis }
//   parent -> child  { type: 'counts' }
//   child  -> parent { type: 'counts', osd, state, cpuMicros }
//   parent -> child  { type: 'stop' }
//   child  -> parent { type: 'stopped', osd, state, stateFailed, sent }   (state: acknowledged by the broker;
//                                                                          sent: OSD sent per serial number)
import { LoadFleet } from '../apps/device-sim/dist/index.js';

if (!process.send) {
  console.error('bench/live-devices.mjs is started by bench/live.mjs (it needs an IPC channel)');
  process.exit(2);
}
const send = (message) => new Promise((resolve) => process.send(message, () => resolve()));
let fleet;

process.on('message', async (message) => {
  try {
    if (message.type === 'start') {
      const started = Date.now();
      fleet = new LoadFleet({
        url: message.url,
        devices: message.devices,
        intervalMs: 1000,
        stateIntervalMs: message.stateIntervalMs,
        layout: message.layout,
      });
      await fleet.start();
      await send({ type: 'started', millis: Date.now() - started });
    } else if (message.type === 'counts') {
      const cpu = process.cpuUsage();
      await send({
        type: 'counts',
        osd: fleet.published,
        state: fleet.statePublished,
        cpuMicros: cpu.user + cpu.system,
      });
    } else if (message.type === 'stop') {
      // stop() waits for the broker's acknowledgement of the state changes in flight: count after it.
      await fleet.stop();
      await send({
        type: 'stopped',
        osd: fleet.published,
        state: fleet.statePublished,
        stateFailed: fleet.stateFailed,
        sent: Object.fromEntries(fleet.sentBySerial()),
      });
      process.exit(0);
    }
  } catch (error) {
    await send({ type: 'error', message: error?.message ?? String(error), stack: error?.stack });
    process.exit(1);
  }
});
