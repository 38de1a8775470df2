export * from './actions.js';
export * from './commands.js';
