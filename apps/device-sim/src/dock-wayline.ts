import {
  COVER_STATE,
  DOCK_MODE,
  DRONE_MODE,
  type JobStatus,
  RAINFALL,
  type WaylineFile,
} from '@aos/contract';
import { readKmz, WpmlError } from '@aos/wpml';
import {
  DEFAULT_MAX_WIND_MS,
  DURATIONS_MS,
  FLIGHT,
  MAX_WIND_MS,
  SIM_RESULT,
  WAYLINE_RESULT,
} from './codes.js';
import type { Outcome, SimDock } from './dock.js';
import { STORAGE_TOTAL_KB } from './dock-osd.js';
import { fetchWayline } from './dock-wayline-file.js';
import { taskPoints } from './dock-wayline-points.js';
import {
  type BreakPoint,
  type Data,
  MISSION_STATE,
  num,
  type PreparedTask,
  PROGRESS_METHOD,
  record,
  type RunningTask,
  type TaskOutcome,
  text,
  type WaylinePoint,
  waylineTasks,
} from './dock-wayline-state.js';
import type { Mission } from './drone.js';
import { type AirPoint, distanceM, type Leg } from './flight.js';
import { clamp } from './random.js';
import { Stopped } from './scheduler.js';

export { onWaylineReply } from './dock-wayline-file.js';
export { waylinePoints } from './dock-wayline-points.js';
export {
  type BreakPoint,
  type FlownPoint,
  MISSION_STATE,
  type PreparedTask,
  PROGRESS_METHOD,
  RESOURCE_GET_METHOD,
  type RunningTask,
  type WaylinePoint,
  type WaylineTasks,
  waylineTasks,
} from './dock-wayline-state.js';

/**
 * Wayline flight tasks as a DJI dock runs them (PROTOCOLS.md §2 "Flight tasks", DJI Cloud API "Wayline
 * management"): `flighttask_prepare` downloads the KMZ, checks its MD5 fingerprint and reads it with `@aos/wpml`
 * (the server's reader), `flighttask_execute` opens the hatch at the task's `execute_time` (at once when it has
 * passed, as the server sends it), takes off and flies every wayline of the file in order (an oblique route's
 * five) and every waypoint at its height, speed, heading and gimbal pitch, counting its actions, then comes
 * home; `flighttask_progress` events (with `need_reply`; `percent` over all waypoints, `ext.wayline_id` and
 * `ext.current_waypoint_index` within it) follow the aircraft at its OSD rate, and a final one once the
 * aircraft is back and the hatch closed. `flighttask_undo` drops prepared tasks and executed ones still waiting
 * for their time; pause, recovery and return home (dock-flight.ts) act on a running one; a task ended by low
 * battery or a return home is `partially_done` with a `break_point` (wayline and waypoint) that a new prepare
 * resumes from. A URL that expired (403, 404, 410) is asked again with `flighttask_resource_get`.
 */

export const WAYLINE_METHODS = ['flighttask_prepare', 'flighttask_execute', 'flighttask_undo'] as const;

/** The services of this module, or null for another method. */
export function waylineCommand(
  dock: SimDock,
  method: string,
  data: Data,
  bid: string,
): Outcome | Promise<Outcome> | null {
  switch (method) {
    case 'flighttask_prepare':
      return prepare(dock, data);
    case 'flighttask_execute':
      return execute(dock, data, bid);
    case 'flighttask_undo': {
      const ids = Array.isArray(data.flight_ids)
        ? data.flight_ids.filter((id) => typeof id === 'string')
        : [];
      if (ids.length === 0) return { result: WAYLINE_RESULT.TASK_ID_INVALID };
      const state = waylineTasks(dock);
      const running = state.running;
      if (running && ids.includes(running.task.flightId)) {
        // executed but still waiting for its execute time: dropped before it takes off; flying: refused
        if (running.waitingUntil === null) return { result: WAYLINE_RESULT.ANOTHER_TASK };
        endWaiting(dock, running, { status: 'canceled', result: 0 });
      }
      for (const id of ids) state.prepared.delete(id);
      return { result: SIM_RESULT.OK };
    }
  }
  return null;
}

