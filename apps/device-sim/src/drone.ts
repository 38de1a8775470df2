import { randomUUID } from 'node:crypto';
import { DRONE_MODE, isAirborneMode } from '@aos/contract';
import { SimCamera } from './camera.js';
import { type DeviceClient } from './client.js';
import { FLIGHT } from './codes.js';
import type { AreaBlock } from './flight-areas.js';
import { advance, type AirPoint, distanceM, djiHeading, type GeoPoint, type Leg } from './flight.js';
import { clamp, round } from './random.js';

/** A job whose progress the dock reports (`takeoff_to_point_progress`, `fly_to_point_progress`). */
export interface FlightJob {
  method: string;
  bid: string;
  /** `fly_to_id` of fly_to_point */
  flightId?: string;
}

export type MissionKind = 'takeoff' | 'fly_to' | 'return_home' | 'wayline';

/** Where the aircraft is going now: a list of legs flown in order. */
export interface Mission {
  kind: MissionKind;
  legs: Leg[];
  leg: number;
  paused: boolean;
  job: FlightJob | null;
  /** metres (horizontal and vertical) of the whole mission, and flown so far: the progress percent */
  total: number;
  done: number;
  /** simulated seconds to hover where it is before flying on (a wayline's hover action) */
  hold: number;
}

/** What a simulation step of the aircraft produced, for its dock to report. */
export type DroneStep =
  | { kind: 'moving'; mission: Mission }
  | { kind: 'arrived'; mission: Mission }
  /** reached a wayline's waypoint (`leg.waypoint`) that is not the last leg */
  | { kind: 'waypoint'; mission: Mission; leg: Leg }
  | { kind: 'landed' }
  | { kind: 'low_battery' }
  /** a custom flight area stopped the mission at `block.stop` */
  | { kind: 'blocked'; mission: Mission; block: AreaBlock }
  | null;

export interface DroneHome extends GeoPoint {
  /** ellipsoid height of the dock, m */
  height: number;
}

/**
 * The aircraft of one dock: power, position and attitude, battery, its camera, and the mission it flies.
 * It publishes its own OSD on its own MQTT connection (with `gateway` = the dock); commands reach it through
 * its dock, which calls the methods here.
 */
export class SimDrone {
  powered = false;
  inDock = true;
  mode: number = DRONE_MODE.IDLE;
  position: AirPoint;
  heading = 0;
  horizontalSpeed = 0;
  verticalSpeed = 0;
  /** percent, fractional */
  battery: number;
  trackId: string | null = null;
  totalFlightTime = 0;
  totalFlightDistance = 0;
  mission: Mission | null = null;
  /**
   * Checks each step of a take-off or fly-to (not the way home) against the dock's custom flight areas: a
   * block stops the aircraft short of the boundary (its dock then sends it home).
   */
  guard: ((from: AirPoint, to: AirPoint) => AreaBlock | null) | null = null;
  readonly camera: SimCamera;
  private lowBatteryReported = false;

  constructor(
    readonly client: DeviceClient,
    readonly home: DroneHome,
    readonly model: { type: number; subType: number },
    payloadIndex: string,
    battery: number,
  ) {
    this.position = { latitude: home.latitude, longitude: home.longitude, elevation: 0 };
    this.battery = clamp(battery, 0, 100);
    this.camera = new SimCamera(payloadIndex);
  }

  get sn(): string {
    return this.client.sn;
  }

  get airborne(): boolean {
    return !this.inDock && isAirborneMode(this.mode);
  }

  /** Start a new flight record: a new track, the aircraft leaves the dock. */
  beginFlight(): void {
    this.trackId = randomUUID();
    this.inDock = false;
    this.lowBatteryReported = false;
  }

  /** Fly `legs`; replaces the current mission. */
  fly(kind: MissionKind, legs: Leg[], job: FlightJob | null, mode: number): Mission {
    let from = this.position;
    let total = 0;
    for (const leg of legs) {
      total += distanceM(from, leg.target) + Math.abs(leg.target.elevation - from.elevation);
      from = leg.target;
    }
    this.mission = { kind, legs, leg: 0, paused: false, job, total, done: 0, hold: 0 };
    this.mode = mode;
    return this.mission;
  }

  /** Stop where it is and hover (manual mode). */
  hover(): void {
    this.mission = null;
    this.horizontalSpeed = 0;
    this.verticalSpeed = 0;
    if (this.airborne) this.mode = DRONE_MODE.MANUAL;
  }

  /** The legs home: up to the return height, over the dock, straight down. */
  homeLegs(returnHeight: number, speed: number): Leg[] {
    const height = Math.max(this.position.elevation, returnHeight);
    const above = { latitude: this.home.latitude, longitude: this.home.longitude, elevation: height };
    return [
      {
        target: { ...this.position, elevation: height },
        speed,
        climbRate: FLIGHT.climbRate,
        verticalFirst: true,
      },
      { target: above, speed, climbRate: FLIGHT.climbRate },
      { target: { ...above, elevation: 0 }, speed, climbRate: FLIGHT.descentRate, verticalFirst: true },
    ];
  }

