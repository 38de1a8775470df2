import { COVER_STATE, DOCK_MODE, DRONE_MODE, type JobStatus } from '@aos/contract';
import { DURATIONS_MS, FLIGHT, SIM_RESULT } from './codes.js';
import type { Outcome, SimDock } from './dock.js';
import { type DroneStep, type FlightJob, type Mission, SimDrone } from './drone.js';
import { distanceM, type Leg } from './flight.js';
import { clamp } from './random.js';
import { Stopped } from './scheduler.js';
import {
  PROGRESS_METHOD,
  waylineFinished,
  waylineInterrupted,
  waylineLanded,
  waylineProgress,
  waylineReached,
} from './dock-wayline.js';

type Data = Record<string, unknown>;

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export const FLIGHT_METHODS = [
  'takeoff_to_point',
  'fly_to_point',
  'return_home',
  'flighttask_pause',
  'flighttask_recovery',
  'drone_emergency_stop',
] as const;

/** When each dock last reported its flight's progress (real ms): progress follows the aircraft's OSD rate. */
const reportedAt = new WeakMap<SimDock, number>();

/** Heights are metres above the dock (the console's take-off height); speed is clamped to the aircraft's. */
function speedOf(data: Data): number {
  return clamp(num(data.max_speed) ?? FLIGHT.defaultSpeed, 1, FLIGHT.maxSpeed);
}

/**
 * The aircraft's flight services, relayed by the dock: take off to a point (opening the hatch first), fly to
 * points, return home (landing in the dock, which closes its hatch), pause and resume, emergency stop (hover
 * at once). Progress of take-off and fly-to is reported on `takeoff_to_point_progress` and
 * `fly_to_point_progress` with the command's bid.
 */
export function flightCommand(dock: SimDock, method: string, data: Data, bid: string): Outcome | null {
  if (!(FLIGHT_METHODS as readonly string[]).includes(method)) return null;
  const drone = dock.drone;
  if (!drone?.powered) return { result: SIM_RESULT.DRONE_NOT_POWERED };
  switch (method) {
    case 'takeoff_to_point': {
      if (drone.airborne || !drone.inDock) return { result: SIM_RESULT.FLIGHT_IN_PROGRESS };
      if (dock.state.mode === DOCK_MODE.REMOTE_DEBUG) return { result: SIM_RESULT.DEBUG_MODE_ACTIVE };
      if (dock.job || dock.state.mode === DOCK_MODE.WORKING) return { result: SIM_RESULT.DOCK_BUSY };
      if (drone.battery < FLIGHT.minTakeoffPercent) return { result: SIM_RESULT.LOW_BATTERY };
      const latitude = num(data.target_latitude);
      const longitude = num(data.target_longitude);
      const height = num(data.target_height);
      if (
        latitude === undefined ||
        longitude === undefined ||
        height === undefined ||
        height < 2 ||
        height > 1500
      )
        return { result: SIM_RESULT.INVALID_PARAMETER };
      const job: FlightJob = { method: 'takeoff_to_point_progress', bid };
      const target = { latitude, longitude, elevation: height };
      return { result: SIM_RESULT.OK, job: () => takeoff(dock, drone, job, target, speedOf(data)) };
    }
    case 'fly_to_point': {
      if (!drone.airborne) return { result: SIM_RESULT.DRONE_GROUNDED };
      const points = Array.isArray(data.points) ? (data.points as Data[]) : [];
      const legs: Leg[] = [];
      for (const point of points) {
        const latitude = num(point.latitude);
        const longitude = num(point.longitude);
        const height = num(point.height);
        if (latitude === undefined || longitude === undefined || height === undefined || height < 2)
          return { result: SIM_RESULT.INVALID_PARAMETER };
        legs.push({
          target: { latitude, longitude, elevation: height },
          speed: speedOf(data),
          climbRate: FLIGHT.climbRate,
        });
      }
      if (legs.length === 0) return { result: SIM_RESULT.INVALID_PARAMETER };
      const flightId = typeof data.fly_to_id === 'string' ? data.fly_to_id : bid;
      return {
        result: SIM_RESULT.OK,
        job: async () => {
          endFlightJob(dock, drone.mission?.job ?? null, 'canceled');
          const mission = drone.fly(
            'fly_to',
            legs,
            { method: 'fly_to_point_progress', bid, flightId },
            DRONE_MODE.MANUAL,
          );
          report(dock, mission, 'in_progress');
          dock.publishNow();
        },
      };
    }
    case 'return_home':
      if (!drone.airborne) return { result: SIM_RESULT.DRONE_GROUNDED };
      if (drone.mode === DRONE_MODE.RETURN_HOME || drone.mode === DRONE_MODE.LANDING)
        return { result: SIM_RESULT.ALREADY };
      return { result: SIM_RESULT.OK, job: async () => goHome(dock, num(data.rth_altitude), 'return_home') };
    case 'flighttask_pause': {
      const mission = drone.mission;
      if (!drone.airborne || !mission?.job || mission.paused) return { result: SIM_RESULT.NO_FLIGHT };
      mission.paused = true;
      report(dock, mission, 'paused');
      return { result: SIM_RESULT.OK };
    }
    case 'flighttask_recovery': {
      const mission = drone.mission;
      if (!drone.airborne || !mission?.job || !mission.paused) return { result: SIM_RESULT.NO_FLIGHT };
      mission.paused = false;
      report(dock, mission, 'in_progress');
      return { result: SIM_RESULT.OK };
    }
    case 'drone_emergency_stop': {
      const preparing = pendingTakeoff.has(dock);
      if (!drone.airborne && !preparing) return { result: SIM_RESULT.DRONE_GROUNDED };
      return {
        result: SIM_RESULT.OK,
        job: async () => {
          if (preparing) {
            dock.flightToken += 1;
            drone.mode = DRONE_MODE.IDLE;
            dock.state.mode = DOCK_MODE.IDLE;
            dock.state.flightStep = 255;
          }
          endFlightJob(dock, drone.mission?.job ?? pendingTakeoff.get(dock) ?? null, 'canceled');
          drone.hover();
          dock.publishNow();
        },
      };
    }
  }
  return null;
}

