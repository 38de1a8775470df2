import { defineArea, type Services } from '../../area.js';
import {
  airspace,
  airspaceHistory,
  baseStation,
  civilAirport,
  gisArea,
  uavAirport,
  uavAirportDrone,
} from '../../db/schema/index.js';
import { airspaceExpiry } from './airspace.expiry.js';
import airspaceRoutes from './airspace.routes.js';
import { AirspaceService } from './airspace.service.js';
import basestationRoutes from './basestation.routes.js';
import { BaseStationService } from './basestation.service.js';
import civilAirportRoutes from './civil-airport.routes.js';
import { CivilAirportService } from './civil-airport.service.js';
import uavAirportRoutes from './uav-airport.routes.js';
import { UavAirportService } from './uav-airport.service.js';
import { SpatialService } from './spatial/spatial.service.js';

declare module '../../area.js' {
  /** the gis area's */
  interface Services {
    baseStations: BaseStationService;
    /** the spatial index every zone, fence, airspace and airport is put in, and the one spatial query */
    spatial: SpatialService;
    /** airspace applications: draft → submitted → approved | rejected, approved → expired */
    airspaces: AirspaceService;
    civilAirports: CivilAirportService;
    /** takeoff/landing points and their bound drones */
    uavAirports: UavAirportService;
  }
}

/**
 * GIS (spec §7 aos-gisservice): base stations, the spatial index and its checks, airspace applications (with
 * their approval and a once-a-minute expiry timer), civil airports (whose buffer and height-limit area enter the
 * index) and takeoff/landing points; next zones, fences and map marks.
 */
export default defineArea({
  name: 'gis',
  services: (): Pick<
    Services,
    'baseStations' | 'spatial' | 'airspaces' | 'civilAirports' | 'uavAirports'
  > => {
    const spatial = new SpatialService();
    return {
      baseStations: new BaseStationService(),
      spatial,
      airspaces: new AirspaceService(spatial),
      civilAirports: new CivilAirportService(spatial),
      uavAirports: new UavAirportService(),
    };
  },
  jobs: airspaceExpiry,
  routes: [basestationRoutes, airspaceRoutes, civilAirportRoutes, uavAirportRoutes],
  tables: [baseStation, gisArea, airspace, airspaceHistory, civilAirport, uavAirport, uavAirportDrone],
  permissions: ['basestation', 'airspace', 'airport'],
});
