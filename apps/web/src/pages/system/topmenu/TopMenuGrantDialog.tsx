import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../components/useAction';
import { CheckTree } from '../role/CheckTree';
import { GrantModal } from '../role/GrantModal';
import { grantTopMenus, loadTopGrant } from './api';

/**
 * Which side menus a top menu shows (spec §6 "a top menu can be granted menus"). A fully ticked menu is
 * shown with everything below it; the half-ticked parents are not sent, so only what is ticked shows.
 */
export function TopMenuGrantDialog({ topMenuIds, onClose }: { topMenuIds: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<string[]>([]);
  const { busy: saving, run } = useAction({
    success: t('topmenu.granted'),
    failure: t('common.saveFailed'),
    onDone: onClose,
  });
  const grant = useQuery({
    queryKey: ['topmenu-grant', topMenuIds],
    queryFn: () => loadTopGrant(topMenuIds),
    gcTime: 0,
  });

  // A shown menu shows everything below it: the tree ticks the children of a ticked parent itself.
  useEffect(() => {
    if (grant.data) setChecked(grant.data.keys);
  }, [grant.data]);

  return (
    <GrantModal
      title={t('topmenu.grantTitle')}
      width={560}
      loading={grant.isFetching}
      ready={Boolean(grant.data)}
      saving={saving}
      submitTestId="topmenu-grant-submit"
      onSubmit={() => void run(() => grantTopMenus(topMenuIds, checked))}
      onClose={onClose}
    >
      <CheckTree
        nodes={grant.data?.tree ?? []}
        checked={checked}
        onChange={setChecked}
        testId="topmenu-grant-tree"
      />
    </GrantModal>
  );
}
