import { deptMessages } from './dept.messages.js';
import { dictMessages } from './dict.messages.js';
import { menuMessages } from './menu.messages.js';
import { paramMessages } from './param.messages.js';
import { postMessages } from './post.messages.js';
import { regionMessages } from './region.messages.js';
import { roleMessages } from './role.messages.js';
import { tenantMessages } from './tenant.messages.js';

/** The system area's messages: one file per resource, so edits to one resource stay apart. */
export const messages = {
  ...deptMessages,
  ...dictMessages,
  ...menuMessages,
  ...paramMessages,
  ...postMessages,
  ...regionMessages,
  ...roleMessages,
  ...tenantMessages,
};
