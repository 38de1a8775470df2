import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { DeviceLinkEvents, DeviceRef } from './events.js';
import { DeviceRegistry } from './registry.js';

const dock: DeviceRef = { tenantId: '000000', serialNumber: 'DOCK', kind: 'dock', ownerId: '1' };
const drone: DeviceRef = { tenantId: '000000', serialNumber: 'DRONE', kind: 'device', ownerId: '2' };
const model = { domain: 0, type: 91, subType: 1 };

function setup() {
  const events = new EventEmitter<DeviceLinkEvents>();
  const log: string[] = [];
  events.on('online', ({ device, gatewaySn }) =>
    log.push(`online ${device.serialNumber} ${gatewaySn ?? '-'}`),
  );
  events.on('offline', ({ device, reason }) => log.push(`offline ${device.serialNumber} ${reason}`));
  return { registry: new DeviceRegistry(events, 1000), log };
}

describe('device registry', () => {
  it('follows the topology: sub-devices online behind their gateway, offline when dropped', () => {
    const { registry, log } = setup();
    registry.topology(dock, { domain: 3, type: 2, subType: 0 }, [{ device: drone, model }], 0);
    registry.topology(dock, { domain: 3, type: 2, subType: 0 }, [{ device: drone, model }], 10);
    expect(log).toEqual(['online DOCK -', 'online DRONE DOCK']);
    expect(registry.gatewayOf('DRONE')).toBe('DOCK');
    expect(registry.gatewayOf('DOCK')).toBe('DOCK');
    registry.topology(dock, { domain: 3, type: 2, subType: 0 }, [], 20);
    expect(log.at(-1)).toBe('offline DRONE topology');
    expect(registry.isOnline('DOCK')).toBe(true);
    expect(registry.get('DOCK')?.subDevices).toEqual([]);
  });

  it('takes silent devices offline on the sweep, and a gateway takes its sub-devices along', () => {
    const { registry, log } = setup();
    registry.topology(dock, { domain: 3, type: 2, subType: 0 }, [{ device: drone, model }], 0);
    registry.sweep(1000);
    expect(registry.isOnline('DOCK')).toBe(true);
    registry.sweep(1001);
    expect(log.slice(2)).toEqual(['offline DOCK timeout', 'offline DRONE gateway']);
    registry.sweep(5000);
    expect(log).toHaveLength(4);
  });

  it('goes offline once on disconnect and online again on the next message', () => {
    const { registry, log } = setup();
    registry.seen(dock, 0);
    registry.disconnected('DOCK');
    registry.disconnected('DOCK');
    registry.disconnected('NOBODY');
    registry.seen(dock, 5);
    expect(log).toEqual(['online DOCK -', 'offline DOCK disconnect', 'online DOCK -']);
  });

  it('merges partial OSD and state messages and keeps them while offline', () => {
    const { registry } = setup();
    registry.recordOsd(dock, { cover_state: 0, temperature: 20 }, 0);
    registry.recordOsd(dock, { cover_state: 1 }, 1);
    registry.recordState(dock, { firmware_version: '1' }, 2);
    registry.sweep(5000);
    expect(registry.get('DOCK')).toMatchObject({
      online: false,
      osd: { cover_state: 1, temperature: 20 },
      osdAt: 1,
      state: { firmware_version: '1' },
      stateAt: 2,
    });
  });

  it('lists the devices of one tenant', () => {
    const { registry } = setup();
    registry.seen(dock, 0);
    registry.seen({ ...drone, tenantId: '800001' }, 0);
    expect(registry.list('000000').map((live) => live.device.serialNumber)).toEqual(['DOCK']);
    expect(registry.list()).toHaveLength(2);
  });
});
