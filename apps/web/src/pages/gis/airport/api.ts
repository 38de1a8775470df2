import { type CivilAirport, PAGE_SIZE_MAX, type UavAirport } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';

const GIS = '/api/aos-gisservice';
const POINTS = `${GIS}/uavairport`;
const AIRPORTS = `${GIS}/civilairport`;

/** Takeoff/landing points (spec §7 uavairport): the page is `list`, as the spec names it. */
export const uavAirportApi = crudApi<UavAirport>(POINTS);

/** updateUav: the point's bound drones replaced by `droneIds` (none: unbind all). */
export const bindDrones = (id: string, droneIds: string[]) =>
  requestData<UavAirport>({
    url: `${POINTS}/updateUav`,
    method: 'POST',
    data: { id, droneIds: droneIds.join(',') },
  });

/** Every takeoff/landing point of the tenant (the map, and which drones are bound where). */
export async function allUavAirports(): Promise<UavAirport[]> {
  const page = await uavAirportApi.page({ current: 1, size: PAGE_SIZE_MAX });
  return page.records;
}

/** Civil airports: page, detail, submit, remove; each answer carries its buffer and height-limit area. */
export const civilAirportApi = crudApi<CivilAirport>(AIRPORTS, { page: `${AIRPORTS}/page` });

/** Every civil airport of the tenant, for the map. */
export const allCivilAirports = () => requestData<CivilAirport[]>({ url: `${AIRPORTS}/list` });
