import {
  type ApiScope,
  ApiScopeSubmit,
  DICT,
  type DataScope,
  DataScopeSubmit,
  type MenuAdminNode,
} from '@aos/contract';
import { Drawer } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { apiScopeCrud, dataScopeCrud } from './api';
import './locale';

export type ScopeKind = 'data' | 'api';

/** A menu's label in the console language. */
export function menuName(menu: Pick<MenuAdminNode, 'name' | 'nameEn'>, language: string): string {
  return language === 'en-US' && menu.nameEn ? menu.nameEn : menu.name;
}

function dataColumns(code: string): CrudColumn<DataScope>[] {
  return [
    {
      field: 'scopeName',
      label: 'scope.scopeName',
      schema: DataScopeSubmit.shape.scopeName,
      required: true,
      search: true,
      width: 180,
    },
    {
      field: 'resourceCode',
      label: 'scope.resourceCode',
      schema: DataScopeSubmit.shape.resourceCode,
      required: true,
      initialValue: code,
      tooltip: 'scope.resourceCodeHint',
    },
    {
      field: 'scopeType',
      label: 'scope.dataScopeType',
      type: 'select',
      dict: { code: DICT.data_scope_type },
      schema: DataScopeSubmit.shape.scopeType,
      required: true,
      initialValue: 1,
      width: 170,
    },
    {
      field: 'scopeValue',
      label: 'scope.scopeValue',
      schema: DataScopeSubmit.shape.scopeValue,
      tooltip: 'scope.scopeValueHint',
      ellipsis: true,
    },
    { field: 'scopeColumn', label: 'scope.scopeColumn', schema: DataScopeSubmit.shape.scopeColumn },
    {
      field: 'scopeField',
      label: 'scope.scopeField',
      schema: DataScopeSubmit.shape.scopeField,
      table: false,
    },
    {
      field: 'scopeClass',
      label: 'scope.scopeClass',
      schema: DataScopeSubmit.shape.scopeClass,
      table: false,
    },
    {
      field: 'remark',
      label: 'scope.remark',
      type: 'textarea',
      schema: DataScopeSubmit.shape.remark,
      table: false,
    },
  ];
}

function apiColumns(code: string): CrudColumn<ApiScope>[] {
  return [
    {
      field: 'scopeName',
      label: 'scope.scopeName',
      schema: ApiScopeSubmit.shape.scopeName,
      required: true,
      search: true,
      width: 180,
    },
    {
      field: 'resourceCode',
      label: 'scope.resourceCode',
      schema: ApiScopeSubmit.shape.resourceCode,
      required: true,
      initialValue: code,
      tooltip: 'scope.resourceCodeHint',
    },
    {
      field: 'scopePath',
      label: 'scope.scopePath',
      schema: ApiScopeSubmit.shape.scopePath,
      required: true,
      tooltip: 'scope.scopePathHint',
      span: 24,
    },
    {
      field: 'scopeType',
      label: 'scope.apiScopeType',
      type: 'select',
      dict: { code: DICT.api_scope_type },
      schema: ApiScopeSubmit.shape.scopeType,
      required: true,
      initialValue: 2,
      width: 140,
    },
    {
      field: 'remark',
      label: 'scope.remark',
      type: 'textarea',
      schema: ApiScopeSubmit.shape.remark,
      table: false,
    },
  ];
}

/**
 * The data scopes or API scopes of one menu (BladeX: the "data scope" / "API scope" drawer of a menu row):
 * a CRUD table filtered by the menu, new rules tied to it with its code as the resource code.
 */
export function ScopeDrawer({
  kind,
  menu,
  onClose,
}: {
  kind: ScopeKind;
  menu: MenuAdminNode;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const columns = useMemo(
    () => (kind === 'data' ? dataColumns(menu.code) : apiColumns(menu.code)),
    [kind, menu.code],
  );
  const crud = kind === 'data' ? dataScopeCrud : apiScopeCrud;
  const api = useMemo(
    () => ({
      ...crud,
      submit: (values: Record<string, unknown>) => crud.submit({ ...values, menuId: menu.id }),
    }),
    [crud, menu.id],
  );
  const code = kind === 'data' ? 'data_scope' : 'api_scope';
  return (
    <Drawer
      open
      width={1100}
      title={`${t(kind === 'data' ? 'scope.dataTitle' : 'scope.apiTitle')} · ${menuName(menu, i18n.language)}`}
      onClose={onClose}
      destroyOnHidden
      data-testid={`${kind}-scope-drawer`}
    >
      <CrudPage<DataScope | ApiScope>
        code={code}
        testId={`${kind}-scope`}
        title={kind === 'data' ? 'scope.dataNoun' : 'scope.apiNoun'}
        dateRange={false}
        query={{ menuId: menu.id }}
        columns={columns as CrudColumn<DataScope | ApiScope>[]}
        api={api as CrudApi<DataScope | ApiScope>}
      />
    </Drawer>
  );
}