  /** Advance `dtSec` simulated seconds: camera, battery, the mission's motion. */
  step(dtSec: number): DroneStep {
    this.camera.step(dtSec);
    if (!this.powered) return null;
    if (!this.airborne) {
      this.horizontalSpeed = 0;
      this.verticalSpeed = 0;
      return null;
    }
    this.totalFlightTime += dtSec;
    this.battery = clamp(this.battery - FLIGHT.drainPerSecond * dtSec, 0, 100);
    const mission = this.mission;
    if (!mission || mission.paused || mission.hold > 0) {
      if (mission && !mission.paused) mission.hold = Math.max(0, mission.hold - dtSec);
      this.horizontalSpeed = 0;
      this.verticalSpeed = 0;
      return this.lowBattery();
    }
    const leg = mission.legs[mission.leg]!;
    const lastLeg = mission.leg === mission.legs.length - 1;
    if (mission.kind === 'return_home' && lastLeg) this.mode = DRONE_MODE.LANDING;
    const motion = advance(this.position, this.heading, leg, dtSec);
    const block =
      mission.kind === 'return_home' ? null : (this.guard?.(this.position, motion.position) ?? null);
    if (block) {
      this.totalFlightDistance += distanceM(this.position, block.stop);
      this.position = block.stop;
      this.hover();
      return { kind: 'blocked', mission, block };
    }
    this.position = motion.position;
    this.heading = leg.heading ?? motion.heading;
    this.horizontalSpeed = motion.horizontalSpeed;
    this.verticalSpeed = motion.verticalSpeed;
    this.totalFlightDistance += motion.travelled;
    mission.done = Math.min(
      mission.total,
      mission.done + motion.travelled + Math.abs(motion.verticalSpeed * dtSec),
    );
    if (!motion.arrived) return this.lowBattery() ?? { kind: 'moving', mission };
    if (!lastLeg) {
      mission.leg += 1;
      return leg.waypoint === undefined ? { kind: 'moving', mission } : { kind: 'waypoint', mission, leg };
    }
    mission.done = mission.total;
    this.mission = null;
    this.horizontalSpeed = 0;
    this.verticalSpeed = 0;
    if (mission.kind === 'return_home') {
      this.land();
      return { kind: 'landed' };
    }
    this.mode = DRONE_MODE.MANUAL;
    return { kind: 'arrived', mission };
  }

  /** Percent of the mission flown. */
  static percent(mission: Mission): number {
    return mission.total <= 0 ? 100 : Math.min(100, Math.round((mission.done / mission.total) * 100));
  }

  /** At the return power (or the fixed floor, whichever is higher) the aircraft must head home. */
  private lowBattery(): DroneStep {
    const floor = Math.max(FLIGHT.autoReturnPercent, this.returnHomePower());
    if (this.battery > floor || this.lowBatteryReported) return null;
    if (this.mission?.kind === 'return_home') return null;
    this.lowBatteryReported = true;
    return { kind: 'low_battery' };
  }

  private land(): void {
    this.position = { latitude: this.home.latitude, longitude: this.home.longitude, elevation: 0 };
    this.inDock = true;
    this.mode = DRONE_MODE.IDLE;
    this.trackId = null;
  }

  /** The aircraft powers off: camera off, no mission. */
  powerOff(): void {
    this.powered = false;
    this.mission = null;
    this.camera.powerOff();
  }

  /** Seconds of flight the battery has left. */
  remainFlightTime(): number {
    return Math.round(Math.max(0, this.battery - 10) / FLIGHT.drainPerSecond);
  }

  /** Battery percent needed to come home from here (5 % reserve, a margin for the distance). */
  returnHomePower(): number {
    const distance = distanceM(this.position, this.home);
    const seconds = distance / FLIGHT.defaultSpeed + this.position.elevation / FLIGHT.descentRate;
    return Math.min(100, Math.round(5 + seconds * FLIGHT.drainPerSecond * 1.3));
  }

  osd(windSpeed: number): Record<string, unknown> {
    return {
      latitude: round(this.position.latitude, 7),
      longitude: round(this.position.longitude, 7),
      height: round(this.home.height + this.position.elevation, 1),
      elevation: round(this.position.elevation, 1),
      attitude_head: round(djiHeading(this.heading), 1),
      attitude_pitch: this.horizontalSpeed > 0.5 ? round(-Math.min(25, this.horizontalSpeed * 1.5), 1) : 0,
      attitude_roll: 0,
      horizontal_speed: round(this.horizontalSpeed, 1),
      vertical_speed: round(this.verticalSpeed, 1),
      home_distance: round(distanceM(this.position, this.home), 1),
      battery: {
        capacity_percent: Math.round(this.battery),
        remain_flight_time: this.remainFlightTime(),
        return_home_power: this.returnHomePower(),
        landing_power: 10,
      },
      mode_code: this.mode,
      gear: 1,
      wind_speed: round(windSpeed, 1),
      ...(this.trackId ? { track_id: this.trackId } : {}),
      total_flight_time: Math.round(this.totalFlightTime),
      total_flight_distance: Math.round(this.totalFlightDistance),
      ...this.camera.osd(),
    };
  }
}
