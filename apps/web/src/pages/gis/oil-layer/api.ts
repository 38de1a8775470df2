import type { OilFeature, OilLayer, OilLayerSettings, OilLayerSettingsInput } from '@aos/contract';
import type { CrudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import { pageOf } from './features';

const GIS = '/api/aos-gisservice';

/** Every feature of one layer (the map's layer), optionally by name and code (`like`). */
export const listFeatures = (layer: OilLayer, query: { name?: string; code?: string } = {}) =>
  requestData<OilFeature[]>({ url: `${GIS}/${layer}/list`, params: query });

/** The layer's display settings: the tenant's, else the layer's defaults. */
export const layerSettings = (layer: OilLayer) =>
  requestData<OilLayerSettings>({ url: `${GIS}/${layer}/advanced` });

/** advancedSet: replace the tenant's display settings of the layer. */
export const saveLayerSettings = (layer: OilLayer, input: OilLayerSettingsInput) =>
  requestData<OilLayerSettings>({ url: `${GIS}/${layer}/advancedSet`, method: 'POST', data: input });

/** Only the search fields the list call knows; empty ones left out. */
function searchOf(query: Record<string, unknown>) {
  const search: { name?: string; code?: string } = {};
  if (typeof query.name === 'string' && query.name.trim()) search.name = query.name.trim();
  if (typeof query.code === 'string' && query.code.trim()) search.code = query.code.trim();
  return search;
}

/**
 * The feature table's calls for one layer: the layer has a whole list (what the map draws), no page call,
 * so the table pages the list it reads with its search.
 */
export function featureApi(
  layer: OilLayer,
): Required<Pick<CrudApi<OilFeature>, 'page' | 'detail' | 'submit' | 'remove'>> {
  const base = `${GIS}/${layer}`;
  return {
    page: async (query) => {
      const rows = await listFeatures(layer, searchOf(query));
      return pageOf(rows, Number(query.current) || 1, Number(query.size) || 10);
    },
    detail: (id) => requestData<OilFeature>({ url: `${base}/detail`, params: { id } }),
    submit: (values) => requestData<OilFeature>({ url: `${base}/submit`, method: 'POST', data: values }),
    remove: (ids) =>
      requestData<number>({ url: `${base}/remove`, method: 'POST', params: { ids: ids.join(',') } }),
  };
}
