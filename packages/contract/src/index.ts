/** Everything the server and the simulator use: every area's schemas and rules, and the message catalogue. */
export * from './areas.js';
export * from './messages.js';
