export * from './enums.js';
export * from './state.js';
export * from './thing-model.js';
