export * from './auth.js';
export * from './events.js';
