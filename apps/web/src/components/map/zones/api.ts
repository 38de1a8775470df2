import type { AreaHit, AreaKind, Page } from '@aos/contract';
import { requestData } from '../../../api/http';

/** `[west, south, east, north]` in degrees. */
export type Box = [number, number, number, number];

/** Areas a map asks for at once, and the pages it reads at most for one view (so 2,000 areas). */
export const AREA_PAGE_SIZE = 500;
const MAX_PAGES = 4;

/**
 * The tenant's areas in a box (GET /api/cloud-task/forbidden-fly-area/geoPage, spec §7): no-fly zones, fly
 * zones, fences, airspaces and airport areas, each with its effect on a flight; `kinds` narrows them.
 */
export async function areasInBox(bbox: Box, kinds?: readonly AreaKind[]): Promise<AreaHit[]> {
  const areas: AreaHit[] = [];
  for (let current = 1; current <= MAX_PAGES; current++) {
    const page = await requestData<Page<AreaHit>>({
      url: '/api/cloud-task/forbidden-fly-area/geoPage',
      params: {
        current,
        size: AREA_PAGE_SIZE,
        bbox: bbox.map((value) => value.toFixed(6)).join(','),
        ...(kinds?.length ? { kinds: kinds.join(',') } : {}),
      },
    });
    areas.push(...page.records);
    if (areas.length >= page.total || page.records.length < AREA_PAGE_SIZE) break;
  }
  return areas;
}

/** What a map's zone layer is handed by its screen: how to read the areas in a box. */
export type AreaLoader = (bbox: Box) => Promise<AreaHit[]>;