/** The take-off job before the aircraft has a mission (hatch opening, propellers starting). */
const pendingTakeoff = new WeakMap<SimDock, FlightJob>();

async function takeoff(
  dock: SimDock,
  drone: SimDrone,
  job: FlightJob,
  target: { latitude: number; longitude: number; elevation: number },
  speed: number,
): Promise<void> {
  const token = ++dock.flightToken;
  const stillOn = () => dock.flightToken === token;
  pendingTakeoff.set(dock, job);
  const step = (percent: number, key: string) =>
    dock.event(
      job.method,
      job.bid,
      'in_progress',
      { percent, step_key: key },
      { track_id: drone.trackId ?? '' },
    );
  try {
    dock.state.mode = DOCK_MODE.WORKING;
    dock.state.flightStep = 0;
    step(0, 'prepare');
    dock.publishNow();
    if (dock.state.cover !== COVER_STATE.OPEN) {
      dock.state.cover = COVER_STATE.HALF_OPEN;
      dock.publishNow();
      step(2, 'open_cover');
      await dock.scheduler.sleep(DURATIONS_MS.cover);
      if (!stillOn()) return;
      dock.state.cover = COVER_STATE.OPEN;
    }
    dock.state.charging = false;
    drone.mode = DRONE_MODE.TAKEOFF_PREPARE;
    dock.publishNow();
    step(5, 'takeoff_prepare');
    await dock.scheduler.sleep(DURATIONS_MS.takeoffPrepare / 2);
    if (!stillOn()) return;
    drone.mode = DRONE_MODE.TAKEOFF_READY;
    dock.publishNow();
    await dock.scheduler.sleep(DURATIONS_MS.takeoffPrepare / 2);
    if (!stillOn()) return;
    drone.beginFlight();
    dock.state.jobNumber += 1;
    dock.state.flightStep = 1;
    const start = { ...drone.position };
    const legs: Leg[] = [
      {
        target: { ...start, elevation: target.elevation },
        speed,
        climbRate: FLIGHT.climbRate,
        verticalFirst: true,
      },
      { target, speed, climbRate: FLIGHT.climbRate },
    ];
    const mission = drone.fly('takeoff', legs, job, DRONE_MODE.AUTO_TAKEOFF);
    report(dock, mission, 'in_progress');
    dock.publishNow();
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
  } finally {
    if (pendingTakeoff.get(dock) === job) pendingTakeoff.delete(dock);
  }
}

/**
 * Return home (asked, on low battery, or after a flight area stopped the flight): cancel the running flight
 * job (a wayline task ends partly done, with its break point, once the aircraft is back), climb, fly back, land.
 */
