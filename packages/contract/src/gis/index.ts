export * from './base-station.js';
export * from './geometry.js';
export * from './areas.js';
export * from './zone.js';
export * from './map.js';
export * from './oil.js';
