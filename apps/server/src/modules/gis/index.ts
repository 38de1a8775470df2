import { defineArea, type Services } from '../../area.js';
import {
  airspace,
  airspaceHistory,
  baseStation,
  civilAirport,
  gisArea,
  gisDockAreaSync,
  uavAirport,
  uavAirportDrone,
} from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import { airspaceExpiry } from './airspace.expiry.js';
import airspaceRoutes from './airspace.routes.js';
import { AirspaceService } from './airspace.service.js';
import basestationRoutes from './basestation.routes.js';
import { BaseStationService } from './basestation.service.js';
import civilAirportRoutes from './civil-airport.routes.js';
import { CivilAirportService } from './civil-airport.service.js';
import flightAreaRoutes from './flight-areas.routes.js';
import { FlightAreaSync } from './flight-areas/flight-area-sync.service.js';
import { SpatialService } from './spatial/spatial.service.js';
import uavAirportRoutes from './uav-airport.routes.js';
import { UavAirportService } from './uav-airport.service.js';

declare module '../../area.js' {
  /** the gis area's */
  interface Services {
    baseStations: BaseStationService;
    /** the spatial index every zone, fence, airspace and airport is put in, and the one spatial query */
    spatial: SpatialService;
    /** the docks' custom flight areas: sync over the device link, the file, each dock's sync progress */
    flightAreas: FlightAreaSync;
    /** airspace applications: draft → submitted → approved | rejected, approved → expired */
    airspaces: AirspaceService;
    civilAirports: CivilAirportService;
    /** takeoff/landing points and their bound drones */
    uavAirports: UavAirportService;
  }
}

type GisServices = 'baseStations' | 'spatial' | 'flightAreas' | 'airspaces' | 'civilAirports' | 'uavAirports';

function buildServices({
  database,
  events,
  deviceLink,
  live,
  config,
}: Platform): Pick<Services, GisServices> {
  const spatial = new SpatialService(events);
  return {
    baseStations: new BaseStationService(),
    spatial,
    flightAreas: new FlightAreaSync({
      db: database.db,
      link: deviceLink,
      live,
      secret: config.JWT_SECRET,
      publicUrl: config.PUBLIC_URL ?? '',
    }),
    airspaces: new AirspaceService(spatial),
    civilAirports: new CivilAirportService(spatial),
    uavAirports: new UavAirportService(),
  };
}

/**
 * GIS (spec §7 aos-gisservice): base stations; the spatial index and its checks (docs/gis.md); airspace
 * applications (with their approval and a once-a-minute expiry timer); civil airports (whose buffer and
 * height-limit area enter the index); takeoff/landing points; the docks' custom flight areas (flight-areas/).
 */
export default defineArea({
  name: 'gis',
  services: buildServices,
  subscribe(events, { flightAreas }, { log }) {
    flightAreas.attach(events, log.child({ module: 'flight-areas' }));
  },
  jobs: airspaceExpiry,
  routes: [basestationRoutes, flightAreaRoutes, airspaceRoutes, civilAirportRoutes, uavAirportRoutes],
  tables: [
    baseStation,
    gisArea,
    gisDockAreaSync,
    airspace,
    airspaceHistory,
    civilAirport,
    uavAirport,
    uavAirportDrone,
  ],
  permissions: ['basestation', 'airspace', 'airport'],
  stop: (app) => app.services.flightAreas.close(),
});
