import { crudMessages } from './crud.js';
import { deptMessages } from './dept.js';
import { deviceMessages } from './device.js';
import { dictMessages } from './dict.js';
import { fleetMessages } from './fleet.js';
import { logMessages } from './log.js';
import { menuMessages } from './menu.js';
import { noticeMessages } from './notice.js';
import { paramMessages } from './param.js';
import { regionMessages } from './region.js';
import { resourceMessages } from './resource.js';
import { roleMessages } from './role.js';
import { tenantMessages } from './tenant.js';
import { userMessages } from './user.js';

/** Every area's messages; keys are `<area>.<name>` so areas never collide. */
export const areaMessages = {
  ...crudMessages,
  ...deptMessages,
  ...deviceMessages,
  ...dictMessages,
  ...fleetMessages,
  ...logMessages,
  ...menuMessages,
  ...noticeMessages,
  ...paramMessages,
  ...regionMessages,
  ...resourceMessages,
  ...roleMessages,
  ...tenantMessages,
  ...userMessages,
};
