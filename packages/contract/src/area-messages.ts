// Written by scripts/areas.mjs from the folders of src/: do not edit.
import { messages as auth } from './auth/messages.js';
import { messages as common } from './common/messages.js';
import { messages as desk } from './desk/messages.js';
import { messages as device } from './device/messages.js';
import { messages as fleet } from './fleet/messages.js';
import { messages as gis } from './gis/messages.js';
import { messages as log } from './log/messages.js';
import { messages as remoteControl } from './remote-control/messages.js';
import { messages as resource } from './resource/messages.js';
import { messages as route } from './route/messages.js';
import { messages as system } from './system/messages.js';
import { messages as task } from './task/messages.js';
import { messages as user } from './user/messages.js';

/** Every area's messages; keys are `<namespace>.<name>`, and no two areas share a key. */
export const areaMessages = {
  ...auth,
  ...common,
  ...desk,
  ...device,
  ...fleet,
  ...gis,
  ...log,
  ...remoteControl,
  ...resource,
  ...route,
  ...system,
  ...task,
  ...user,
};
