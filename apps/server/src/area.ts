import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { EventBus } from './events/bus.js';
import type { Platform } from './platform.js';
import type { Scheduler } from './scheduler/scheduler.js';

/**
 * Every area's services, by name, as `app.services` has them. Each area adds its own from its `index.ts` by
 * declaration merging, so nothing central lists them:
 *
 *   declare module '../../area.js' {
 *     interface Services extends ReturnType<typeof buildServices> {}
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each area's index.ts
export interface Services {}

/**
 * A functional area of the platform (docs/glossary.md): one folder `modules/<area>/` whose `index.ts`
 * default-exports this. The app finds the folders itself (areas.ts): adding an area is adding its folder.
 */
export interface Area {
  /** the folder's name */
  name: string;
  /** areas whose services this one's services use: they are built first */
  needs?: readonly string[];
  /** the area's services, built once per app from the platform and the services built before it */
  services?: (platform: Platform, services: Services) => object;
  /** listen to other areas' domain events and the platform's (the device link), once every service exists */
  subscribe?: (events: EventBus, services: Services, platform: Platform) => void;
  /**
   * Define the area's jobs and timers on the scheduler (`platform.scheduler`), once every service exists; the
   * scheduler starts when the app is ready, after every area defined its jobs.
   */
  jobs?: (scheduler: Scheduler, services: Services, platform: Platform) => Promise<void> | void;
  /** the area's HTTP routes: Fastify plugins, registered after the platform's plugins */
  routes?: readonly FastifyPluginAsync[];
  /** the tables it owns (`db/schema`): every table belongs to exactly one area */
  tables?: readonly PgTable[];
  /**
   * the permission codes its routes may declare (menu and button codes of MENUS.md); a route of the area
   * that names another code fails the app's start
   */
  permissions?: readonly string[];
  /**
   * Work that runs while the app runs (timers, subscriptions, the demo fleet), started once the app is ready.
   * What it answers, if anything, stops that work: stoppers run in reverse order of the areas when the app
   * closes, before the database closes.
   */
  start?: (app: FastifyInstance) => Promise<Stop | void> | Stop | void;
  /** closes what the area's services hold (buffers to write, timers), whether or not the app was started */
  stop?: (app: FastifyInstance) => Promise<void> | void;
}

export type Stop = () => Promise<void> | void;

/** Types an area's definition (a helper for each `index.ts`). */
export function defineArea(area: Area): Area {
  return area;
}
