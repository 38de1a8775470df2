import type { EntityModel, Brand } from '@aos/contract';
import { restApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const BASE = '/api/cloud-equipment/manufacturer';

/** Brand calls (spec §7): page, detail, add (POST), update (PUT), remove (DELETE with ids). */
export const brandApi = restApi<Brand>(BASE);

/** The entity center's models (getEmBySign without a sign: all of them), as picker options. */
export async function entityModelOptions(): Promise<TreeOption[]> {
  const models = await requestData<EntityModel[]>({ url: '/api/aos-slabentities/entitymodel/getEmBySign' });
  return models.map((model) => ({ value: model.sign, title: model.name, isLeaf: true }));
}
