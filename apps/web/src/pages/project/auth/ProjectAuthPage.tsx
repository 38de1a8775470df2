import { type ProjectAuth, ProjectAuthSubmit } from '@aos/contract';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { deptOptions, projectAuthApi, projectPickerOptions, userOptions } from './api';
import './locale';

const shape = ProjectAuthSubmit.shape;
const joined = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/**
 * Project authorisation (MENUS.md projectauth; docs/project.md): the depts (with their sub-depts) and users who
 * see a project beyond its members, its team and its leader. One authorisation per project: saving another for
 * the same project replaces it.
 */
export default function ProjectAuthPage() {
  const columns: CrudColumn<ProjectAuth>[] = [
    {
      field: 'projectId',
      label: 'projectAuth.project',
      type: 'tree-select',
      treeData: projectPickerOptions,
      schema: shape.projectId,
      required: true,
      editDisabled: true,
      table: false,
    },
    { field: 'projectName', label: 'projectAuth.project', form: false, width: 200, search: true },
    {
      field: 'deptIds',
      label: 'projectAuth.depts',
      type: 'tree-select',
      multiple: true,
      treeData: deptOptions,
      span: 24,
      table: false,
      view: false,
    },
    { field: 'deptNames', label: 'projectAuth.depts', form: false, render: joined, ellipsis: true },
    {
      field: 'userIds',
      label: 'projectAuth.users',
      type: 'tree-select',
      multiple: true,
      treeData: userOptions,
      span: 24,
      table: false,
      view: false,
    },
    { field: 'userNames', label: 'projectAuth.users', form: false, render: joined, ellipsis: true },
    { field: 'remark', label: 'projectAuth.remark', type: 'textarea', schema: shape.remark, table: false },
    { field: 'updateTime', label: 'projectAuth.updateTime', form: false, width: 170 },
  ];
  return (
    <CrudPage<ProjectAuth>
      code="projectauth"
      testId="projectauth"
      title="projectAuth.title"
      columns={columns}
      api={projectAuthApi}
      dateRange={false}
      beforeSubmit={(values) => ({ ...values, deptIds: values.deptIds ?? '', userIds: values.userIds ?? '' })}
    />
  );
}
