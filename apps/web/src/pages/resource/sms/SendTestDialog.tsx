import { type Sms, SmsPhone } from '@aos/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaProblem } from '../../../components/crud/validation';
import { useAction } from '../../../components/useAction';
import { useSession } from '../../../store/session';
import { sendMessage } from '../api';

/** "Send a test message" through one configuration: a phone (checked like the server does) and a text. */
export function SendTestDialog({ config, onClose }: { config: Sms; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [form] = Form.useForm<{ phone: string; content: string }>();
  const { busy: sending, run } = useAction({ success: t('sms.sent'), onDone: onClose });

  const send = async () => {
    const { phone, content } = await form.validateFields();
    await run(() => sendMessage(config.smsCode, phone.trim(), content));
  };

  return (
    <Modal
      open
      title={`${t('sms.sendTest')} · ${config.smsCode}`}
      width={520}
      maskClosable={false}
      okText={t('sms.send')}
      okButtonProps={{ loading: sending, 'data-testid': 'sms-send' } as { loading: boolean }}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="sms-send-form">
        <Form.Item
          name="phone"
          label={t('sms.phone')}
          required
          rules={[
            {
              validator: async (_, value) => {
                const problem = schemaProblem(SmsPhone, value, language, t('sms.phone'));
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input placeholder="13800000000" maxLength={11} data-testid="field-phone" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('sms.content')}
          initialValue={t('sms.testText')}
          rules={[
            { required: true, whitespace: true, message: t('crud.required', { field: t('sms.content') }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={300} data-testid="field-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
