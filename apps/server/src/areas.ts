import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Area, Services, Stop } from './area.js';
import type { Platform } from './platform.js';

const MODULES = fileURLToPath(new URL('./modules/', import.meta.url));

/**
 * Every area under `modules/`: each folder with an `index.ts` (or, built, `index.js`) default-exporting its
 * definition. Ordered so an area comes after those it `needs`; refuses an unknown need or a cycle.
 */
export async function loadAreas(folder = MODULES): Promise<Area[]> {
  const found: Area[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!entry.isDirectory()) continue;
    const index = ['index.js', 'index.ts']
      .map((name) => `${folder}${entry.name}/${name}`)
      .find((file) => existsSync(file));
    if (!index) continue;
    const area = ((await import(pathToFileURL(index).href)) as { default?: Area }).default;
    if (!area || area.name !== entry.name) {
      throw new Error(`modules/${entry.name}/index: its default export must be the area "${entry.name}"`);
    }
    found.push(area);
  }
  return orderAreas(found);
}

/** Areas in an order where each comes after the areas it needs (otherwise by name). */
export function orderAreas(areas: Area[]): Area[] {
  const byName = new Map(areas.map((area) => [area.name, area]));
  const ordered: Area[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (area: Area, path: string[]) => {
    if (state.get(area.name) === 'done') return;
    if (state.get(area.name) === 'visiting') {
      throw new Error(`areas need each other: ${[...path, area.name].join(' → ')}`);
    }
    state.set(area.name, 'visiting');
    for (const need of area.needs ?? []) {
      const needed = byName.get(need);
      if (!needed) throw new Error(`area ${area.name} needs an area that does not exist: ${need}`);
      visit(needed, [...path, area.name]);
    }
    state.set(area.name, 'done');
    ordered.push(area);
  };
  for (const area of areas) visit(area, []);
  return ordered;
}

/** Every area's services in one object (`app.services`), then every area's event subscriptions. */
export function buildServices(areas: Area[], platform: Platform): Services {
  const services = {} as Record<string, unknown>;
  for (const area of areas) {
    const built = area.services?.(platform, services as unknown as Services) ?? {};
    for (const [name, service] of Object.entries(built)) {
      if (name in services) throw new Error(`area ${area.name}: a service named "${name}" exists already`);
      services[name] = service;
    }
  }
  for (const area of areas) area.subscribe?.(platform.events, services as unknown as Services, platform);
  return services as unknown as Services;
}

/**
 * Register each area's routes, each area in a plugin of its own that checks, as each route is added, that
 * the permission it declares is one of the area's codes (or a button code under one of them).
 */
export async function registerRoutes(app: FastifyInstance, areas: Area[]): Promise<void> {
  for (const area of areas) {
    if (!area.routes?.length) continue;
    await app.register(async (scoped) => {
      scoped.addHook('onRoute', (route) => {
        const permission = route.config?.permission;
        if (typeof permission !== 'string' || permission === 'public' || permission === 'authenticated')
          return;
        if (!ownsPermission(area, permission)) {
          throw new Error(
            `area ${area.name}: ${route.method} ${route.url} needs "${permission}", not a code of the area ` +
              `(${(area.permissions ?? []).join(', ') || 'none declared'})`,
          );
        }
      });
      for (const routes of area.routes ?? []) await scoped.register(routes);
    });
  }
}

/** `code` is one of the area's permission codes, or a button code `<code>_<action>` of one of them. */
export function ownsPermission(area: Area, code: string): boolean {
  return (area.permissions ?? []).some((own) => code === own || code.startsWith(`${own}_`));
}

/** Every area's jobs and timers, defined before the scheduler starts. */
export async function defineJobs(areas: Area[], services: Services, platform: Platform): Promise<void> {
  for (const area of areas) await area.jobs?.(platform.scheduler, services, platform);
}

/**
 * Once the app is ready: start the scheduler, then each area's work. When it closes: stop the scheduler
 * (running jobs finish), then each area's work in reverse order, then what each area's services hold; all
 * before the database closes.
 */
export function runAreas(app: FastifyInstance, areas: Area[]): void {
  const { scheduler } = app.platform;
  const stoppers: Stop[] = [];
  app.addHook('onReady', async () => {
    await scheduler.start();
    for (const area of areas) {
      const stop = await area.start?.(app);
      if (stop) stoppers.push(stop);
    }
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    for (const stop of stoppers.reverse()) await stop();
    for (const area of [...areas].reverse()) await area.stop?.(app);
  });
}
