import { type Airspace, AirspaceReject } from '@aos/contract';
import { type ButtonProps, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changeStatus } from './api';
import { useAction } from '../../../components/useAction';
import { useSession } from '../../../store/session';
import { schemaProblem } from '../../../components/crud/validation';
import './locale';

/** The reason, with its own message when left empty. */
const REASON = z.preprocess((value) => value ?? '', AirspaceReject.shape.reason);

/** Reject a submitted application with a reason (required, up to 300 characters). */
export function RejectDialog({
  record,
  onClose,
  onRejected,
}: {
  record: Airspace | null;
  onClose: () => void;
  onRejected: () => void;
}) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [form] = Form.useForm<{ reason: string }>();
  const rejecting = useAction({ success: t('airspace.rejected') });
  const label = t('airspace.rejectReason');
  const submit = async () => {
    if (!record) return;
    const { reason } = await form.validateFields();
    await rejecting.run(() => changeStatus('reject', record.id, reason), { onDone: onRejected });
  };
  return (
    <Modal
      open={Boolean(record)}
      title={record ? `${t('airspace.rejectTitle')} · ${record.name}` : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('airspace.reject')}
      okButtonProps={
        { danger: true, loading: rejecting.busy, 'data-testid': 'airspace-reject-ok' } as ButtonProps
      }
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          required
          rules={[
            {
              validator: async (_, value: unknown) => {
                const problem = schemaProblem(REASON, value, language, label);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={300}
            showCount
            data-testid="airspace-reject-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
