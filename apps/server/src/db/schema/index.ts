// The one schema object handed to Drizzle and drizzle-kit: every table of every area.
export * from './auth.js';
export * from './desk.js';
export * from './fleet.js';
export * from './log.js';
export * from './resource.js';
export * from './region.js';
export * from './system.js';
export * from './telemetry.js';
export * from './user-log.js';
export * from './gis.js';
export * from './gis-dock-sync.js';
export * from './airspace.js';
export * from './gis-map.js';
export * from './gis-zone.js';
export * from './route.js';
export * from './project.js';
export * from './task.js';
