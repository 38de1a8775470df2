import { defineArea, type Services } from '../../area.js';
import { baseStation, fence, flyZone, gisArea, noFlyZone } from '../../db/schema/index.js';
import { AreaCheckService } from './area-check.service.js';
import areaQueryRoutes from './area-query.routes.js';
import basestationRoutes from './basestation.routes.js';
import { BaseStationService } from './basestation.service.js';
import { SpatialService } from './spatial/spatial.service.js';
import zoneRoutes from './zone.routes.js';
import { FenceService, FlyZoneService, NoFlyZoneService } from './zone.service.js';

declare module '../../area.js' {
  /** the gis area's */
  interface Services {
    baseStations: BaseStationService;
    /** the spatial index every zone, fence, airspace and airport is put in, and the one spatial query */
    spatial: SpatialService;
    noFlyZones: NoFlyZoneService;
    flyZones: FlyZoneService;
    fences: FenceService;
    /** areaQuery, geoPage and the flight check (restricted and keep-in areas, the no-fly authority) */
    areaChecks: AreaCheckService;
  }
}

type GisServices = 'baseStations' | 'spatial' | 'noFlyZones' | 'flyZones' | 'fences' | 'areaChecks';

/**
 * GIS (spec §7 aos-gisservice, cloud-task forbidden-fly-area): base stations, no-fly zones, fly zones,
 * electronic fences, the spatial index and its checks; next airspace, airports and map marks.
 */
export default defineArea({
  name: 'gis',
  services: (): Pick<Services, GisServices> => {
    const spatial = new SpatialService();
    return {
      baseStations: new BaseStationService(),
      spatial,
      noFlyZones: new NoFlyZoneService(spatial),
      flyZones: new FlyZoneService(spatial),
      fences: new FenceService(spatial),
      areaChecks: new AreaCheckService(spatial),
    };
  },
  routes: [basestationRoutes, zoneRoutes, areaQueryRoutes],
  tables: [baseStation, gisArea, noFlyZone, flyZone, fence],
  permissions: ['basestation', 'noflyzone', 'flyzone', 'fence'],
});
