import { defineArea, type Services } from '../../area.js';
import { baseStation, gisArea } from '../../db/schema/index.js';
import basestationRoutes from './basestation.routes.js';
import { BaseStationService } from './basestation.service.js';
import { SpatialService } from './spatial/spatial.service.js';

declare module '../../area.js' {
  /** the gis area's */
  interface Services {
    baseStations: BaseStationService;
    /** the spatial index every zone, fence, airspace and airport is put in, and the one spatial query */
    spatial: SpatialService;
  }
}

/**
 * GIS (spec §7 aos-gisservice): base stations, the spatial index and its checks; next airspace, zones, fences,
 * airports and map marks.
 */
export default defineArea({
  name: 'gis',
  services: (): Pick<Services, 'baseStations' | 'spatial'> => ({
    baseStations: new BaseStationService(),
    spatial: new SpatialService(),
  }),
  routes: [basestationRoutes],
  tables: [baseStation, gisArea],
  permissions: ['basestation'],
});