/**
 * Why the dock cannot fly a task now, as its result code; null when it can. `self`: the task asking, executed
 * and waiting for its time (it is not another task).
 */
export function flightRefusal(
  dock: SimDock,
  task?: Pick<PreparedTask, 'readyBattery' | 'storageMb'>,
  self?: RunningTask,
) {
  const drone = dock.drone;
  if (!drone?.powered) return SIM_RESULT.DRONE_NOT_POWERED;
  if (dock.state.mode === DOCK_MODE.REMOTE_DEBUG) return SIM_RESULT.DEBUG_MODE_ACTIVE;
  const running = waylineTasks(dock).running;
  if (running && running !== self) return WAYLINE_RESULT.ANOTHER_TASK;
  if (dock.job || dock.state.mode !== DOCK_MODE.IDLE || drone.airborne) return WAYLINE_RESULT.DEVICE_BUSY;
  if (!drone.inDock) return SIM_RESULT.DRONE_NOT_IN_DOCK;
  if (dock.weather.rainfall() >= RAINFALL.HEAVY) return SIM_RESULT.HEAVY_RAIN;
  if (dock.weather.windSpeed() > (MAX_WIND_MS[drone.model.type] ?? DEFAULT_MAX_WIND_MS))
    return SIM_RESULT.WIND_TOO_STRONG;
  if (drone.battery < Math.max(FLIGHT.minTakeoffPercent, task?.readyBattery ?? 0))
    return SIM_RESULT.LOW_BATTERY;
  const freeMb = (STORAGE_TOTAL_KB - dock.state.storageUsed) / 1024;
  if (task?.storageMb !== undefined && freeMb < task.storageMb) return SIM_RESULT.STORAGE_LOW;
  return null;
}

function prepare(dock: SimDock, data: Data): Outcome | Promise<Outcome> {
  const flightId = text(data.flight_id);
  if (!flightId) return { result: WAYLINE_RESULT.TASK_ID_INVALID };
  const file = record(data.file);
  const url = text(file?.url);
  if (!url) return { result: WAYLINE_RESULT.URL_EMPTY };
  const fingerprint = text(file?.fingerprint)?.toLowerCase();
  if (!fingerprint) return { result: WAYLINE_RESULT.MD5_EMPTY };
  const ready = record(data.ready_conditions);
  const executable = record(data.executable_conditions);
  const conditions = {
    readyBattery: num(ready?.battery_capacity),
    storageMb: num(executable?.storage_capacity),
  };
  const refused = flightRefusal(dock, conditions);
  if (refused !== null) return { result: refused };
  const breakPoint = readBreakPoint(record(data.break_point));
  const executeTime = num(data.execute_time);
  if (breakPoint === null) return { result: WAYLINE_RESULT.BREAKPOINT_INVALID };
  return (async (): Promise<Outcome> => {
    const got = await fetchWayline(dock, flightId, url, fingerprint);
    if ('result' in got) return got;
    let model: WaylineFile;
    try {
      model = readKmz(got.data).model;
    } catch (error) {
      if (error instanceof WpmlError) return { result: WAYLINE_RESULT.FILE_PARSE_FAILED };
      throw error;
    }
    const { waylineIds, points } = taskPoints(dock, model);
    if (points.length === 0) return { result: WAYLINE_RESULT.FILE_PARSE_FAILED };
    if (breakPoint && pointAt(points, breakPoint) < 0) return { result: WAYLINE_RESULT.BREAKPOINT_INVALID };
    waylineTasks(dock).prepared.set(flightId, {
      flightId,
      file: model,
      waylineIds,
      points,
      fingerprint: got.fingerprint,
      rthAltitude: num(data.rth_altitude),
      outOfControlAction: num(data.out_of_control_action),
      ...(breakPoint ? { breakPoint } : {}),
      ...conditions,
      takeOffSecurityHeight: model.missionConfig.takeOffSecurityHeight ?? 20,
      ...(executeTime !== undefined ? { executeTime } : {}),
    });
    return { result: SIM_RESULT.OK };
  })();
}

