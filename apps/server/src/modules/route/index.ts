import { defineArea, type Services } from '../../area.js';
import { routeLine } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import routeCheckRoutes from './check.routes.js';
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
  }
}

function buildServices(platform: Platform, services: Services): Pick<Services, 'routes' | 'routeChecks'> {
  const routeChecks = new RouteCheckService(services.areaChecks, services.airspaces, platform.live);
  return { routes: new RouteService(services.files, routeChecks), routeChecks };
}

/**
 * Routes (spec §3 Route, §7 aos-gisservice routemanageline; docs/route.md): waypoint, area, oblique and strip
 * routes planned with the contract's planners and written as DJI KMZ (wpml/), imported KMZ/KML/GeoJSON files,
 * exports, copies and the public flag.
 */
export default defineArea({
  name: 'route',
  needs: ['resource', 'gis'],
  services: buildServices,
  routes: [routeLineRoutes, routeCheckRoutes],
  tables: [routeLine],
  permissions: ['route'],
});
