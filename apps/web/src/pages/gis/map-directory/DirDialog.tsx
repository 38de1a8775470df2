import type { MapDir, MapDirNode } from '@aos/contract';
import { Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http';
import { useAction } from '../../../components/useAction';
import { submitDir } from './api';

export interface DirDialogState {
  /** the directory edited; none: a new one */
  dir?: MapDir;
  /** a new directory's parent ('0' or none: top level) */
  parentId?: string;
}

interface DirForm {
  name: string;
  parentId: string;
  sort: number;
  remark?: string;
}

export interface DirOption {
  value: string;
  title: string;
  children: DirOption[];
}

/** The directory tree as TreeSelect options, without `except` and what is below it (no cycles). */
export function dirOptions(tree: readonly MapDirNode[], except?: string): DirOption[] {
  return tree
    .filter((node) => node.id !== except)
    .map((node) => ({ value: node.id, title: node.name, children: dirOptions(node.children, except) }));
}

/** Add or edit a directory: its name, parent, order and remark. */
export function DirDialog({
  state,
  tree,
  onClose,
  onSaved,
}: {
  state: DirDialogState | null;
  tree: readonly MapDirNode[];
  onClose: () => void;
  onSaved: (dir: MapDir) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DirForm>();
  const save = useAction();
  const editing = state?.dir;
  const options = useMemo(
    () => [{ value: '0', title: t('mapDir.root'), children: dirOptions(tree, editing?.id) }],
    [tree, editing?.id, t],
  );

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { name: editing.name, parentId: editing.parentId, sort: editing.sort, remark: editing.remark ?? '' }
        : { name: '', parentId: state.parentId ?? '0', sort: 1, remark: '' },
    );
  }, [state, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    await save.run(() => submitDir({ ...(editing ? { id: editing.id } : {}), ...values }), {
      success: editing ? t('common.updated') : t('common.added'),
      onDone: onSaved,
      onError: (error) => {
        const errors = fieldErrors(error);
        if (errors)
          form.setFields(
            Object.entries(errors).map(([name, text]) => ({ name: name as keyof DirForm, errors: [text] })),
          );
      },
    });
  };

  return (
    <Modal
      open={Boolean(state)}
      title={
        editing
          ? t('mapDir.editDir')
          : state?.parentId && state.parentId !== '0'
            ? t('mapDir.addSubDir')
            : t('mapDir.addDir')
      }
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'mapdir-dir-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" data-testid="mapdir-dir-form" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('mapDir.dirName')}
          rules={[{ required: true, whitespace: true, message: t('mapDir.nameRequired') }, { max: 100 }]}
        >
          <Input autoFocus maxLength={100} data-testid="mapdir-dir-name" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item name="parentId" label={t('mapDir.parent')}>
          <TreeSelect treeData={options} treeDefaultExpandAll data-testid="mapdir-dir-parent" />
        </Form.Item>
        <Form.Item name="sort" label={t('mapDir.sort')}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="remark" label={t('mapDir.remark')} rules={[{ max: 255 }]}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
