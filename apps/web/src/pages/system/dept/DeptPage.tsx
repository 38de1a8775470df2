import { PlusOutlined } from '@ant-design/icons';
import { DICT, type Dept, DeptSubmit } from '@aos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { deptCrud, lazyDepts, managerOptions, parentOptions } from './api';
import './locale';

/**
 * Depts (teams, spec §3 Team) of the tenant as a lazily loaded tree table: name, parent organisation, type
 * (dictionary org_category), member count, manager and description; "add below" on each row.
 */
export default function DeptPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const api = useMemo<CrudApi<Dept>>(() => {
    // the pickers (parent tree, managers) must show a dept added or renamed a moment ago
    const fresh = async <R,>(work: Promise<R>) => {
      const result = await work;
      await queryClient.invalidateQueries({ queryKey: ['crud-tree'] });
      return result;
    };
    return {
      ...deptCrud,
      lazy: lazyDepts,
      submit: (values) => fresh(deptCrud.submit(values)),
      remove: (ids) => fresh(deptCrud.remove(ids)),
    };
  }, [queryClient]);

  const columns = useMemo<CrudColumn<Dept>[]>(
    () => [
      {
        field: 'deptName',
        label: 'dept.deptName',
        schema: DeptSubmit.shape.deptName,
        required: true,
        search: true,
        width: 220,
      },
      { field: 'fullName', label: 'dept.fullName', schema: DeptSubmit.shape.fullName, table: false },
      {
        field: 'parentId',
        label: 'dept.parent',
        type: 'tree-select',
        treeData: () => parentOptions(t('dept.topLevel')),
        schema: DeptSubmit.shape.parentId,
        initialValue: '0',
        table: false,
      },
      {
        field: 'deptCategory',
        label: 'dept.deptCategory',
        type: 'select',
        dict: { code: DICT.org_category },
        schema: DeptSubmit.shape.deptCategory,
        required: true,
        search: true,
        width: 110,
      },
      { field: 'memberCount', label: 'dept.memberCount', form: false, width: 90 },
      {
        field: 'managerId',
        label: 'dept.manager',
        type: 'tree-select',
        treeData: managerOptions,
        schema: DeptSubmit.shape.managerId,
        table: false,
      },
      { field: 'managerName', label: 'dept.manager', form: false, view: false, width: 120 },
      {
        field: 'sort',
        label: 'dept.sort',
        type: 'number',
        schema: DeptSubmit.shape.sort,
        required: true,
        initialValue: 1,
        width: 80,
      },
      {
        field: 'remark',
        label: 'dept.description',
        type: 'textarea',
        schema: DeptSubmit.shape.remark,
        ellipsis: true,
      },
      { field: 'createTime', label: 'crud.createTime', form: false, table: false },
    ],
    [t],
  );

  return (
    <CrudPage<Dept>
      code="dept"
      title="dept.title"
      tree
      columns={columns}
      api={api}
      actionWidth={260}
      rowActions={(record, actions) =>
        actions.can('dept_add') ? (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            data-testid="row-add-child"
            onClick={() => actions.openAdd({ parentId: record.id })}
          >
            {t('dept.addChild')}
          </Button>
        ) : null
      }
    />
  );
}