/** A `break_point` of prepare: undefined when none was sent, null when it is malformed. */
function readBreakPoint(data: Data | undefined): BreakPoint | undefined | null {
  if (!data) return undefined;
  const index = num(data.index);
  const state = num(data.state);
  const progress = num(data.progress) ?? 0;
  const waylineId = num(data.wayline_id) ?? 0;
  if (index === undefined || index < 0 || (state !== 0 && state !== 1) || progress < 0 || progress > 1)
    return null;
  return { index, state, progress, wayline_id: waylineId };
}

function execute(dock: SimDock, data: Data, bid: string): Outcome {
  const flightId = text(data.flight_id);
  const state = waylineTasks(dock);
  const task = flightId ? state.prepared.get(flightId) : undefined;
  if (!task) return { result: WAYLINE_RESULT.TASK_ID_INVALID };
  const refused = flightRefusal(dock, task);
  if (refused !== null) return { result: refused };
  state.prepared.delete(task.flightId);
  const start = task.breakPoint ? Math.max(0, pointAt(task.points, task.breakPoint)) : 0;
  // the execute's own execute_time, else the prepare's (DJI: the time the task starts)
  const executeTime = num(data.execute_time) ?? task.executeTime;
  const running: RunningTask = {
    task,
    bid,
    start,
    reached: -1,
    mediaCount: 0,
    recording: false,
    missionState: MISSION_STATE.PREPARED,
    waitingUntil: executeTime !== undefined && executeTime > Date.now() ? executeTime : null,
    legPoints: new Map(),
    trackId: '',
    flown: [],
    outcome: null,
  };
  state.running = running;
  return { result: SIM_RESULT.OK, job: () => fly(dock, running) };
}

/** Where `point` (DJI `wayline_id` and waypoint `index`) is in `points`, -1 when it is none of them. */
function pointAt(points: WaylinePoint[], point: Pick<BreakPoint, 'index' | 'wayline_id'>): number {
  return points.findIndex((p) => p.waylineId === point.wayline_id && p.index === point.index);
}

/**
 * A task executed for a later time (DJI `execute_time`) stays on the dock, idle, until then: the dock refuses
 * other tasks meanwhile, `flighttask_undo` drops it. At its time the dock checks again that it can fly; a
 * refusal then ends the task failed with that code.
 */
async function waitForExecuteTime(dock: SimDock, running: RunningTask): Promise<boolean> {
  const state = waylineTasks(dock);
  while (running.waitingUntil !== null && state.running === running) {
    const left = running.waitingUntil - Date.now();
    if (left <= 0) break;
    // real milliseconds: the execute time is a wall-clock time, whatever the simulation's time scale
    await dock.scheduler.sleep(Math.min(left, 1_000) / dock.scheduler.timeScale);
  }
  if (state.running !== running || running.outcome !== null) return false;
  if (running.waitingUntil === null) return true;
  const refused = flightRefusal(dock, running.task, running);
  if (refused !== null) {
    endWaiting(dock, running, { status: 'failed', result: refused });
    return false;
  }
  running.waitingUntil = null;
  return true;
}

/** A task that never took off ends: its final progress event, the dock free again. */
function endWaiting(dock: SimDock, running: RunningTask, outcome: TaskOutcome): void {
  const state = waylineTasks(dock);
  running.outcome = outcome;
  running.waitingUntil = null;
  running.missionState = MISSION_STATE.ENDED;
  if (state.running === running) state.running = null;
  state.finished.push(running);
  if (state.finished.length > 20) state.finished.shift();
  progress(dock, running, outcome.status, null, outcome.result);
}

