import type { EntityModel, Manufacturer, Page } from '@aos/contract';
import type { CrudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const BASE = '/api/cloud-equipment/manufacturer';

/** Brand calls (spec §7): page, detail, add (POST), update (PUT), remove (DELETE with ids). */
export const brandApi: Required<Pick<CrudApi<Manufacturer>, 'page' | 'detail' | 'submit' | 'remove'>> = {
  page: (query) => requestData<Page<Manufacturer>>({ url: `${BASE}/page`, params: query }),
  detail: (id) => requestData<Manufacturer>({ url: `${BASE}/detail`, params: { id } }),
  submit: (values) =>
    requestData<Manufacturer>({
      url: `${BASE}/${values.id ? 'update' : 'add'}`,
      method: values.id ? 'PUT' : 'POST',
      data: values,
    }),
  remove: (ids) =>
    requestData<number>({ url: `${BASE}/remove`, method: 'DELETE', params: { ids: ids.join(',') } }),
};

/** The entity center's models (getEmBySign without a sign: all of them), as picker options. */
export async function entityModelOptions(): Promise<TreeOption[]> {
  const models = await requestData<EntityModel[]>({ url: '/api/aos-slabentities/entitymodel/getEmBySign' });
  return models.map((model) => ({ value: model.sign, title: model.name, isLeaf: true }));
}
