/**
 * Tasks (issue 17): the status machine, schedules read in a dock's own time zone, and the API's task,
 * execution and timeline records. Pure: the console previews a schedule's flights with the same functions the
 * server creates them with.
 */
export * from './status.js';
export * from './schedule.js';
export * from './task.js';
export * from './api.js';
