export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './dicts.js';
export * from './menus.js';
export * from './messages.js';
export * from './system.js';
export * from './validation.js';
