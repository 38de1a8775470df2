import type { Wayline, WaylineFile, WplPlacemark } from '@aos/contract';
import { FLIGHT } from './codes.js';
import type { SimDock } from './dock.js';
import type { WaylinePoint } from './dock-wayline-state.js';
import { distanceM } from './flight.js';
import { clamp } from './random.js';

/** DJI's numeric action parameter `name`, if the action has it. */
function param(action: { params: [string, string][] }, name: string): number | undefined {
  const found = action.params.find(([key]) => key === name);
  const value = found ? Number(found[1]) : NaN;
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The waypoints as the aircraft flies them: the height in the wayline's `executeHeightMode` as metres above
 * the dock (WGS84: the file's ellipsoid height less the dock's; relativeToStartPoint: as written;
 * realTimeFollowSurface: the simulator has no terrain, the ground is level with the dock, so as written),
 * the speed (or the wayline's), the heading of fixed-heading modes, the gimbal pitch, and what its actions
 * do: photos (`takePhoto` at the point, and the photos of a `multipleDistance` / `multipleTiming` group taken
 * as the aircraft passes its points, counted as the route area counts them), recordings, hovers, turns.
 */
export function waylinePoints(dock: SimDock, file: WaylineFile, wayline: Wayline): WaylinePoint[] {
  const homeHeight = dock.config.height ?? 20;
  const placemarks = [...wayline.placemarks].sort((a, b) => a.index - b.index);
  const elevationOf = (p: WplPlacemark) =>
    wayline.executeHeightMode === 'WGS84' ? p.executeHeight - homeHeight : p.executeHeight;
  const globalHeading = file.template.globalWaypointHeadingParam;
  const points: WaylinePoint[] = placemarks.map((p) => {
    const headingParam = p.useGlobalHeadingParam ? globalHeading : (p.waypointHeadingParam ?? globalHeading);
    const fixed =
      headingParam &&
      ['fixed', 'smoothTransition'].includes(headingParam.waypointHeadingMode) &&
      headingParam.waypointHeadingAngle !== undefined;
    return {
      index: p.index,
      waylineId: wayline.waylineId,
      target: { longitude: p.position[0], latitude: p.position[1], elevation: elevationOf(p) },
      speed: clamp(
        (p.useGlobalSpeed ? 0 : p.waypointSpeed) || wayline.autoFlightSpeed || 10,
        1,
        FLIGHT.maxSpeed,
      ),
      ...(fixed ? { heading: (headingParam.waypointHeadingAngle! + 360) % 360 } : {}),
      ...(p.gimbalPitchAngle !== undefined ? { gimbalPitch: p.gimbalPitchAngle } : {}),
      photos: 0,
      recordStart: false,
      recordStop: false,
      hoverS: 0,
    };
  });
  placemarks.forEach((placemark, at) => {
    for (const group of placemark.actionGroups) {
      const trigger = group.actionTrigger;
      if (trigger.actionTriggerType === 'reachPoint') {
        const point = points[at]!;
        for (const action of group.actions) {
          switch (action.actionActuatorFunc) {
            case 'takePhoto':
              point.photos += 1;
              break;
            case 'startRecord':
              point.recordStart = true;
              break;
            case 'stopRecord':
              point.recordStop = true;
              break;
            case 'hover':
              point.hoverS += param(action, 'hoverTime') ?? 0;
              break;
            case 'gimbalRotate': {
              const pitch = param(action, 'gimbalPitchRotateAngle');
              if (pitch !== undefined) point.gimbalPitch = pitch;
              break;
            }
            case 'rotateYaw': {
              const heading = param(action, 'aircraftHeading');
              if (heading !== undefined) point.heading = (heading + 360) % 360;
              break;
            }
          }
        }
        continue;
      }
      const photos = group.actions.filter((action) => action.actionActuatorFunc === 'takePhoto').length;
      const every = trigger.actionTriggerParam ?? 0;
      if (!photos || every <= 0) continue;
      const per =
        trigger.actionTriggerType === 'multipleDistance' ? every : every * (wayline.autoFlightSpeed || 1);
      // photos at 0, per, 2·per … along the group's legs, each counted when the aircraft reaches the point after it
      const start = placemarks.findIndex((p) => p.index === group.actionGroupStartIndex);
      if (start < 0) continue;
      let span = 0;
      let taken = 0;
      for (let i = start; i < placemarks.length; i++) {
        if (i > start) span += distanceM(points[i - 1]!.target, points[i]!.target);
        const due = photos * (Math.floor(span / per) + 1);
        points[i]!.photos += due - taken;
        taken = due;
        if (placemarks[i]!.index >= group.actionGroupEndIndex) break;
      }
    }
  });
  return points;
}

/**
 * Every waypoint of the file as one flight: its waylines one after the other in the file's order (an oblique
 * mapping route's nadir wayline, then its four oblique passes), the aircraft flying straight from the last
 * point of one to the first of the next. Waylines without a waypoint are left out.
 */
export function taskPoints(
  dock: SimDock,
  file: WaylineFile,
): { waylineIds: number[]; points: WaylinePoint[] } {
  const waylines = file.waylines.filter((wayline) => wayline.placemarks.length > 0);
  return {
    waylineIds: waylines.map((wayline) => wayline.waylineId),
    points: waylines.flatMap((wayline) => waylinePoints(dock, file, wayline)),
  };
}
