import { KeyOutlined } from '@ant-design/icons';
import type { DeviceCredential } from '@aos/contract';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the dialog shows: the credentials and the name of the device or dock they belong to. */
export interface IssuedCredential extends DeviceCredential {
  name: string;
}

/**
 * The MQTT credentials of a device or dock, shown once: right after it was registered or its credentials were
 * reset. The server keeps only a hash of the password, so the dialog says plainly that it cannot be shown
 * again, and each value can be copied. It closes only by the operator's own click.
 */
export function CredentialDialog({
  credential,
  onClose,
}: {
  credential: IssuedCredential | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const value = (text: string, testId: string) => (
    <Typography.Text code copyable={{ text }} data-testid={testId} style={{ fontSize: 14 }}>
      {text}
    </Typography.Text>
  );
  return (
    <Modal
      open={Boolean(credential)}
      width={600}
      maskClosable={false}
      keyboard={false}
      closable={false}
      title={
        <span>
          <KeyOutlined style={{ marginRight: 8 }} />
          {t('device.credential.title')}
        </span>
      }
      footer={
        <Button type="primary" onClick={onClose} data-testid="credential-close">
          {t('device.credential.saved')}
        </Button>
      }
    >
      {credential && (
        <div data-testid="credential-dialog">
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('device.credential.once')}
            description={t('device.credential.onceDetail', { name: credential.name })}
          />
          <Descriptions bordered column={1} size="small" styles={{ label: { width: 140 } }}>
            <Descriptions.Item label={t('device.serialNumber')}>
              {value(credential.serialNumber, 'credential-serial')}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.credential.username')}>
              {value(credential.username, 'credential-username')}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.credential.password')}>
              {value(credential.password, 'credential-password')}
            </Descriptions.Item>
          </Descriptions>
        </div>
      )}
    </Modal>
  );
}
