import { RESOURCE_ENABLED } from '@aos/contract';
import { Button, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/useAction';
import { enableConfig } from './api';

/** The status cell of an oss or sms configuration: the enabled one stands out. */
export function EnabledTag({ status }: { status: unknown }) {
  const { t } = useTranslation();
  return Number(status) === RESOURCE_ENABLED ? (
    <Tag color="green">{t('resource.enabled')}</Tag>
  ) : (
    <Tag>{t('resource.disabled')}</Tag>
  );
}

/** Row action: make this configuration the tenant's enabled one (the others are switched off). */
export function EnableButton({
  kind,
  record,
  refresh,
}: {
  kind: 'oss' | 'sms';
  record: { id: string; status: number };
  refresh: () => void;
}) {
  const { t } = useTranslation();
  const { run } = useAction({ success: t('resource.enableDone'), onDone: refresh });
  if (record.status === RESOURCE_ENABLED) return null;
  return (
    <Popconfirm
      title={t('resource.enableConfirm')}
      okButtonProps={{ 'data-testid': 'confirm-enable' } as Record<string, string>}
      onConfirm={() => run(() => enableConfig(kind, record.id))}
    >
      <Button type="link" size="small" data-testid="row-enable">
        {t('resource.enable')}
      </Button>
    </Popconfirm>
  );
}
