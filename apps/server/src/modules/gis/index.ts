import { defineArea, type Services } from '../../area.js';
import {
  airspace,
  airspaceHistory,
  baseStation,
  civilAirport,
  fence,
  flyZone,
  noFlyZone,
  gisArea,
  gisDockAreaSync,
  inspectionObject,
  mapDir,
  mapMark,
  oilFeature,
  oilLayerSetting,
  uavAirport,
  uavAirportDrone,
} from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import { AreaCheckService } from './area-check.service.js';
import areaQueryRoutes from './area-query.routes.js';
import { airspaceExpiry } from './airspace.expiry.js';
import airspaceRoutes from './airspace.routes.js';
import { AirspaceService } from './airspace.service.js';
import basestationRoutes from './basestation.routes.js';
import { BaseStationService } from './basestation.service.js';
import civilAirportRoutes from './civil-airport.routes.js';
import { CivilAirportService } from './civil-airport.service.js';
import flightAreaRoutes from './flight-areas.routes.js';
import { FlightAreaSync } from './flight-areas/flight-area-sync.service.js';
import mapDirRoutes from './mapdir.routes.js';
import { MapDirService } from './mapdir.service.js';
import oilRoutes from './oil.routes.js';
import { InspectionObjectService, OilLayerService } from './oil.service.js';
import { SpatialService } from './spatial/spatial.service.js';
import uavAirportRoutes from './uav-airport.routes.js';
import zoneExchangeRoutes from './zone-exchange.routes.js';
import zoneRoutes from './zone.routes.js';
import { FenceService, FlyZoneService, NoFlyZoneService } from './zone.service.js';
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
    /** map directories and marks (also as DJI element groups and elements) */
    mapDirs: MapDirService;
    /** oil-field layers' features and display settings */
    oilLayers: OilLayerService;
    inspectionObjects: InspectionObjectService;
    noFlyZones: NoFlyZoneService;
    flyZones: FlyZoneService;
    fences: FenceService;
    /** areaQuery, geoPage and the flight check (restricted and keep-in areas, the no-fly authority) */
    areaChecks: AreaCheckService;
  }
}

type GisServices =
  | 'baseStations'
  | 'spatial'
  | 'flightAreas'
  | 'airspaces'
  | 'civilAirports'
  | 'uavAirports'
  | 'mapDirs'
  | 'oilLayers'
  | 'inspectionObjects'
  | 'noFlyZones'
  | 'flyZones'
  | 'fences'
  | 'areaChecks';

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
    mapDirs: new MapDirService(),
    oilLayers: new OilLayerService(),
    inspectionObjects: new InspectionObjectService(),
    noFlyZones: new NoFlyZoneService(spatial),
    flyZones: new FlyZoneService(spatial),
    fences: new FenceService(spatial),
    areaChecks: new AreaCheckService(spatial),
  };
}

/**
 * GIS (spec §7 aos-gisservice): base stations; no-fly zones, fly zones and fences, and the area queries and
 * flight check (forbidden-fly-area); the spatial index and its checks (docs/gis.md); airspace
 * applications (with their approval and a once-a-minute expiry timer); civil airports (whose buffer and
 * height-limit area enter the index); takeoff/landing points; the docks' custom flight areas (flight-areas/);
 * map directories and marks (with the DJI map-element routes of §7 Labels), oil-field layers, inspection objects.
 */
export default defineArea({
  name: 'gis',
  services: buildServices,
  subscribe(events, { flightAreas }, { log }) {
    flightAreas.attach(events, log.child({ module: 'flight-areas' }));
  },
  jobs: airspaceExpiry,
  routes: [
    basestationRoutes,
    flightAreaRoutes,
    airspaceRoutes,
    civilAirportRoutes,
    uavAirportRoutes,
    mapDirRoutes,
    oilRoutes,
    zoneRoutes,
    zoneExchangeRoutes,
    areaQueryRoutes,
  ],
  tables: [
    baseStation,
    gisArea,
    gisDockAreaSync,
    inspectionObject,
    mapDir,
    mapMark,
    oilFeature,
    oilLayerSetting,
    airspace,
    airspaceHistory,
    civilAirport,
    uavAirport,
    uavAirportDrone,
    noFlyZone,
    flyZone,
    fence,
  ],
  permissions: [
    'basestation',
    'airspace',
    'airport',
    'mapdir',
    'oil_layer',
    'inspection_object',
    'noflyzone',
    'flyzone',
    'fence',
  ],
  stop: (app) => app.services.flightAreas.close(),
});

/* What other areas may use of the GIS area's file exchange (the route area reads KML/GeoJSON lines and areas). */
export { readAreaFile, type ImportedFeature } from './exchange/index.js';
export { safeBaseName } from './exchange/write.js';
export { sendAreaFile } from './area-import.js';
