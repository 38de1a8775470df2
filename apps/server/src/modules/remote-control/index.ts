import { defineArea } from '../../area.js';
import type { Platform } from '../../platform.js';
import type { Services } from '../../area.js';
import remoteControlRoutes from './remote-control.routes.js';
import { CommandOutcomes } from './remote-control.outcomes.js';
import { RemoteControlService } from './remote-control.service.js';

function buildServices(
  { deviceLink, live, scheduler, database, config }: Platform,
  { logs }: Services,
): Pick<Services, 'remoteControl' | 'commandOutcomes'> {
  const commandOutcomes = new CommandOutcomes(scheduler, database.db, logs, config.DEVICE_REPLY_TIMEOUT_MS);
  return {
    remoteControl: new RemoteControlService(deviceLink, live, logs, commandOutcomes),
    commandOutcomes,
  };
}

declare module '../../area.js' {
  /** the remote-control area's */
  interface Services {
    remoteControl: RemoteControlService;
    /** each command's outcome in the operation log, also when the server died before the reply */
    commandOutcomes: CommandOutcomes;
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
  jobs: (_scheduler, { commandOutcomes }) => commandOutcomes.define(),
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
