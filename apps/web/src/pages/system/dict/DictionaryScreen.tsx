import { SettingOutlined } from '@ant-design/icons';
import { type Dict, PLATFORM_TENANT_ID } from '@aos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage';
import { useSession } from '../../../store/session';
import { DICTIONARY_QUERY, type DictKind, parentApi } from './api';
import { ChildDialog } from './ChildDialog';
import { parentColumns } from './columns';
import './locale';

/**
 * A dictionary screen (spec §2 "dictionary management"): the table of dictionaries, and for the chosen one
 * its entries as a tree table in a dialog. The server decides who may change what; the screen hides what
 * would be refused: system dictionaries outside the platform tenant, sealed entries for tenants.
 */
export function DictionaryScreen({ kind }: { kind: DictKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tenantId = useSession((state) => state.tenantId);
  const [parent, setParent] = useState<Dict>();
  const code = kind === 'dict' ? 'dict' : 'dict_biz';
  const platform = tenantId === PLATFORM_TENANT_ID;
  const readOnly = kind === 'dict' && !platform;
  const permissions = readOnly ? ({ add: false, edit: false, delete: false } as const) : undefined;
  const locked = useCallback((row: { isSealed: number }) => !platform && row.isSealed === 1, [platform]);

  // Every screen caches dictionary options for a while: a change here makes them stale at once.
  const changed = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: DICTIONARY_QUERY });
    void queryClient.invalidateQueries({ queryKey: ['dict-entry-tree', kind] });
  }, [queryClient, kind]);
  const api = useMemo(() => parentApi(kind, changed), [kind, changed]);

  return (
    <>
      {readOnly && <Alert style={{ marginBottom: 12 }} type="info" showIcon title={t('dict.platformOnly')} />}
      {!readOnly && !platform && (
        <Alert style={{ marginBottom: 12 }} type="info" showIcon title={t('dict.sealedHint')} />
      )}
      <CrudPage<Dict>
        code={code}
        testId={kind}
        title="dict.title"
        columns={parentColumns}
        api={api}
        permissions={permissions}
        rowEditable={(row) => !locked(row)}
        rowDeletable={(row) => !locked(row)}
        actionWidth={280}
        rowActions={(row) => (
          <Button
            type="link"
            size="small"
            icon={<SettingOutlined />}
            data-testid="row-config"
            onClick={() => setParent(row)}
          >
            {t('dict.config')}
          </Button>
        )}
      />
      {parent && (
        <ChildDialog
          kind={kind}
          code={code}
          parent={parent}
          permissions={permissions}
          locked={locked}
          changed={changed}
          onClose={() => setParent(undefined)}
        />
      )}
    </>
  );
}
