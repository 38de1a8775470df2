import type { Dock, DockOption, RouteCheck, RouteCheckBody, RouteDetail, RouteSubmit } from '@aos/contract';
import { HttpError, requestData } from '../../../api/http';
import { uploadFile } from '../../../api/upload';

const BASE = '/api/aos-gisservice/routemanageline';

/** The editor's own calls (docs/route.md): a route's detail, its save, the checks, the map picture. */
export const routeDetail = (id: string) =>
  requestData<RouteDetail>({ url: `${BASE}/detail`, params: { id } });

export const submitRoute = (body: RouteSubmit) =>
  requestData<RouteDetail>({ url: `${BASE}/submit`, method: 'POST', data: body });

/**
 * The checks of a design not saved yet. `undefined` when the server has no check route (it reaches the
 * server later than the editor: a 404 or 405 then means "no checks", not an error to show).
 */
export async function checkRoute(body: RouteCheckBody): Promise<RouteCheck | undefined> {
  try {
    return await requestData<RouteCheck>({ url: `${BASE}/check`, method: 'POST', data: body, quiet: true });
  } catch (error) {
    if (error instanceof HttpError && (error.code === 404 || error.code === 405)) return undefined;
    throw error;
  }
}

/** The blocking findings a refused save carries (`data.check`), if it was refused for them. */
export function checkOfRefusal(error: unknown): RouteCheck | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const check = (error.body as { data?: { check?: RouteCheck } } | null | undefined)?.data?.check;
  return check && Array.isArray(check.items) ? check : undefined;
}

/** The docks of the tenant (the fleet area's picker list). */
export const dockOptions = () =>
  requestData<DockOption[]>({ url: '/api/cloud-equipment/uavhangar/listForTenant' });

/** A dock's record, for its take-off point. */
export const dockDetail = (id: string) =>
  requestData<Dock>({ url: '/api/cloud-equipment/uavhangar/detail', params: { id } });

/** Upload the map picture (spec §5: route images up to 5 MB); its link goes in the route's `screenshot`. */
export async function uploadScreenshot(png: Blob, name: string): Promise<string> {
  const answer = await uploadFile(new File([png], name, { type: 'image/png' }));
  return answer.link;
}
