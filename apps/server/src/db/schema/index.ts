// The one schema object handed to Drizzle and drizzle-kit: every table of every area.
export * from './auth.js';
export * from './system.js';
