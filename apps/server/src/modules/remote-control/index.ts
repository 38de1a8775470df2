import { defineArea } from '../../area.js';
import type { Platform } from '../../platform.js';
import type { Services } from '../../area.js';
import remoteControlRoutes from './remote-control.routes.js';
import { RemoteControlService } from './remote-control.service.js';

function buildServices({ deviceLink, live }: Platform, { logs }: Services): Pick<Services, 'remoteControl'> {
  return { remoteControl: new RemoteControlService(deviceLink, live, logs) };
}

declare module '../../area.js' {
  /** the remote-control area's */
  interface Services {
    remoteControl: RemoteControlService;
  }
}

/**
 * Remote control (spec §7 hangarControl, vtolHangarControl, uavControl, podControl): commands to docks,
 * drones and payloads over the device link, checked against their live state first.
 */
export default defineArea({
  name: 'remote-control',
  needs: ['log'],
  services: buildServices,
  routes: [remoteControlRoutes],
  permissions: [
    'remote_control',
    'hangar_control',
    'remote_hangar_control',
    'uav_control',
    'pod_control',
    'device_control',
  ],
});
