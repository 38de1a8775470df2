// CPU accounting: how much of the machine the server, the load generator and everything else used.
import os from 'node:os';

/** Busy and total CPU time of the whole machine so far, in ms summed over the cores. */
export function machineCpu() {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const sum = times.user + times.nice + times.sys + times.idle + times.irq;
    total += sum;
    busy += sum - times.idle;
  }
  return { busy, total };
}

/** Share of the machine that other processes keep busy, sampled over `ms` (before starting, as a warning). */
export async function backgroundLoad(ms = 1000) {
  const before = machineCpu();
  const ownBefore = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineCpu();
  const own = process.cpuUsage(ownBefore);
  const cores = os.cpus().length;
  const busy = after.busy - before.busy - (own.user + own.system) / 1000;
  return Math.max(0, busy / ((after.total - before.total) / cores));
}

/**
 * One measured run with CPU accounting: how many cores the server process, this process (autocannon) and
 * everything else on the machine (PostgreSQL, Redis, other work) used on average while it ran.
 */
export async function measured(server, run) {
  const cores = os.cpus().length;
  const machineBefore = machineCpu();
  const serverBefore = (await server.request('usage')).micros;
  const selfBefore = process.cpuUsage();
  const result = await run();
  const self = process.cpuUsage(selfBefore);
  const serverMicros = (await server.request('usage')).micros - serverBefore;
  const machineAfter = machineCpu();
  const wallMs = (machineAfter.total - machineBefore.total) / cores;
  const serverCores = serverMicros / 1000 / wallMs;
  const loadCores = (self.user + self.system) / 1000 / wallMs;
  const busyCores = (machineAfter.busy - machineBefore.busy) / wallMs;
  return {
    result,
    cpu: { server: serverCores, load: loadCores, other: Math.max(0, busyCores - serverCores - loadCores) },
  };
}