/** At its execute time: hatch, propellers, take-off, then every wayline of the file as one mission of legs. */
async function fly(dock: SimDock, running: RunningTask): Promise<void> {
  const drone = dock.drone!;
  const state = waylineTasks(dock);
  const still = () => state.running === running && running.outcome === null;
  try {
    if (!(await waitForExecuteTime(dock, running))) return;
    running.missionState = MISSION_STATE.STARTING;
    dock.state.mode = DOCK_MODE.WORKING;
    dock.state.flightStep = 0;
    progress(dock, running, 'sent');
    dock.publishNow();
    if (dock.state.cover !== COVER_STATE.OPEN) {
      dock.state.cover = COVER_STATE.HALF_OPEN;
      dock.publishNow();
      progress(dock, running, 'in_progress');
      await dock.scheduler.sleep(DURATIONS_MS.cover);
      if (!still()) return;
      dock.state.cover = COVER_STATE.OPEN;
    }
    dock.state.charging = false;
    drone.mode = DRONE_MODE.TAKEOFF_PREPARE;
    dock.publishNow();
    await dock.scheduler.sleep(DURATIONS_MS.takeoffPrepare);
    if (!still()) return;
    drone.beginFlight();
    running.trackId = drone.trackId ?? '';
    dock.state.jobNumber += 1;
    dock.state.flightStep = 1;
    const mission = drone.fly(
      'wayline',
      waylineLegs(drone.position, running),
      { method: PROGRESS_METHOD, bid: running.bid, flightId: running.task.flightId },
      DRONE_MODE.WAYLINE,
    );
    running.missionState = MISSION_STATE.TO_FIRST_POINT;
    progress(dock, running, 'in_progress', mission);
    dock.publishNow();
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
  }
}

/**
 * Straight up to the first waypoint's height (at least the file's take-off security height), then waypoint
 * after waypoint; a task resumed on a segment first flies to where it broke off.
 */
function waylineLegs(from: AirPoint, running: RunningTask): Leg[] {
  const { task, start } = running;
  const points = task.points;
  const legs: Leg[] = [];
  const first = points[start]!;
  legs.push({
    target: { ...from, elevation: Math.max(first.target.elevation, task.takeOffSecurityHeight) },
    speed: first.speed,
    climbRate: FLIGHT.climbRate,
    verticalFirst: true,
  });
  let next = start;
  const broke = task.breakPoint;
  if (broke?.state === 0 && points[start + 1]) {
    const a = first.target;
    const b = points[start + 1]!.target;
    const t = broke.progress;
    legs.push({
      target: {
        latitude: a.latitude + (b.latitude - a.latitude) * t,
        longitude: a.longitude + (b.longitude - a.longitude) * t,
        elevation: a.elevation + (b.elevation - a.elevation) * t,
      },
      speed: first.speed,
      climbRate: FLIGHT.climbRate,
    });
    next = start + 1;
  } else if (broke?.state === 1) {
    // the break-point waypoint was reached before: flown to again, its actions not repeated
    legs.push({ target: first.target, speed: first.speed, climbRate: FLIGHT.climbRate });
    next = start + 1;
  }
  for (let i = next; i < points.length; i++) {
    const point = points[i]!;
    // a wayline's first point is flown to along the route (from the last point of the wayline before)
    const previous = points[i - 1]?.waylineId === point.waylineId ? points[i - 1] : undefined;
    const heading = previous?.heading ?? point.heading;
    const leg: Leg = {
      target: point.target,
      speed: point.speed,
      climbRate: FLIGHT.climbRate,
      waypoint: point.index,
      ...(heading !== undefined ? { heading } : {}),
    };
    running.legPoints.set(leg, i);
    legs.push(leg);
  }
  return legs;
}

