import type { LiveDevice } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { dockTelemetry, formatKilobytes, formatNumber } from './dock-telemetry';

function device(sn: string, osd: LiveDevice['osd'], online = true): LiveDevice {
  return {
    sn,
    kind: sn.startsWith('D') ? 'dock' : 'device',
    ownerId: '1',
    tenantId: '000000',
    online,
    lastSeen: 1,
    gatewaySn: null,
    subDevices: [],
    osd,
    osdAt: 1,
    state: {},
    stateAt: null,
    jobs: [],
  };
}

describe('dock telemetry', () => {
  it('reads every field of spec §3 Hangar from the dock OSD', () => {
    const dock = device('DOCK1', {
      temperature: 24.5,
      humidity: 61,
      environment_temperature: 18,
      wind_speed: 3.2,
      rainfall: 2,
      flood_state: 1,
      supplement_light_state: 0,
      drone_battery_temperature: 27,
      job_number: 42,
      network_state: { type: 2, quality: 4, rate: 1200 },
      storage: { total: 1048576, used: 524288 },
      drone_charge_state: { state: 1, capacity_percent: 66 },
    });
    expect(dockTelemetry(dock)).toEqual({
      cabinTemperature: 24.5,
      cabinHumidity: 61,
      ambientTemperature: 18,
      windSpeed: 3.2,
      rainfall: 2,
      flooded: true,
      lightOn: false,
      batteryTemperature: 27,
      chargeCount: 42,
      network: { type: 2, quality: 4, rate: 1200 },
      storage: { total: 1048576, used: 524288 },
      droneBattery: 66,
      droneCharging: true,
    });
  });

  it('answers null for what the dock never reported, not zero', () => {
    const reading = dockTelemetry(device('DOCK1', { temperature: 'hot' }));
    expect(reading.cabinTemperature).toBeNull();
    expect(reading.flooded).toBeNull();
    expect(reading.network).toBeNull();
    expect(reading.storage).toBeNull();
    expect(reading.droneBattery).toBeNull();
  });

  it("prefers the powered drone's own battery to the dock's view of it", () => {
    const dock = device('DOCK1', { drone_charge_state: { state: 0, capacity_percent: 50 } });
    const drone = device('UAV1', { battery: { capacity_percent: 48 } });
    expect(dockTelemetry(dock, drone).droneBattery).toBe(48);
    expect(dockTelemetry(dock, { ...drone, online: false }).droneBattery).toBe(50);
  });
});

describe('formatting', () => {
  it('shows sizes in the largest fitting unit', () => {
    expect(formatKilobytes(512)).toBe('512 KB');
    expect(formatKilobytes(1536)).toBe('1.5 MB');
    expect(formatKilobytes(300 * 1024 * 1024)).toBe('300 GB');
  });

  it('keeps one decimal at most', () => {
    expect(formatNumber(3.26)).toBe('3.3');
    expect(formatNumber(4)).toBe('4');
  });
});
