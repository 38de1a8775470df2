import type { Task } from '@aos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, HttpError } from '../../api/http';
import { assignTask, operatorList } from './api';
import './locale';

/**
 * Give a task to an operator (`project-task/assign`, button task_assign / mission_task_assign): the tenant's
 * users to choose from, the current operator shown. A refusal is shown where it belongs: `operatorId` on the
 * picker, anything else (the task is over, `id`) above the form.
 */
export function TaskAssignDialog({
  task,
  onClose,
  onDone,
}: {
  task: Pick<Task, 'id' | 'name' | 'operatorId' | 'operatorName'> | undefined;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ operatorId?: string }>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const users = useQuery({
    queryKey: ['task', 'operators'],
    queryFn: operatorList,
    enabled: Boolean(task),
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!task) return;
    setRefusal(undefined);
    form.resetFields();
    form.setFieldsValue({ operatorId: task.operatorId ?? undefined });
  }, [task, form]);

  const options = (users.data ?? []).map((user) => ({
    value: user.id,
    label: user.realName ? `${user.realName} (${user.account})` : user.account,
  }));

  const submit = async () => {
    if (!task) return;
    const { operatorId } = await form.validateFields();
    setBusy(true);
    setRefusal(undefined);
    try {
      const saved = await assignTask(task.id, operatorId!);
      void message.success(
        t('taskManager.assign.done', { name: task.name, operator: saved.operatorName ?? '' }),
      );
      void queryClient.invalidateQueries({ queryKey: ['task'] });
      onDone?.();
      onClose();
    } catch (error) {
      const errors = fieldErrors(error) ?? {};
      if (errors.operatorId) form.setFields([{ name: 'operatorId', errors: [errors.operatorId] }]);
      const other = Object.entries(errors)
        .filter(([field]) => field !== 'operatorId')
        .map(([, text]) => text);
      if (other.length) setRefusal(other.join('; '));
      else if (!errors.operatorId) setRefusal(error instanceof HttpError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(task)}
      title={task ? t('taskManager.assign.title', { name: task.name }) : ''}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('taskManager.assign.submit')}
      okButtonProps={{ loading: busy, 'data-testid': 'assign-submit' } as never}
      destroyOnHidden
      modalRender={(node) => <div data-testid="task-assign">{node}</div>}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={refusal}
          data-testid="assign-refusal"
        />
      )}
      <Typography.Paragraph type="secondary" data-testid="assign-current">
        {task?.operatorName
          ? t('taskManager.assign.current', { name: task.operatorName })
          : t('taskManager.assign.none')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="operatorId"
          label={t('taskManager.assign.operator')}
          rules={[{ required: true, message: t('taskManager.assign.pick') }]}
          extra={t('taskManager.assign.hint')}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={users.isLoading}
            options={options}
            placeholder={t('taskManager.assign.pick')}
            data-testid="field-operatorId"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
