export * from './telemetry.js';
