import { DICT, type Post, PostSubmit } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import './locale';

const api = crudApi<Post>('/api/blade-system/post');

const columns: CrudColumn<Post>[] = [
  {
    field: 'category',
    label: 'post.category',
    type: 'select',
    dict: { code: DICT.post_category },
    schema: PostSubmit.shape.category,
    required: true,
    search: true,
  },
  {
    field: 'postCode',
    label: 'post.postCode',
    schema: PostSubmit.shape.postCode,
    required: true,
    search: true,
  },
  {
    field: 'postName',
    label: 'post.postName',
    schema: PostSubmit.shape.postName,
    required: true,
    search: true,
  },
  {
    field: 'sort',
    label: 'post.sort',
    type: 'number',
    schema: PostSubmit.shape.sort,
    required: true,
    initialValue: 1,
    width: 90,
  },
  {
    field: 'remark',
    label: 'post.remark',
    type: 'textarea',
    schema: PostSubmit.shape.remark,
    ellipsis: true,
  },
  { field: 'createTime', label: 'crud.createTime', form: false, width: 180 },
];

/** Posts (job positions) of the tenant: the reference CRUD screen. */
export default function PostPage() {
  return <CrudPage<Post> code="post" title="post.title" columns={columns} api={api} />;
}
