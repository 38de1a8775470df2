import type { Tenant, TenantSaved } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';

const base = '/api/blade-system/tenant';
const crud = crudApi<Tenant>(base);

export const tenantCrud = {
  ...crud,
  /** adding answers the administrator account and its initial password */
  submit: (values: Record<string, unknown>) => crud.submit(values) as Promise<TenantSaved>,
};

/** `tenant/setting`: the account limit and expiry of the tenants in `ids` (empty expiry = never). */
export const saveSetting = (ids: string[], accountNumber: number, expireTime: string | undefined) =>
  requestData<number>({
    url: `${base}/setting`,
    method: 'POST',
    params: { ids: ids.join(','), accountNumber, expireTime: expireTime ?? '' },
  });

/** `tenant/datasource`: empty datasource id = the main database. */
export const saveDatasource = (tenantId: string, datasourceId: string | undefined) =>
  requestData<Tenant>({
    url: `${base}/datasource`,
    method: 'POST',
    params: { tenantId, datasourceId: datasourceId ?? '' },
  });
