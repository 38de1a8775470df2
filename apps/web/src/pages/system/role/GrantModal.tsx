import { Button, Modal, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of the grant dialogs (roles, top menus): the trees under a spinner while the grant loads, and
 * cancel and submit, submit only once the grant is there. Closes only by its buttons, not by a click outside.
 */
export function GrantModal({
  title,
  width,
  loading,
  ready,
  saving,
  submitTestId,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  width: number;
  /** the grant is being fetched */
  loading: boolean;
  /** the grant has arrived */
  ready: boolean;
  saving: boolean;
  submitTestId: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      width={width}
      maskClosable={false}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!ready}
            onClick={onSubmit}
            data-testid={submitTestId}
          >
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>{children}</Spin>
    </Modal>
  );
}
