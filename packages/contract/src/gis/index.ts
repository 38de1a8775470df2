export * from './base-station.js';
