import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { DeviceLinkEvents, DeviceRef } from './events.js';
import { LinkPresence } from './presence.js';

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
  return { presence: new LinkPresence(events, 1000), log };
}

describe('link presence', () => {
  it('follows the topology: sub-devices online behind their gateway, offline when dropped', () => {
    const { presence, log } = setup();
    presence.topology(dock, { domain: 3, type: 2, subType: 0 }, [{ device: drone, model }], 0);
    presence.topology(dock, { domain: 3, type: 2, subType: 0 }, [{ device: drone, model }], 10);
    expect(log).toEqual(['online DOCK -', 'online DRONE DOCK']);
    expect(presence.gatewayOf('DRONE')).toBe('DOCK');
    expect(presence.gatewayOf('DOCK')).toBe('DOCK');
    presence.topology(dock, { domain: 3, type: 2, subType: 0 }, [], 20);
    expect(log.at(-1)).toBe('offline DRONE topology');
    expect(presence.isOnline('DOCK')).toBe(true);
    expect(presence.get('DOCK')?.subDevices).toEqual([]);
  });

  it('takes silent devices offline on the sweep, and a gateway takes its sub-devices along', () => {
    const { presence, log } = setup();
    presence.topology(dock, { domain: 3, type: 2, subType: 0 }, [{ device: drone, model }], 0);
    presence.sweep(1000);
    expect(presence.isOnline('DOCK')).toBe(true);
    presence.sweep(1001);
    expect(log.slice(2)).toEqual(['offline DOCK timeout', 'offline DRONE gateway']);
    presence.sweep(5000);
    expect(log).toHaveLength(4);
  });

  it('goes offline once on disconnect and online again on the next message', () => {
    const { presence, log } = setup();
    presence.seen(dock, 0);
    presence.disconnected('DOCK');
    presence.disconnected('DOCK');
    presence.disconnected('NOBODY');
    presence.seen(dock, 5);
    expect(log).toEqual(['online DOCK -', 'offline DOCK disconnect', 'online DOCK -']);
  });

  it('lists the devices of one tenant', () => {
    const { presence } = setup();
    presence.seen(dock, 0);
    presence.seen({ ...drone, tenantId: '800001' }, 0);
    expect(presence.list('000000').map((live) => live.device.serialNumber)).toEqual(['DOCK']);
    expect(presence.list()).toHaveLength(2);
  });
});
