import type { LiveDevice, LiveJob } from '@aos/contract';

/** A live device for tests: online, nothing reported unless given. */
export function liveDevice(
  sn: string,
  kind: LiveDevice['kind'],
  extra: Partial<LiveDevice> = {},
): LiveDevice {
  return {
    sn,
    kind,
    ownerId: '1',
    tenantId: '000000',
    online: true,
    lastSeen: 1,
    gatewaySn: null,
    subDevices: [],
    osd: {},
    osdAt: null,
    state: {},
    stateAt: null,
    jobs: [] as LiveJob[],
    ...extra,
  };
}
