import type { InspectionObject } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';

const BASE = '/api/aos-gisservice/inspectionobject';

export const inspectionObjectApi = crudApi<InspectionObject>(BASE, { page: `${BASE}/page` });

/** Every inspection object of the tenant (the screen's map). */
export const allInspectionObjects = () =>
  requestData<InspectionObject[]>({ url: `${BASE}/listForTenant`, method: 'POST', data: {} });
