import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http';
import { CheckTree } from '../role/CheckTree';
import { grantTopMenus, loadTopGrant } from './api';

/**
 * Which side menus a top menu shows (spec §6 "a top menu can be granted menus"). A fully ticked menu is
 * shown with everything below it; the half-ticked parents are not sent, so only what is ticked shows.
 */
export function TopMenuGrantDialog({ topMenuIds, onClose }: { topMenuIds: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const grant = useQuery({
    queryKey: ['topmenu-grant', topMenuIds],
    queryFn: () => loadTopGrant(topMenuIds),
    gcTime: 0,
  });

  // A shown menu shows everything below it: the tree ticks the children of a ticked parent itself.
  useEffect(() => {
    if (grant.data) setChecked(grant.data.keys);
  }, [grant.data]);

  const save = async () => {
    setSaving(true);
    try {
      await grantTopMenus(topMenuIds, checked);
      message.success(t('topmenu.granted'));
      onClose();
    } catch (error) {
      if (!(error instanceof HttpError && error.shown)) message.error(t('common.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('topmenu.grantTitle')}
      width={560}
      maskClosable={false}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!grant.data}
            onClick={() => void save()}
            data-testid="topmenu-grant-submit"
          >
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={grant.isFetching}>
        <CheckTree
          nodes={grant.data?.tree ?? []}
          checked={checked}
          onChange={setChecked}
          testId="topmenu-grant-tree"
        />
      </Spin>
    </Modal>
  );
}
