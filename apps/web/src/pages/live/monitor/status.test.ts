import { DOCK_MODE, DRONE_MODE } from '@aos/contract/rules';
import { describe, expect, it } from 'vitest';
import { liveDevice } from './fixtures';
import {
  STATUS_COLORS,
  dockAlarms,
  dockStatus,
  droneBattery,
  droneStatus,
  headingOf,
  mostUrgent,
  passes,
  positionOf,
  toggleStatus,
} from './status';

const flying = (battery: number) =>
  liveDevice('D1', 'device', {
    gatewaySn: 'K1',
    osd: { mode_code: DRONE_MODE.WAYLINE, battery: { capacity_percent: battery } },
  });

describe('live map status', () => {
  it('gives every status its own colour', () => {
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(Object.keys(STATUS_COLORS).length);
  });

  it('calls an offline dock offline whatever it reported last, with no alarms', () => {
    const dock = liveDevice('K1', 'dock', {
      online: false,
      osd: { flood_state: 1, mode_code: DOCK_MODE.WORKING },
    });
    expect(dockStatus(dock)).toBe('offline');
    expect(dockAlarms(dock)).toEqual([]);
  });

  it('raises flooding, emergency stop, an abnormal hatch and heavy rain as alarms', () => {
    const dock = liveDevice('K1', 'dock', {
      osd: { flood_state: 1, emergency_stop_state: 1, cover_state: 3, rainfall: 3 },
    });
    expect(dockAlarms(dock)).toEqual(['flooded', 'emergencyStop', 'hatchAbnormal', 'heavyRain']);
    expect(dockStatus(dock)).toBe('alarm');
    expect(dockStatus(liveDevice('K1', 'dock', { osd: { rainfall: 2, flood_state: 0 } }))).toBe('online');
  });

  it('says a dock is flying while its drone is airborne, working during a flight task, online otherwise', () => {
    const dock = liveDevice('K1', 'dock', { osd: { mode_code: DOCK_MODE.IDLE } });
    expect(dockStatus(dock, flying(80))).toBe('flying');
    expect(dockStatus(liveDevice('K1', 'dock', { osd: { mode_code: DOCK_MODE.WORKING } }))).toBe('working');
    expect(dockStatus(dock, liveDevice('D1', 'device', { osd: { mode_code: DRONE_MODE.IDLE } }))).toBe(
      'online',
    );
  });

  it('alarms on a low battery in the air only (on the ground the drone charges)', () => {
    expect(droneStatus(flying(18))).toBe('alarm');
    expect(droneStatus(flying(60))).toBe('flying');
    const grounded = liveDevice('D1', 'device', {
      osd: { mode_code: DRONE_MODE.IDLE, battery: { capacity_percent: 10 } },
    });
    expect(droneStatus(grounded)).toBe('online');
    expect(dockAlarms(liveDevice('K1', 'dock'), flying(18))).toEqual(['lowBattery']);
    expect(droneStatus({ ...flying(18), online: false })).toBe('offline');
  });

  it("reads the drone's battery from itself, else from its dock's charge state", () => {
    const dock = liveDevice('K1', 'dock', {
      osd: { drone_charge_state: { state: 1, capacity_percent: 64 } },
    });
    expect(droneBattery(flying(55), dock)).toBe(55);
    expect(droneBattery({ ...flying(55), online: false }, dock)).toBe(64);
    expect(droneBattery(null, dock)).toBe(64);
    expect(droneBattery(null, null)).toBeNull();
  });

  it('ignores 0,0 and out-of-range positions and reads the heading', () => {
    expect(positionOf(liveDevice('D', 'device', { osd: { longitude: 0, latitude: 0 } }))).toBeNull();
    expect(positionOf(liveDevice('D', 'device', { osd: { longitude: 200, latitude: 10 } }))).toBeNull();
    expect(positionOf(liveDevice('D', 'device', { osd: { longitude: 113.9, latitude: 22.5 } }))).toEqual([
      113.9, 22.5,
    ]);
    expect(headingOf(liveDevice('D', 'device', { osd: { attitude_head: -90 } }))).toBe(-90);
    expect(headingOf(liveDevice('D', 'device'))).toBe(0);
  });

  it('filters by the statuses chosen on the legend, toggling each, none chosen showing all', () => {
    const alarms = toggleStatus(new Set(), 'alarm');
    expect([...alarms]).toEqual(['alarm']);
    expect(passes(alarms, 'alarm')).toBe(true);
    expect(passes(alarms, 'online')).toBe(false);
    const both = toggleStatus(alarms, 'flying');
    expect([...both].sort()).toEqual(['alarm', 'flying']);
    expect([...alarms]).toEqual(['alarm']); // the filter given is not changed
    const none = toggleStatus(toggleStatus(both, 'alarm'), 'flying');
    expect(none.size).toBe(0);
    expect(passes(none, 'offline')).toBe(true);
  });

  it('gives a cluster of docks the status that needs attention first', () => {
    expect(mostUrgent(['online', 'alarm', 'offline', 'flying'])).toBe('alarm');
    expect(mostUrgent(['online', 'working', 'flying'])).toBe('flying');
    expect(mostUrgent(['offline', 'online'])).toBe('online');
    expect(mostUrgent(['offline', 'offline'])).toBe('offline');
    expect(mostUrgent([])).toBe('offline');
  });
});
