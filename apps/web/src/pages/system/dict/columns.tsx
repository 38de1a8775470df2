import {
  type Dict,
  DICT,
  DictCodeSchema,
  DictKey,
  type DictNode,
  DictSealed,
  DictSort,
  DictSubmit,
} from '@aos/contract';
import { Input, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, TreeOption } from '../../../components/crud/types';

/** isSealed as the yes_no dictionary radio, default 0 (spec §3, §9). */
const sealed = {
  field: 'isSealed',
  label: 'dict.isSealed',
  type: 'radio',
  dict: { code: DICT.yes_no },
  schema: DictSealed,
  required: true,
  initialValue: 0,
  width: 90,
} as const;

/** The dictionaries (parents) table and form. */
export const parentColumns: CrudColumn<Dict>[] = [
  {
    field: 'code',
    label: 'dict.code',
    schema: DictCodeSchema,
    required: true,
    search: true,
  },
  {
    field: 'dictValue',
    label: 'dict.dictValue',
    schema: DictSubmit.shape.dictValue,
    required: true,
    search: true,
  },
  { field: 'dictValueEn', label: 'dict.dictValueEn', schema: DictSubmit.shape.dictValueEn },
  {
    field: 'sort',
    label: 'dict.sort',
    type: 'number',
    schema: DictSort,
    required: true,
    initialValue: 1,
    width: 100,
  },
  sealed,
  {
    field: 'remark',
    label: 'dict.remark',
    type: 'textarea',
    schema: DictSubmit.shape.remark,
    ellipsis: true,
  },
];

/** The parent field: any entry of this dictionary (or the dictionary itself), as a tree. */
function ParentSelect({
  value,
  onChange,
  tree,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
  tree: TreeOption[];
}) {
  const { t } = useTranslation();
  return (
    <TreeSelect
      value={value === undefined || value === null ? undefined : String(value)}
      onChange={onChange}
      treeData={tree}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      placeholder={t('crud.requiredSelect', { field: t('dict.parentId') })}
      data-testid="field-parentId"
      style={{ width: '100%' }}
    />
  );
}

/**
 * The entries (children) tree table and form of dictionary `parent`; the code is the dictionary's and cannot
 * be typed; a new entry goes under the dictionary itself unless added under an entry.
 */
export function childColumns(tree: TreeOption[], parent: Dict): CrudColumn<DictNode>[] {
  return [
    {
      field: 'dictValue',
      label: 'dict.dictValue',
      schema: DictSubmit.shape.dictValue,
      required: true,
    },
    { field: 'dictKey', label: 'dict.dictKey', schema: DictKey, required: true, width: 120 },
    { field: 'dictValueEn', label: 'dict.dictValueEn', schema: DictSubmit.shape.dictValueEn },
    {
      field: 'code',
      label: 'dict.code',
      type: 'custom',
      table: false,
      initialValue: parent.code,
      renderInput: ({ value }) => <Input value={String(value ?? '')} disabled data-testid="field-code" />,
    },
    {
      field: 'parentId',
      label: 'dict.parentId',
      type: 'custom',
      table: false,
      view: false,
      required: true,
      initialValue: parent.id,
      renderInput: (props) => <ParentSelect {...props} tree={tree} />,
    },
    { field: 'parentName', label: 'dict.parentId', form: false, table: false },
    {
      field: 'sort',
      label: 'dict.sort',
      type: 'number',
      schema: DictSort,
      required: true,
      initialValue: 1,
      width: 90,
    },
    sealed,
    {
      field: 'remark',
      label: 'dict.remark',
      type: 'textarea',
      schema: DictSubmit.shape.remark,
      table: false,
    },
  ];
}
