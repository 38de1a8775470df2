import type { Page, ProjectAuth } from '@aos/contract';
import type { CrudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';
import { projectOptions } from '../home/api';

const BASE = '/api/cloud-task/projectauth';

/** Project authorisation calls (spec §7 projectauth; docs/project.md): page, submit (one per project), remove. */
export const projectAuthApi: CrudApi<ProjectAuth> = {
  page: (query) => requestData<Page<ProjectAuth>>({ url: `${BASE}/page`, params: query }),
  submit: (values) => requestData<ProjectAuth>({ url: `${BASE}/submit`, method: 'POST', data: values }),
  remove: (ids) =>
    requestData<number>({ url: `${BASE}/remove`, method: 'DELETE', params: { ids: ids.join(',') } }),
};

/** The projects the caller sees, as picker options. */
export async function projectPickerOptions(): Promise<TreeOption[]> {
  return (await projectOptions()).map((project) => ({
    value: project.id,
    title: project.name,
    isLeaf: true,
  }));
}

export { deptOptions, userOptions } from '../home/api';
