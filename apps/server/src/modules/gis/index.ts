import { defineArea, type Services } from '../../area.js';
import { baseStation, gisArea, gisDockAreaSync } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import basestationRoutes from './basestation.routes.js';
import { BaseStationService } from './basestation.service.js';
import flightAreaRoutes from './flight-areas.routes.js';
import { FlightAreaSync } from './flight-areas/flight-area-sync.service.js';
import { SpatialService } from './spatial/spatial.service.js';

declare module '../../area.js' {
  /** the gis area's */
  interface Services {
    baseStations: BaseStationService;
    /** the spatial index every zone, fence, airspace and airport is put in, and the one spatial query */
    spatial: SpatialService;
    /** the docks' custom flight areas: sync over the device link, the file, each dock's sync progress */
    flightAreas: FlightAreaSync;
  }
}

function buildServices({
  database,
  events,
  deviceLink,
  live,
  config,
}: Platform): Pick<Services, 'baseStations' | 'spatial' | 'flightAreas'> {
  return {
    baseStations: new BaseStationService(),
    spatial: new SpatialService(events),
    flightAreas: new FlightAreaSync({
      db: database.db,
      link: deviceLink,
      live,
      secret: config.JWT_SECRET,
      publicUrl: config.PUBLIC_URL ?? '',
    }),
  };
}

/**
 * GIS (spec §7 aos-gisservice): base stations, the spatial index and its checks, the docks' custom flight
 * areas (flight-areas/); next airspace, zones, fences, airports and map marks.
 */
export default defineArea({
  name: 'gis',
  services: buildServices,
  subscribe(events, { flightAreas }, { log }) {
    flightAreas.attach(events, log.child({ module: 'flight-areas' }));
  },
  routes: [basestationRoutes, flightAreaRoutes],
  tables: [baseStation, gisArea, gisDockAreaSync],
  permissions: ['basestation'],
  stop: (app) => app.services.flightAreas.close(),
});
