export * from './enums.js';
export * from './state.js';
export * from './thing-model.js';
export * from './codes.js';
