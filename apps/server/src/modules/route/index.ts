import { defineArea, type Services } from '../../area.js';
import { routeLine } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import routeLineRoutes from './route.routes.js';
import { RouteService } from './route.service.js';

declare module '../../area.js' {
  /** the route area's */
  interface Services {
    /** routes: designs planned and written as DJI KMZ, imported files, exports */
    routes: RouteService;
  }
}

function buildServices(_platform: Platform, services: Services): Pick<Services, 'routes'> {
  return { routes: new RouteService(services.files) };
}

/**
 * Routes (spec §3 Route, §7 aos-gisservice routemanageline; docs/route.md): waypoint, area, oblique and strip
 * routes planned with the contract's planners and written as DJI KMZ (wpml/), imported KMZ/KML/GeoJSON files,
 * exports, copies and the public flag.
 */
export default defineArea({
  name: 'route',
  needs: ['resource'],
  services: buildServices,
  routes: [routeLineRoutes],
  tables: [routeLine],
  permissions: ['route'],
});
