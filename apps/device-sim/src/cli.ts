import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { type CliOptions, parseCli, USAGE } from './cli-args.js';
import type { SimDockConfig } from './dock.js';
import { SimFleet } from './fleet.js';
import { gridPositions } from './flight.js';
import { PlatformClient } from './platform.js';
import { type StreamInfo, VideoServer } from './video.js';

/** The docks to simulate: from `--fleet`, or registered (or re-credentialed) through the platform's API. */
async function fleetConfig(options: CliOptions): Promise<SimDockConfig[]> {
  if (options.fleet) {
    const parsed: unknown = JSON.parse(await readFile(options.fleet, 'utf8'));
    const docks = Array.isArray(parsed) ? parsed : (parsed as { docks?: unknown }).docks;
    if (!Array.isArray(docks) || docks.length === 0)
      throw new Error(`${options.fleet}: expected an array of docks`);
    return docks as SimDockConfig[];
  }
  const platform = new PlatformClient(options);
  await platform.signIn();
  const positions = gridPositions(
    { latitude: options.latitude, longitude: options.longitude },
    options.docks,
    options.spacing,
  );
  const docks: SimDockConfig[] = [];
  for (const [index, position] of positions.entries()) {
    const credentials = await platform.ensureDockWithDrone(
      `${options.prefix}-DOCK-${index + 1}`,
      `${options.prefix}-UAV-${index + 1}`,
    );
    docks.push({ ...credentials, ...position, dronePoweredOn: !options.droneOff });
  }
  return docks;
}

async function registerStreams(
  options: CliOptions,
  docks: SimDockConfig[],
  streams: StreamInfo[],
): Promise<void> {
  const url = (name: string) => {
    const stream = streams.find((candidate) => candidate.name === name);
    return stream?.available ? stream.url : undefined;
  };
  const platform = new PlatformClient(options);
  await platform.signIn();
  for (const { dock } of docks) {
    const inside = url(`${dock.sn}-inside`);
    const outside = url(`${dock.sn}-outside`);
    if (!inside && !outside) continue;
    await platform.setDockStreams(dock.sn, {
      ...(inside ? { streamInside: inside } : {}),
      ...(outside ? { streamOutside: outside } : {}),
    });
  }
}

function statusLine(fleet: SimFleet): string {
  const status = fleet.status();
  const online = status.filter((dock) => dock.online).length;
  const flying = fleet.docks.filter((dock) => dock.drone?.airborne).length;
  const jobs = status.filter((dock) => dock.job).map((dock) => `${dock.sn}:${dock.job}`);
  const published = fleet.docks.reduce(
    (sum, dock) => sum + dock.client.published + (dock.drone?.client.published ?? 0),
    0,
  );
  return `[sim] ${online}/${status.length} docks online, ${flying} flying, ${published} messages sent${jobs.length ? `, jobs ${jobs.join(' ')}` : ''}`;
}

export async function main(argv: string[]): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCli(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const docks = await fleetConfig(options);
  const fleet = new SimFleet({
    url: options.url,
    docks,
    timeScale: options.timeScale,
    osdIntervalMs: options.osdInterval,
  });
  await fleet.start();
  console.log(
    `[sim] ${docks.length} docks connected to ${options.url}: ${docks.map((dock) => dock.dock.sn).join(', ')}`,
  );
  if (options.refuse) fleet.fault('refuse');
  if (options.silent) fleet.fault('silent');
  if (options.flood) fleet.fault('flood');
  if (options.rain) fleet.fault('heavy_rain');
  if (options.wind !== undefined) fleet.fault('high_wind', { windSpeed: options.wind });
  if (options.refusePrepare !== undefined) fleet.fault('refuse_prepare', { code: options.refusePrepare });
  if (options.failAt)
    fleet.fault('fail_midroute', { atWaypoint: options.failAt.waypoint, code: options.failAt.code });
  if (options.linkLostAt)
    fleet.fault('link_lost', {
      atWaypoint: options.linkLostAt.waypoint,
      forMs: options.linkLostAt.seconds * 1000,
    });
  if (options.battery !== undefined) fleet.fault('low_battery', { battery: options.battery });
  const timers: NodeJS.Timeout[] = [];
  if (options.offlineAfter !== undefined) {
    timers.push(
      setTimeout(() => {
        console.log(`[sim] going offline for ${options.offlineFor} s`);
        fleet.fault('offline', { forMs: options.offlineFor * 1000 });
      }, options.offlineAfter * 1000),
    );
  }
  let video: VideoServer | null = null;
  if (options.video) {
    video = new VideoServer({
      streams: docks.flatMap((dock) => [`${dock.dock.sn}-inside`, `${dock.dock.sn}-outside`]),
    });
    const streams = await video.start();
    for (const stream of streams) {
      console.log(
        `[sim] video ${stream.name}: ${stream.available ? stream.url : `absent (${stream.reason})`}`,
      );
    }
    // Docks this run registered get their cameras' addresses, so the console plays them at once.
    if (!options.fleet) await registerStreams(options, docks, streams);
  }
  if (options.statusEvery > 0)
    timers.push(setInterval(() => console.log(statusLine(fleet)), options.statusEvery * 1000));
  const shutdown = async () => {
    for (const timer of timers) clearTimeout(timer);
    await video?.stop();
    await fleet.stop();
    console.log('[sim] stopped');
  };
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await shutdown();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`[sim] ${(error as Error).message}`);
    process.exit(1);
  });
}