/** The aircraft reached waypoint `leg.waypoint`: its actions, the faults set for it, a progress event. */
export function waylineReached(dock: SimDock, mission: Mission, leg: Leg): void {
  const running = waylineTasks(dock).running;
  const drone = dock.drone!;
  if (!running || running.outcome || leg.waypoint === undefined) return;
  const at = running.legPoints.get(leg) ?? -1;
  const point = running.task.points[at];
  if (!point) return;
  running.reached = at;
  running.missionState = MISSION_STATE.EXECUTING;
  if (point.heading !== undefined) drone.heading = point.heading;
  if (point.gimbalPitch !== undefined) drone.camera.pitch = clamp(point.gimbalPitch, -90, 35);
  if (point.recordStart && !running.recording) {
    running.recording = true;
    drone.camera.recording = true;
  }
  if (point.photos > 0) {
    drone.camera.photos += point.photos;
    running.mediaCount += point.photos;
    dock.state.storageUsed += 6_000 * point.photos;
  }
  if (point.recordStop && running.recording) stopRecording(dock, running);
  mission.hold += point.hoverS;
  running.flown.push({
    index: point.index,
    waylineId: point.waylineId,
    elevation: drone.position.elevation,
    height: (dock.config.height ?? 20) + drone.position.elevation,
    heading: drone.heading,
    gimbalPitch: drone.camera.pitch,
    speed: leg.speed,
    photos: point.photos,
  });
  const faults = dock.faults.wayline;
  if (faults.linkLostAt && faults.linkLostAt.index === point.index) {
    const { forMs } = faults.linkLostAt;
    faults.linkLostAt = null;
    progress(dock, running, 'in_progress', mission);
    dock.fault('offline', { forMs });
    return;
  }
  if (faults.failAt && faults.failAt.index === point.index) {
    running.outcome = { status: 'failed', result: faults.failAt.code };
    faults.failAt = null;
    returnHome(dock, running);
    return;
  }
  progress(dock, running, 'in_progress', mission);
}

/** The last waypoint reached: its actions, a hover it asks for, then home with the task done. */
export function waylineFinished(dock: SimDock, mission: Mission): void {
  const running = waylineTasks(dock).running;
  const last = mission.legs[mission.legs.length - 1]!;
  waylineReached(dock, mission, last);
  if (!running || running.outcome) return;
  const hover = mission.hold;
  mission.hold = 0;
  dock.scheduler
    .sleep(hover * 1000)
    .then(() => {
      if (running.outcome || waylineTasks(dock).running !== running) return;
      running.outcome = { status: 'ok', result: SIM_RESULT.OK };
      returnHome(dock, running);
    })
    .catch((error: unknown) => {
      if (!(error instanceof Stopped)) dock.emit('failure', error);
    });
}

/**
 * The wayline stopped before its end (asked to come home, low battery, an emergency stop, a flight area):
 * partly done with its break point, or canceled, or failed with `result`.
 */
export function waylineInterrupted(
  dock: SimDock,
  cause: 'return_home' | 'low_battery' | 'stop' | 'failed',
  result = 0,
): void {
  const running = waylineTasks(dock).running;
  if (!running || running.outcome) return;
  if (cause === 'stop') running.outcome = { status: 'canceled', result };
  else if (cause === 'failed') running.outcome = { status: 'failed', result };
  else
    running.outcome = {
      status: 'partially_done',
      result: cause === 'low_battery' ? WAYLINE_RESULT.LOW_BATTERY_RETURN : result,
      breakPoint: breakPointNow(dock, running),
    };
  running.missionState = MISSION_STATE.ENDED;
}

