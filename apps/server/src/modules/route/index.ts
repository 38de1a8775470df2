import { defineArea, type Services } from '../../area.js';
import { routeLine, routeRecordTask } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import routeCheckRoutes from './check.routes.js';
import recordTaskRoutes from './record.routes.js';
import { RecordTaskService } from './record.service.js';
import { RouteCheckService } from './check.service.js';
import routeLineRoutes from './route.routes.js';
import { RouteService } from './route.service.js';

declare module '../../area.js' {
  /** the route area's */
  interface Services {
    /** routes: designs planned and written as DJI KMZ, imported files, exports */
    routes: RouteService;
    /** the checks before saving and before flying: zones, airspace, height limit, dock reach, endurance */
    routeChecks: RouteCheckService;
    /** record tasks: a hand-flown drone's path made a waypoint route */
    recordTasks: RecordTaskService;
  }
}

function buildServices(
  platform: Platform,
  services: Services,
): Pick<Services, 'routes' | 'routeChecks' | 'recordTasks'> {
  const routeChecks = new RouteCheckService(services.areaChecks, services.airspaces, platform.live);
  const routes = new RouteService(services.files, routeChecks);
  return { routes, routeChecks, recordTasks: new RecordTaskService(routes, services.telemetryWriter) };
}

/**
 * Routes (spec §3 Route, §7 aos-gisservice routemanageline; docs/route.md): waypoint, area, oblique and strip
 * routes planned with the contract's planners and written as DJI KMZ (wpml/), imported KMZ/KML/GeoJSON files,
 * exports, copies and the public flag; record tasks (recordtask: a hand-flown drone's telemetry made a route).
 */
export default defineArea({
  name: 'route',
  needs: ['resource', 'gis', 'telemetry'],
  services: buildServices,
  routes: [routeLineRoutes, routeCheckRoutes, recordTaskRoutes],
  tables: [routeLine, routeRecordTask],
  permissions: ['route'],
});
