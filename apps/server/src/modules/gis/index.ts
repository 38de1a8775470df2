import { defineArea, type Services } from '../../area.js';
import {
  baseStation,
  gisArea,
  inspectionObject,
  mapDir,
  mapMark,
  oilFeature,
  oilLayerSetting,
} from '../../db/schema/index.js';
import basestationRoutes from './basestation.routes.js';
import { BaseStationService } from './basestation.service.js';
import mapDirRoutes from './mapdir.routes.js';
import { MapDirService } from './mapdir.service.js';
import oilRoutes from './oil.routes.js';
import { InspectionObjectService, OilLayerService } from './oil.service.js';
import { SpatialService } from './spatial/spatial.service.js';

declare module '../../area.js' {
  /** the gis area's */
  interface Services {
    baseStations: BaseStationService;
    /** the spatial index every zone, fence, airspace and airport is put in, and the one spatial query */
    spatial: SpatialService;
    /** map directories and marks (also as DJI element groups and elements) */
    mapDirs: MapDirService;
    /** oil-field layers' features and display settings */
    oilLayers: OilLayerService;
    inspectionObjects: InspectionObjectService;
  }
}

/**
 * GIS (spec §7 aos-gisservice): base stations, the spatial index and its checks, map directories and marks
 * (with the DJI map-element routes of §7 Labels), oil-field layers and inspection objects; next airspace,
 * zones, fences and airports.
 */
export default defineArea({
  name: 'gis',
  services: (): Pick<
    Services,
    'baseStations' | 'spatial' | 'mapDirs' | 'oilLayers' | 'inspectionObjects'
  > => ({
    baseStations: new BaseStationService(),
    spatial: new SpatialService(),
    mapDirs: new MapDirService(),
    oilLayers: new OilLayerService(),
    inspectionObjects: new InspectionObjectService(),
  }),
  routes: [basestationRoutes, mapDirRoutes, oilRoutes],
  tables: [baseStation, gisArea, mapDir, mapMark, oilFeature, oilLayerSetting, inspectionObject],
  permissions: ['basestation', 'mapdir', 'oil_layer', 'inspection_object'],
});
