import type { ApiScope, DataScope } from '@aos/contract';
import { crudApi } from '../../../api/crud';

export const dataScopeCrud = crudApi<DataScope>('/api/blade-system/data-scope');
export const apiScopeCrud = crudApi<ApiScope>('/api/blade-system/api-scope');
