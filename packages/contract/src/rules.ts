/**
 * The rules of spec §5 as plain functions, with the constants of §9: no zod, no seed data, so the console
 * bundles only this (`@aos/contract/rules`). The zod schemas of each area are built on these.
 */
export * from './common/constants.js';
export * from './common/rules.js';
export * from './fleet/device-rules.js';
export * from './device/enums.js';
export * from './live/rooms.js';
export * from './remote-control/actions.js';
