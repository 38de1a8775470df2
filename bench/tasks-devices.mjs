// The docks of the task benchmarks (bench/lib/task-docks.mjs) in their own process, so that their MQTT
// traffic and timers do not share an event loop with the servers or the measuring consoles. IPC:
//
//   parent -> child  { type: 'start', options }     TaskDocks options (url, apiUrls, docks, ...)
//   child  -> parent { type: 'started', millis }
//   parent -> child  { type: 'stats' }
//   child  -> parent { type: 'stats', prepares: [[flightId, sn, at, count, executeTime]],
//                      takeoffs: [[flightId, executeAt, takeoffAt]], progress: [[key, at]],
//                      downloadFailures, executes, completed, cpuMicros }
//   parent -> child  { type: 'stop' }  ->  { type: 'stopped' }
import { TaskDocks } from './lib/task-docks.mjs';

if (!process.send) {
  console.error('bench/tasks-devices.mjs is started by bench/tasks-schedule.mjs or bench/tasks-live.mjs');
  process.exit(2);
}
const send = (message) => new Promise((resolve) => process.send(message, () => resolve()));
let docks;

process.on('message', async (message) => {
  try {
    if (message.type === 'start') {
      const started = Date.now();
      docks = new TaskDocks(message.options);
      await docks.start();
      await send({ type: 'started', millis: Date.now() - started });
    } else if (message.type === 'stats') {
      const cpu = process.cpuUsage();
      await send({
        type: 'stats',
        prepares: [...docks.prepares].map(([id, p]) => [id, p.sn, p.at, p.count, p.executeTime]),
        takeoffs: [...docks.takeoffs].map(([id, t]) => [id, t.at, t.takeoff]),
        progress: message.progress ? [...docks.progress] : [],
        downloadFailures: docks.downloadFailures,
        executes: docks.executes,
        completed: docks.completed,
        cpuMicros: cpu.user + cpu.system,
      });
    } else if (message.type === 'stop') {
      await docks?.stop();
      await send({ type: 'stopped' });
      process.exit(0);
    }
  } catch (error) {
    await send({ type: 'error', message: error?.message ?? String(error), stack: error?.stack });
    process.exit(1);
  }
});
