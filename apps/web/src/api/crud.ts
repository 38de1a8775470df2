import type { Page } from '@aos/contract';
import { requestData } from './http';

/** What a CRUD screen calls (spec §7 conventions); built for a BladeX base path by `crudApi`. */
export interface CrudApi<T> {
  /** GET `<base>/list` with current, size, the search fields and the creation-time range */
  page?: (query: Record<string, unknown>) => Promise<Page<T>>;
  /** a whole (tree) list: GET `<base>/list` or `<base>/tree` without paging */
  list?: (query: Record<string, unknown>) => Promise<T[]>;
  /** lazy tree: the children of one node (`parentId`), each with `hasChildren` */
  lazy?: (parentId: string, query: Record<string, unknown>) => Promise<T[]>;
  detail?: (id: string) => Promise<T>;
  /** POST `<base>/submit`: insert without id, update with id */
  submit?: (values: Record<string, unknown>) => Promise<T>;
  /** POST `<base>/remove?ids=1,2` */
  remove?: (ids: string[]) => Promise<unknown>;
}

export interface CrudPaths {
  page?: string;
  detail?: string;
  submit?: string;
  remove?: string;
}

/** The usual calls of a resource at `base` (e.g. `/api/blade-system/post`); override a path where it differs. */
export function crudApi<T>(base: string, paths: CrudPaths = {}): StandardApi<T> {
  return {
    page: (query) => requestData<Page<T>>({ url: paths.page ?? `${base}/list`, params: query }),
    detail: (id) => requestData<T>({ url: paths.detail ?? `${base}/detail`, params: { id } }),
    submit: (values) =>
      requestData<T>({ url: paths.submit ?? `${base}/submit`, method: 'POST', data: values }),
    remove: (ids) =>
      requestData<unknown>({
        url: paths.remove ?? `${base}/remove`,
        method: 'POST',
        params: { ids: ids.join(',') },
      }),
  };
}

type StandardApi<T> = Required<Pick<CrudApi<T>, 'page' | 'detail' | 'submit' | 'remove'>>;

/**
 * The REST flavour of a resource at `base` (the cloud-equipment and fly-operator calls of spec §7):
 * GET `page` and `detail`, add a POST, update a PUT (id in the body), remove a DELETE with `ids`.
 */
export function restApi<T>(base: string): StandardApi<T> {
  return {
    page: (query) => requestData<Page<T>>({ url: `${base}/page`, params: query }),
    detail: (id) => requestData<T>({ url: `${base}/detail`, params: { id } }),
    submit: (values) =>
      requestData<T>({
        url: `${base}/${values.id ? 'update' : 'add'}`,
        method: values.id ? 'PUT' : 'POST',
        data: values,
      }),
    remove: (ids) =>
      requestData<number>({ url: `${base}/remove`, method: 'DELETE', params: { ids: ids.join(',') } }),
  };
}

export interface DictItem {
  dictKey: string;
  dictValue: string;
}

/** The entries of a system (`dict`) or business (`dict-biz`) dictionary, localized by the server. */
export const getDictionary = (code: string, biz = false) =>
  requestData<DictItem[]>({
    url: `/api/blade-system/${biz ? 'dict-biz' : 'dict'}/dictionary`,
    params: { code },
  });
