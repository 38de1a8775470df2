import { REGION_ROOT_CODE, type Region } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';

const base = '/api/blade-system/region';
const crud = crudApi<Region>(base);

/** The usual calls; a division is read by its code (`id` repeats it). */
export const regionCrud = {
  ...crud,
  detail: (code: string) => requestData<Region>({ url: `${base}/detail`, params: { code } }),
};

/** One level of divisions (`0`, the table's top, is the provinces' parent `00`), or the matches of a search. */
export async function lazyRegions(parentId: string, query: Record<string, unknown>): Promise<Region[]> {
  if (query.code || query.name) return (await regionCrud.page({ ...query, current: 1, size: 500 })).records;
  const parentCode = parentId === '0' ? REGION_ROOT_CODE : parentId;
  return requestData<Region[]>({ url: `${base}/lazy-list`, params: { parentCode } });
}
