export * from './events.js';
export * from './rooms.js';
