// Written by scripts/areas.mjs from the folders of src/: do not edit.
export * from './auth/index.js';
export * from './common/index.js';
export * from './desk/index.js';
export * from './device/index.js';
export * from './fleet/index.js';
export * from './gis/index.js';
export * from './live/index.js';
export * from './log/index.js';
export * from './project/index.js';
export * from './remote-control/index.js';
export * from './resource/index.js';
export * from './route/index.js';
export * from './system/index.js';
export * from './task/index.js';
export * from './telemetry/index.js';
export * from './user/index.js';