function breakPointNow(dock: SimDock, running: RunningTask): BreakPoint {
  const points = running.task.points;
  if (running.reached < 0) {
    // not at its first waypoint yet: resume from where this flight started
    const first = points[running.start]!;
    return (
      running.task.breakPoint ?? { index: first.index, state: 0, progress: 0, wayline_id: first.waylineId }
    );
  }
  const reached = points[running.reached]!;
  const at = { index: reached.index, wayline_id: reached.waylineId };
  // the next point of the same wayline (between two waylines the break is at the last point reached)
  const next = points[running.reached + 1];
  const position = dock.drone!.position;
  const away = distanceM(position, reached.target);
  if (!next || next.waylineId !== reached.waylineId || away < 1) return { ...at, state: 1, progress: 0 };
  const length = distanceM(reached.target, next.target);
  const share = length > 0 ? clamp(away / length, 0, 1) : 0;
  return { ...at, state: 0, progress: Math.round(share * 1000) / 1000 };
}

function stopRecording(dock: SimDock, running: RunningTask): void {
  running.recording = false;
  dock.drone!.camera.recording = false;
  running.mediaCount += 1;
  dock.state.storageUsed += 200_000;
}

/** Home at the task's return altitude (the wayline job stays open until the landing). */
function returnHome(dock: SimDock, running: RunningTask): void {
  const drone = dock.drone!;
  running.missionState = MISSION_STATE.ENDED;
  const height = clamp(running.task.rthAltitude ?? FLIGHT.returnHeight, 20, 500);
  drone.fly('return_home', drone.homeLegs(height, FLIGHT.defaultSpeed), null, DRONE_MODE.RETURN_HOME);
  dock.state.flightStep = 2;
  dock.publishNow();
}

/** Back in the dock with the hatch closed: the task's final event. */
export function waylineLanded(dock: SimDock): void {
  const state = waylineTasks(dock);
  const running = state.running;
  if (!running) return;
  if (running.recording) stopRecording(dock, running);
  const outcome = running.outcome ?? { status: 'canceled', result: 0 };
  running.outcome = outcome;
  running.missionState = MISSION_STATE.ENDED;
  state.running = null;
  state.finished.push(running);
  if (state.finished.length > 20) state.finished.shift();
  progress(dock, running, outcome.status, null, outcome.result, outcome.breakPoint);
}

/** A wayline job's progress, at the aircraft's OSD rate (dock-flight.ts `report`) and at each waypoint. */
export function waylineProgress(dock: SimDock, mission: Mission, status: JobStatus): void {
  const running = waylineTasks(dock).running;
  if (!running || running.outcome) return;
  if (status === 'paused') running.missionState = MISSION_STATE.INTERRUPTED;
  else if (running.missionState === MISSION_STATE.INTERRUPTED)
    running.missionState = MISSION_STATE.RECOVERING;
  else if (running.missionState === MISSION_STATE.RECOVERING) running.missionState = MISSION_STATE.EXECUTING;
  progress(dock, running, status, mission);
}

function progress(
  dock: SimDock,
  running: RunningTask,
  status: JobStatus,
  _mission: Mission | null = null,
  result = 0,
  breakPoint?: BreakPoint,
): void {
  // waypoints reached over every wayline of the file
  const points = running.task.points;
  const percent =
    status === 'ok'
      ? 100
      : running.reached < 0
        ? 0
        : Math.floor(((running.reached + 1) * 100) / points.length);
  // the wayline flown now: the one of the last waypoint reached, before that the one the flight starts on
  const reached = points[running.reached];
  const current = reached ?? points[running.start];
  dock.event(
    PROGRESS_METHOD,
    running.bid,
    status,
    { current_step: dock.state.flightStep, percent },
    {
      wayline_id: current?.waylineId ?? 0,
      current_waypoint_index: reached?.index ?? 0,
      media_count: running.mediaCount,
      flight_id: running.task.flightId,
      track_id: running.trackId,
      wayline_mission_state: running.missionState,
      ...(breakPoint ? { break_point: breakPoint } : {}),
    },
    result,
    true,
  );
}
