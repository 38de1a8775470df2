export * from './base-station.js';
export * from './geometry.js';
export * from './areas.js';
export * from './zone.js';
export * from './flight-areas.js';
export * from './events.js';
export * from './airspace.js';
export * from './airport.js';
