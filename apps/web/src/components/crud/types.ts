import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { CrudApi } from '../../api/crud';

/**
 * How a field is shown and edited. `text` input, `textarea` multi-line, `number`, `select`/`radio` with
 * `options` or `dict`, `switch` (0/1), `date` (yyyy-MM-dd), `datetime` (yyyy-MM-dd HH:mm:ss), `tree-select`
 * with `treeData`, `password`, `image` (upload through oss/endpoint/put-file, value = link), `custom` with
 * `renderInput`.
 */
export type ValueType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'select'
  | 'radio'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'tree-select'
  | 'password'
  | 'image'
  | 'custom';

export interface Option {
  value: string | number;
  /** an i18n key (or plain text when no key matches) */
  label: string;
}

export interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
  isLeaf?: boolean;
  disabled?: boolean;
}

/** One field of a CRUD screen: where it shows (search, table, form, view), how, and how it is checked. */
export interface CrudColumn<T = Record<string, unknown>> {
  field: string;
  /** i18n key of the label */
  label: string;
  type?: ValueType;
  /** a dictionary's entries as options: system `dict` or, with `biz`, `dict-biz` */
  dict?: { code: string; biz?: boolean };
  options?: Option[];
  /** tree-select data (loaded once when the form or search opens) */
  treeData?: () => Promise<TreeOption[]>;
  /** select: several values, sent comma-separated (BladeX id lists) */
  multiple?: boolean;
  /** image: how many pictures (default 1); more than one are sent as comma-separated links */
  max?: number;
  /**
   * The contract's zod schema for this field: the form checks it (messages translated from the contract's
   * keys), so the console and the server refuse the same input.
   */
  schema?: ZodType;
  /** extra antd rules (e.g. a confirmation that compares two fields) */
  rules?: Rule[];
  /** marks the field required in the form (the schema does the checking) */
  required?: boolean;
  /** shown in the search form (default false) */
  search?: boolean;
  /** shown in the table (default true) */
  table?: boolean;
  /** shown in the add/edit form (default true); 'add' = only when adding, 'edit' = only when editing */
  form?: boolean | 'add' | 'edit';
  /** shown in the view dialog (default true) */
  view?: boolean;
  /** read-only in the edit form */
  editDisabled?: boolean;
  /** form value when adding */
  initialValue?: unknown;
  /** table column width */
  width?: number;
  /** half (12, default) or full (24) width in the form grid; textarea defaults to 24 */
  span?: 12 | 24;
  /** table cell */
  render?: (value: unknown, record: T) => ReactNode;
  /** custom form input (type 'custom'); value/onChange come from the form */
  renderInput?: (props: {
    value?: unknown;
    onChange?: (value: unknown) => void;
    editing: boolean;
  }) => ReactNode;
  /** i18n key of a hint shown under the input */
  tooltip?: string;
  /** ellipsis in the table */
  ellipsis?: boolean;
}

/** What toolbar and row renderers get to act with. */
export interface CrudActions<T> {
  refresh: () => void;
  selected: T[];
  /** open the add dialog, optionally with initial values (e.g. a child's parentId) */
  openAdd: (initial?: Partial<T>) => void;
  openEdit: (record: T) => void;
  openView: (record: T) => void;
  /** the query of the current search (fixed query, search fields, creation-time range), e.g. for an export */
  query: Record<string, unknown>;
  /** check a permission code of the current user */
  can: (code: string) => boolean;
}

export interface CrudPageProps<T extends { id: string }> {
  /** the menu code: default button codes are `<code>_add`, `<code>_edit`, `<code>_delete`, `<code>_view` */
  code: string;
  columns: CrudColumn<T>[];
  api: CrudApi<T>;
  /** override or switch off (false) the permission code of each built-in action */
  permissions?: Partial<Record<'add' | 'edit' | 'delete' | 'view', string | false>>;
  /** a tree table: `list` returns the whole tree; with `lazy`, children load when a row expands */
  tree?: boolean;
  /** width of the row actions column (default 200) */
  actionWidth?: number;
  /** dialog width (default 880, the dictionary dialog width of spec §9) */
  dialogWidth?: number;
  /** the creation-time range filter (default true) */
  dateRange?: boolean;
  /** fixed query values sent with every page call (e.g. a parent id, a dept chosen in a side tree) */
  query?: Record<string, unknown>;
  /** turn form values into the submit body (e.g. join lists, hash a password) */
  beforeSubmit?: (values: Record<string, unknown>, editing: T | undefined) => Record<string, unknown>;
  /** extra toolbar buttons (each should check its own permission with `can`) */
  toolbar?: (actions: CrudActions<T>) => ReactNode;
  /** extra row buttons */
  rowActions?: (record: T, actions: CrudActions<T>) => ReactNode;
  /** per-row switch-off of edit/delete (e.g. sealed dictionary entries, preset roles) */
  rowEditable?: (record: T) => boolean;
  rowDeletable?: (record: T) => boolean;
  /** i18n key of the dialog title noun, e.g. 'post.title' */
  title?: string;
  /** test id prefix and table id (defaults to code) */
  testId?: string;
  /** i18n key of the empty table's text (default 'crud.empty') */
  emptyText?: string;
}
