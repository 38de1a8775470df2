import type { AreaKind, Fence, FlyZone, NoFlyZone } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { downloadFile } from '../../../api/download';
import { requestData } from '../../../api/http';
import { type Box, areasInBox } from '../../../components/map/zones/api';

const GIS = '/api/aos-gisservice';

/** One zone resource of spec §7: its calls, the areas it puts on a map, how it imports and exports. */
export interface ZoneResource {
  base: string;
  /** the area kinds its records are in the spatial index as */
  kinds: readonly AreaKind[];
  /** the upload path of its import */
  importPath: string;
  /** the download path of its export (fences only) */
  exportPath?: string;
}

export const RESOURCES = {
  noflyzone: {
    base: `${GIS}/noflyzone`,
    kinds: ['nofly', 'nofly_outside'],
    importPath: `${GIS}/noflyzone/import`,
  },
  flyzone: { base: `${GIS}/flyzone`, kinds: ['flyzone'], importPath: `${GIS}/flyzone/import` },
  fence: {
    base: `${GIS}/electronicfence`,
    kinds: ['fence'],
    importPath: `${GIS}/electronicfence/importElectronicFence`,
    exportPath: `${GIS}/electronicfence/export`,
  },
} satisfies Record<string, ZoneResource>;

export const noFlyZoneApi = crudApi<NoFlyZone>(RESOURCES.noflyzone.base, {
  page: `${RESOURCES.noflyzone.base}/page`,
});
export const flyZoneApi = crudApi<FlyZone>(RESOURCES.flyzone.base, {
  page: `${RESOURCES.flyzone.base}/page`,
});
export const fenceApi = crudApi<Fence>(RESOURCES.fence.base, { page: `${RESOURCES.fence.base}/page` });

/** Upload a file to a zone import (a zipped shapefile, KML or GeoJSON); the answer says how many were saved. */
export function importZones(resource: ZoneResource, file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestData<unknown>({ url: resource.importPath, method: 'POST', data: form, timeout: 0 });
}

export type ExportFormat = 'geojson' | 'kml' | 'shapefile';

/** Download zones (the chosen ones, else all the search finds) as GeoJSON, KML or a zipped shapefile. */
export function exportZones(resource: ZoneResource, format: ExportFormat, ids: string[]) {
  const extension = format === 'shapefile' ? 'zip' : format;
  return downloadFile(
    { url: resource.exportPath!, params: { format, ...(ids.length ? { ids: ids.join(',') } : {}) } },
    `fences.${extension}`,
  );
}

/** The resource's areas in a box, for its screen's map. */
export const zoneAreas = (resource: ZoneResource) => (bbox: Box) => areasInBox(bbox, resource.kinds);
