export * from './notice.js';
