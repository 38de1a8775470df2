import { type Client, type ClientSaved, ClientSubmit, GRANT_TYPES } from '@aos/contract';
import { Modal, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudApi, crudApi } from '../../../api/crud';
import { runtimeConfig } from '../../../store/runtime-config';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import './locale';

const crud = crudApi<Client>('/api/blade-system/client');
const GRANTS = GRANT_TYPES.map((grant) => ({ value: grant, label: grant }));

/**
 * OAuth clients (platform tenant only). A secret is shown once, right after the save that set it (added,
 * or reset by typing a new one); the client this console signs in with cannot be removed.
 */
export default function ClientPage() {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<{ clientId: string; secret: string }>();

  const api = useMemo<CrudApi<Client>>(
    () => ({
      ...crud,
      submit: async (values) => {
        const saved = (await crud.submit(values)) as ClientSaved;
        if (saved.clientSecret) setSecret({ clientId: saved.clientId, secret: saved.clientSecret });
        return saved;
      },
    }),
    [],
  );

  const columns = useMemo<CrudColumn<Client>[]>(
    () => [
      {
        field: 'clientId',
        label: 'client.clientId',
        schema: ClientSubmit.shape.clientId,
        required: true,
        search: true,
        width: 180,
        render: (value) => (
          <span>
            {String(value)}
            {value === runtimeConfig.clientId && (
              <Tag color="blue" style={{ marginLeft: 8 }}>
                {t('client.consoleClient')}
              </Tag>
            )}
          </span>
        ),
      },
      {
        field: 'clientSecret',
        label: 'client.clientSecret',
        type: 'password',
        schema: ClientSubmit.shape.clientSecret,
        tooltip: 'client.secretHint',
        table: false,
        view: false,
      },
      {
        field: 'scope',
        label: 'client.scope',
        schema: ClientSubmit.shape.scope,
        required: true,
        initialValue: 'all',
        width: 90,
      },
      {
        field: 'authorizedGrantTypes',
        label: 'client.grantTypes',
        type: 'select',
        multiple: true,
        options: GRANTS,
        schema: ClientSubmit.shape.authorizedGrantTypes,
        required: true,
        initialValue: 'password,refresh_token',
        span: 24,
      },
      {
        field: 'accessTokenValidity',
        label: 'client.accessTokenValidity',
        type: 'number',
        schema: ClientSubmit.shape.accessTokenValidity,
        required: true,
        initialValue: 3600,
        width: 150,
      },
      {
        field: 'refreshTokenValidity',
        label: 'client.refreshTokenValidity',
        type: 'number',
        schema: ClientSubmit.shape.refreshTokenValidity,
        required: true,
        initialValue: 604800,
        width: 170,
      },
      {
        field: 'webServerRedirectUri',
        label: 'client.redirectUri',
        schema: ClientSubmit.shape.webServerRedirectUri,
        table: false,
      },
      {
        field: 'resourceIds',
        label: 'client.resourceIds',
        schema: ClientSubmit.shape.resourceIds,
        table: false,
      },
      {
        field: 'authorities',
        label: 'client.authorities',
        schema: ClientSubmit.shape.authorities,
        table: false,
      },
      {
        field: 'autoapprove',
        label: 'client.autoapprove',
        schema: ClientSubmit.shape.autoapprove,
        table: false,
      },
      {
        field: 'additionalInformation',
        label: 'client.additionalInformation',
        type: 'textarea',
        schema: ClientSubmit.shape.additionalInformation,
        table: false,
      },
      { field: 'createTime', label: 'crud.createTime', form: false, width: 170 },
    ],
    [t],
  );

  return (
    <>
      <CrudPage<Client>
        code="client"
        title="client.title"
        columns={columns}
        api={api}
        rowDeletable={(record) => record.clientId !== runtimeConfig.clientId}
      />
      <Modal
        open={Boolean(secret)}
        width={520}
        maskClosable={false}
        title={t('client.secretTitle')}
        okText={t('client.gotIt')}
        onOk={() => setSecret(undefined)}
        onCancel={() => setSecret(undefined)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        {secret && (
          <div data-testid="client-secret">
            <Typography.Paragraph>
              {t('client.secretIntro', { clientId: secret.clientId })}
            </Typography.Paragraph>
            <Typography.Text code copyable data-testid="client-secret-value">
              {secret.secret}
            </Typography.Text>
          </div>
        )}
      </Modal>
    </>
  );
}
