import { DICT, type Notice, NoticeSubmit } from '@aos/contract';
import { CrudPage } from '../../../components/crud/CrudPage';
import { crudApi } from '../../../api/crud';
import type { CrudColumn } from '../../../components/crud/types';
import './locale';

const api = crudApi<Notice>('/api/blade-desk/notice');

const columns: CrudColumn<Notice>[] = [
  {
    field: 'title',
    label: 'notice.titleLabel',
    schema: NoticeSubmit.shape.title,
    required: true,
    search: true,
    span: 24,
  },
  {
    field: 'category',
    label: 'notice.category',
    type: 'select',
    dict: { code: DICT.notice },
    schema: NoticeSubmit.shape.category,
    required: true,
    search: true,
    width: 140,
  },
  {
    field: 'releaseTime',
    label: 'notice.releaseTime',
    type: 'datetime',
    schema: NoticeSubmit.shape.releaseTime,
    required: true,
    width: 170,
  },
  // Plain multi-line text, shown as text (never as HTML), so nothing in it can run in the browser.
  {
    field: 'content',
    label: 'notice.content',
    type: 'textarea',
    schema: NoticeSubmit.shape.content,
    required: true,
    table: false,
  },
  { field: 'createTime', label: 'crud.createTime', form: false, width: 170 },
];

/** Notices of the tenant (notice): title, category, release time and text. */
export default function NoticePage() {
  return <CrudPage<Notice> code="notice" title="notice.title" columns={columns} api={api} />;
}