function goHome(
  dock: SimDock,
  rthAltitude?: number,
  cause: 'return_home' | 'low_battery' = 'return_home',
): void {
  const drone = dock.drone!;
  const job = drone.mission?.job ?? null;
  if (job?.method === PROGRESS_METHOD) waylineInterrupted(dock, cause);
  else endFlightJob(dock, job, 'canceled');
  const height = clamp(rthAltitude ?? FLIGHT.returnHeight, 20, 500);
  drone.fly('return_home', drone.homeLegs(height, FLIGHT.defaultSpeed), null, DRONE_MODE.RETURN_HOME);
  dock.state.flightStep = 2;
  dock.publishNow();
}

/** Landed in the dock: close the hatch, charge if needed, idle. */
async function afterLanding(dock: SimDock): Promise<void> {
  const token = ++dock.flightToken;
  const drone = dock.drone!;
  dock.state.cover = COVER_STATE.HALF_OPEN;
  dock.publishNow();
  try {
    await dock.scheduler.sleep(DURATIONS_MS.cover);
  } catch (error) {
    if (error instanceof Stopped) return;
    throw error;
  }
  if (dock.flightToken !== token) return;
  dock.state.cover = COVER_STATE.CLOSED;
  dock.state.mode = DOCK_MODE.IDLE;
  dock.state.flightStep = 255;
  if (drone.battery < 95) {
    dock.state.charging = true;
    dock.state.jobNumber += 1;
  }
  dock.publishNow();
  waylineLanded(dock);
}

/** React to what the aircraft did in a simulation step. */
export function onDroneStep(dock: SimDock, step: NonNullable<DroneStep>): void {
  switch (step.kind) {
    case 'moving': {
      const last = reportedAt.get(dock) ?? 0;
      const interval = dock.runtime.osdIntervalMs / 4;
      if (step.mission.job && !step.mission.paused && Date.now() - last >= interval)
        report(dock, step.mission, 'in_progress');
      return;
    }
    case 'waypoint':
      waylineReached(dock, step.mission, step.leg);
      return;
    case 'arrived':
      if (step.mission.kind === 'wayline') return waylineFinished(dock, step.mission);
      report(dock, step.mission, 'ok');
      dock.publishNow();
      return;
    case 'landed':
      afterLanding(dock).catch((error: unknown) => dock.emit('failure', error));
      return;
    case 'low_battery':
      goHome(dock, undefined, 'low_battery');
      return;
    case 'blocked': {
      // As DJI's dock does: closer than 5 m to a custom flight area's boundary in a task, the task stops and
      // the aircraft returns home (flight-areas.ts, modules/gis/flight-areas/README.md).
      const job = step.mission.job;
      if (job?.method === PROGRESS_METHOD) waylineInterrupted(dock, 'failed', SIM_RESULT.FLIGHT_AREA_BLOCKED);
      else if (job)
        dock.event(
          job.method,
          job.bid,
          'failed',
          {},
          { track_id: dock.drone?.trackId ?? '' },
          SIM_RESULT.FLIGHT_AREA_BLOCKED,
        );
      dock.flightAreas.reportBlocked(step.block);
      goHome(dock);
      return;
    }
  }
}

/** A flight job's progress: percent of the mission flown, the track and the distance left. */
function report(dock: SimDock, mission: Mission, status: JobStatus): void {
  const job = mission.job;
  if (!job) return;
  reportedAt.set(dock, Date.now());
  if (mission.kind === 'wayline') return waylineProgress(dock, mission, status);
  const drone = dock.drone!;
  const last = mission.legs[mission.legs.length - 1]!.target;
  const flown = SimDrone.percent(mission);
  // A take-off spends its first 5 % on the ground (hatch, propellers).
  const percent = status === 'ok' ? 100 : mission.kind === 'takeoff' ? 5 + Math.round(flown * 0.95) : flown;
  dock.event(
    job.method,
    job.bid,
    status,
    { percent, current_step: mission.leg + 1, total_steps: mission.legs.length },
    {
      track_id: drone.trackId ?? '',
      ...(job.flightId ? { fly_to_id: job.flightId } : {}),
      remaining_distance: Math.round(distanceM(drone.position, last)),
    },
  );
}

function endFlightJob(dock: SimDock, job: FlightJob | null, status: JobStatus): void {
  if (!job) return;
  if (job.method === PROGRESS_METHOD) return waylineInterrupted(dock, 'stop');
  dock.event(job.method, job.bid, status, {}, { track_id: dock.drone?.trackId ?? '' });
}
