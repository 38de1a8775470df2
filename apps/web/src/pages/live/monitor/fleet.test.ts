import type { DockOption, OnlineDrone } from '@aos/contract';
import { DRONE_MODE } from '@aos/contract/rules';
import { describe, expect, it } from 'vitest';
import { droneOfDock, fleetEntries, onlineCount, searchFleet } from './fleet';
import { liveDevice } from './fixtures';

const dock = (serialNumber: string, name: string, visible = 1): DockOption => ({
  id: serialNumber.length.toString(),
  tenantId: '000000',
  name,
  serialNumber,
  type: 1,
  modelId: 'dji-dock2',
  deptId: null,
  manufacturerId: null,
  visible,
});
const onlineDrone = (serialNumber: string, name: string, hangarSerialNumber: string | null): OnlineDrone => ({
  id: '9',
  name,
  serialNumber,
  hangarSerialNumber,
  longitude: null,
  latitude: null,
  elevation: null,
  heading: null,
  horizontalSpeed: null,
  batteryPercent: null,
  modeCode: null,
});

describe('live map fleet list', () => {
  it("finds a dock's drone by topology, else by the drone's gateway", () => {
    const drone = liveDevice('D1', 'device', { gatewaySn: 'K1' });
    const byTopology = liveDevice('K1', 'dock', { subDevices: ['D1'] });
    expect(droneOfDock(byTopology, { D1: drone })).toBe(drone);
    expect(droneOfDock(liveDevice('K1', 'dock'), { D1: drone })).toBe(drone);
    expect(droneOfDock(liveDevice('K2', 'dock'), { D1: drone })).toBeNull();
  });

  it('lists registered docks (never heard ones offline), names them, skips hidden ones, adds lone online drones', () => {
    const devices = {
      K1: liveDevice('K1', 'dock', { subDevices: ['D1'] }),
      D1: liveDevice('D1', 'device', { gatewaySn: 'K1', osd: { mode_code: DRONE_MODE.WAYLINE } }),
      K9: liveDevice('K9', 'dock'),
      L1: liveDevice('L1', 'device'),
      L2: liveDevice('L2', 'device', { online: false }),
    };
    const entries = fleetEntries(
      devices,
      [dock('K1', '北岭机库'), dock('K2', '南山机库'), dock('K9', '隐藏机库', 0)],
      [onlineDrone('D1', '巡检一号', 'K1'), onlineDrone('L1', '手飞机', null)],
    );
    expect(entries.map((entry) => [entry.sn, entry.kind, entry.name, entry.status, entry.droneName])).toEqual(
      [
        ['K1', 'dock', '北岭机库', 'flying', '巡检一号'],
        ['L1', 'drone', '手飞机', 'online', '手飞机'],
        ['K2', 'dock', '南山机库', 'offline', null],
      ],
    );
    expect(onlineCount(entries)).toBe(2);
  });

  it('names an unregistered device by its serial number and a drone known only to getOnlineUavList', () => {
    const entries = fleetEntries({ K3: liveDevice('K3', 'dock') }, [], [onlineDrone('D3', '三号', 'K3')]);
    expect(entries[0]).toMatchObject({ name: 'K3', droneSn: 'D3', droneName: '三号', drone: null });
  });

  it('searches names and serial numbers of docks and drones, ignoring case', () => {
    const entries = fleetEntries(
      { K1: liveDevice('K1', 'dock', { subDevices: ['D1'] }), D1: liveDevice('D1', 'device') },
      [dock('K1', 'North dock'), dock('K2', 'South dock')],
      [onlineDrone('D1', 'Inspector', 'K1')],
    );
    expect(searchFleet(entries, 'north').map((entry) => entry.sn)).toEqual(['K1']);
    expect(searchFleet(entries, 'inspect').map((entry) => entry.sn)).toEqual(['K1']);
    expect(searchFleet(entries, 'k2').map((entry) => entry.sn)).toEqual(['K2']);
    expect(searchFleet(entries, '  ')).toHaveLength(2);
    expect(searchFleet(entries, 'nothing')).toEqual([]);
    // and keeps the statuses chosen on the legend (none chosen: all)
    expect(searchFleet(entries, '', new Set(['offline'])).map((entry) => entry.sn)).toEqual(['K2']);
    expect(searchFleet(entries, 'north', new Set(['offline']))).toEqual([]);
    expect(searchFleet(entries, '', new Set(['offline', 'online']))).toHaveLength(2);
    expect(searchFleet(entries, '', new Set())).toHaveLength(2);
  });
});
