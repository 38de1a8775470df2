import type {
  Airspace,
  AirspaceAircraft,
  AirspaceDetail,
  AirspaceTakeoffPoint,
  Page,
  PutFileResult,
} from '@aos/contract';
import { requestData } from '../../../api/http';

const BASE = '/api/aos-gisservice/airspace';

/** Spec §7 airspace: page, detail, submit, remove, the status changes and the import. */
export const airspaceApi = {
  page: (query: Record<string, unknown>) =>
    requestData<Page<Airspace>>({ url: `${BASE}/page`, params: query }),
  detail: (id: string) => requestData<AirspaceDetail>({ url: `${BASE}/detail`, params: { id } }),
  submit: (values: Record<string, unknown>) =>
    requestData<Airspace>({ url: `${BASE}/submit`, method: 'POST', data: values }),
  /** the tenant's aircraft an application may name */
  aircraft: () => requestData<AirspaceAircraft[]>({ url: `${BASE}/aircraft` }),
  /** the tenant's registered takeoff/landing points */
  takeoffPoints: () => requestData<AirspaceTakeoffPoint[]>({ url: `${BASE}/takeoffPoints` }),
  remove: (ids: string[]) =>
    requestData<number>({ url: `${BASE}/remove`, method: 'POST', params: { ids: ids.join(',') } }),
};

/** apply (draft → submitted), approve (submitted → approved), reject with a reason (submitted → rejected). */
export function changeStatus(action: 'apply' | 'approve' | 'reject', id: string, reason?: string) {
  return requestData<Airspace>({
    url: `${BASE}/${action}`,
    method: 'POST',
    data: action === 'reject' ? { id, reason } : { id },
  });
}

/** Import one range (KML, KMZ, GeoJSON, or a zipped shapefile) as a draft; the answer is the draft. */
export function importAirspace(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestData<Airspace>({ url: `${BASE}/importAirSpace`, method: 'POST', data: form, timeout: 0 });
}

/** An approval file (any allowed document), recorded as an attachment of the tenant. */
export function uploadApprovalFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestData<PutFileResult>({
    url: '/api/blade-resource/oss/endpoint/upload-file',
    method: 'POST',
    data: form,
    timeout: 0,
  });
}
