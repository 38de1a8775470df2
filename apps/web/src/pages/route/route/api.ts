import type {
  Page,
  RecordTask,
  RecordTaskPageQuery,
  RecordTaskSubmit,
  Route,
  RouteDetail,
  RouteExportFormat,
  RouteImportQuery,
  RoutePageQuery,
} from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { downloadFile } from '../../../api/download';
import { requestData } from '../../../api/http';

const BASE = '/api/aos-gisservice/routemanageline';

/**
 * Route calls (route-api.md, spec §7 routemanageline): GET page and detail, POST submit and remove through the
 * CRUD helpers; list, copy, public flag, import, export and check here.
 */
export const routeApi = crudApi<Route>(BASE, { page: `${BASE}/page` });

export const routeDetail = (id: string) =>
  requestData<RouteDetail>({ url: `${BASE}/detail`, params: { id } });

export const routeList = (query: RoutePageQuery = {}) =>
  requestData<Route[]>({ url: `${BASE}/list`, params: query });

/** A copy of a route (name + " (copy)" in the caller's language). */
export const copyRoute = (id: string) =>
  requestData<RouteDetail>({ url: `${BASE}/copy`, method: 'POST', params: { id } });

/** Make routes public (1) or private to their dept (0); answers the number changed. */
export const setPublic = (ids: string[], isPublic: 0 | 1) =>
  requestData<number>({ url: `${BASE}/public`, method: 'POST', data: { ids: ids.join(','), isPublic } });

/** Import a KMZ, KML or GeoJSON file; the rest of the import's settings travel in the query. */
export function importRoute(file: File, query: RouteImportQuery) {
  const form = new FormData();
  form.append('file', file);
  const params = Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  return requestData<RouteDetail>({
    url: `${BASE}/import`,
    method: 'POST',
    params,
    data: form,
    timeout: 0,
  });
}

/** Download a route as KMZ, KML or GeoJSON (named by the server: `<route name>.kmz`...). */
export const exportRoute = (route: Pick<Route, 'id' | 'name'>, format: RouteExportFormat) =>
  downloadFile({ url: `${BASE}/export`, params: { id: route.id, format } }, `${route.name}.${format}`);

const RECORD = '/api/aos-gisservice/recordtask';

/** Record tasks (spec §7 recordtask): a hand-flown drone recorded into a waypoint route. */
export const recordTaskPage = (query: RecordTaskPageQuery & { current: number; size: number }) =>
  requestData<Page<RecordTask>>({ url: `${RECORD}/page`, params: query });

/** Start recording a drone (no id), finish a recording (`finish: true`) or rename one. */
export const submitRecordTask = (body: RecordTaskSubmit) =>
  requestData<RecordTask>({ url: `${RECORD}/submit`, method: 'POST', data: body });

/** Remove record tasks (their routes stay). */
export const removeRecordTasks = (ids: string[]) =>
  requestData<number>({ url: `${RECORD}/remove`, method: 'POST', params: { ids: ids.join(',') } });
