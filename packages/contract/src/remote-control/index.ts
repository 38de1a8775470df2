export * from './actions.js';
export * from './commands.js';
export * from './events.js';
