import { defineArea, type Services } from '../../area.js';
import { baseStation } from '../../db/schema/index.js';
import basestationRoutes from './basestation.routes.js';
import { BaseStationService } from './basestation.service.js';

declare module '../../area.js' {
  /** the gis area's */
  interface Services {
    baseStations: BaseStationService;
  }
}

/** GIS (spec §7 aos-gisservice): base stations; next airspace, zones, fences, airports and map marks. */
export default defineArea({
  name: 'gis',
  services: (): Pick<Services, 'baseStations'> => ({ baseStations: new BaseStationService() }),
  routes: [basestationRoutes],
  tables: [baseStation],
  permissions: ['basestation'],
});
