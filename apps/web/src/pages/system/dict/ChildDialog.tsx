import { PlusOutlined } from '@ant-design/icons';
import { type Dict, DICT_DIALOG_WIDTH, type DictNode } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage';
import { childApi, type DictKind, entryTree, entryTreeQuery } from './api';
import { childColumns } from './columns';

export interface ChildDialogProps {
  kind: DictKind;
  /** the menu code whose buttons govern the entries too */
  code: string;
  parent: Dict;
  /** the caller's permission overrides (system dictionaries are read-only outside the platform) */
  permissions?: Partial<Record<'add' | 'edit' | 'delete' | 'view', string | false>>;
  locked: (row: { isSealed: number }) => boolean;
  changed: () => void;
  onClose: () => void;
}

/**
 * The entries of one dictionary as a tree table, in a dialog 880 wide that an outside click does not close
 * (spec §2, §9): add an entry or a child under an entry, edit, delete.
 */
export function ChildDialog({ kind, code, parent, permissions, locked, changed, onClose }: ChildDialogProps) {
  const { t, i18n } = useTranslation();
  const tree = useQuery({
    queryKey: entryTreeQuery(kind, parent.code),
    queryFn: () => entryTree(kind, parent.code),
  });
  const api = useMemo(() => childApi(kind, changed), [kind, changed]);
  const columns = useMemo(() => childColumns(tree.data ?? [], parent), [tree.data, parent]);
  const name = i18n.language === 'en-US' && parent.dictValueEn ? parent.dictValueEn : parent.dictValue;
  const fixed = { code: parent.code };
  const mayAdd = (can: (code: string) => boolean) => permissions?.add !== false && can(`${code}_add`);

  return (
    <Modal
      open
      width={DICT_DIALOG_WIDTH}
      maskClosable={false}
      destroyOnHidden
      title={t('dict.configTitle', { name, code: parent.code })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('dict.close')}</Button>}
      rootClassName="dict-child-dialog"
    >
      <div data-testid="dict-child-dialog">
        <CrudPage<DictNode>
          code={code}
          testId="dict-child"
          title="dict.entry"
          tree
          dateRange={false}
          actionWidth={260}
          columns={columns}
          api={api}
          query={{ parentId: parent.id }}
          permissions={permissions}
          rowEditable={(row) => !locked(row)}
          rowDeletable={(row) => !locked(row)}
          beforeSubmit={(values, editing) => ({
            ...values,
            ...fixed,
            ...(editing ? { id: editing.id } : {}),
          })}
          rowActions={(row, actions) =>
            mayAdd(actions.can) ? (
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                data-testid="row-add-child"
                onClick={() => actions.openAdd({ parentId: row.id, ...fixed } as Partial<DictNode>)}
              >
                {t('dict.addChild')}
              </Button>
            ) : null
          }
        />
      </div>
    </Modal>
  );
}
