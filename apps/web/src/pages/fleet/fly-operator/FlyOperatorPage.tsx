import { type FlyOperator, FLY_OPERATOR_ON, FlyOperatorSubmit } from '@aos/contract';
import { App, Button, type ButtonProps, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudActions, CrudColumn } from '../../../components/crud/types';
import { useAction } from '../../../components/useAction';
import { flyOperatorApi, turnOperators, userOptions } from './api';
import './locale';

const STATUS = [
  { value: FLY_OPERATOR_ON, label: 'flyOperator.on' },
  { value: 0, label: 'flyOperator.off' },
];

/** Fly operators (pilots): licence, linked account, switched on and off one by one or in bulk. */
export default function FlyOperatorPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { run } = useAction();

  const columns: CrudColumn<FlyOperator>[] = [
    {
      field: 'name',
      label: 'flyOperator.name',
      schema: FlyOperatorSubmit.shape.name,
      required: true,
      search: true,
      width: 140,
    },
    {
      field: 'phone',
      label: 'flyOperator.phone',
      schema: FlyOperatorSubmit.shape.phone,
      required: true,
      search: true,
      width: 140,
    },
    {
      field: 'userId',
      label: 'flyOperator.userId',
      type: 'tree-select',
      treeData: userOptions,
      schema: FlyOperatorSubmit.shape.userId,
      required: true,
      table: false,
      view: false,
    },
    {
      field: 'userAccount',
      label: 'flyOperator.userAccount',
      form: false,
      width: 160,
      render: (_, record) =>
        record.userRealName ? `${record.userRealName} (${record.userAccount})` : (record.userAccount ?? ''),
    },
    {
      field: 'licenceNumber',
      label: 'flyOperator.licenceNumber',
      schema: FlyOperatorSubmit.shape.licenceNumber,
      required: true,
      search: true,
      width: 160,
    },
    {
      field: 'licenceExpiry',
      label: 'flyOperator.licenceExpiry',
      type: 'date',
      schema: FlyOperatorSubmit.shape.licenceExpiry,
      required: true,
      width: 150,
      render: (value) => {
        const day = String(value ?? '');
        const expired = day !== '' && day < dayjs().format('YYYY-MM-DD');
        return expired ? (
          <span>
            {day} <Tag color="red">{t('flyOperator.expired')}</Tag>
          </span>
        ) : (
          day
        );
      },
    },
    {
      field: 'status',
      label: 'flyOperator.status',
      type: 'select',
      options: STATUS,
      form: false,
      search: true,
      width: 90,
      render: (value) =>
        value === FLY_OPERATOR_ON ? (
          <Tag color="green">{t('flyOperator.on')}</Tag>
        ) : (
          <Tag>{t('flyOperator.off')}</Tag>
        ),
    },
    {
      field: 'remark',
      label: 'flyOperator.remark',
      type: 'textarea',
      schema: FlyOperatorSubmit.shape.remark,
      table: false,
    },
    { field: 'createTime', label: 'crud.createTime', form: false, table: false },
  ];

  const turn = (on: boolean, rows: FlyOperator[], actions: CrudActions<FlyOperator>) => {
    if (rows.length === 0) {
      message.warning(t('crud.selectOne'));
      return;
    }
    const ids = rows.map((row) => row.id);
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t(on ? 'flyOperator.confirmOn' : 'flyOperator.confirmOff'),
      okButtonProps: { 'data-testid': 'confirm-turn' } as ButtonProps,
      onOk: () =>
        run(() => turnOperators(on, ids), {
          success: t(on ? 'flyOperator.turnedOn' : 'flyOperator.turnedOff'),
          onDone: actions.refresh,
        }),
    });
  };

  return (
    <CrudPage<FlyOperator>
      code="fly_operator"
      testId="fly-operator"
      title="flyOperator.title"
      columns={columns}
      api={flyOperatorApi}
      actionWidth={260}
      toolbar={(actions) => (
        <>
          {actions.can('fly_operator_on') && (
            <Button data-testid="fly-operator-on" onClick={() => turn(true, actions.selected, actions)}>
              {t('flyOperator.turnOn')}
            </Button>
          )}
          {actions.can('fly_operator_off') && (
            <Button data-testid="fly-operator-off" onClick={() => turn(false, actions.selected, actions)}>
              {t('flyOperator.turnOff')}
            </Button>
          )}
        </>
      )}
      rowActions={(record, actions) =>
        record.status === FLY_OPERATOR_ON
          ? actions.can('fly_operator_off') && (
              <Button
                type="link"
                size="small"
                data-testid="row-off"
                onClick={() => turn(false, [record], actions)}
              >
                {t('flyOperator.turnOff')}
              </Button>
            )
          : actions.can('fly_operator_on') && (
              <Button
                type="link"
                size="small"
                data-testid="row-on"
                onClick={() => turn(true, [record], actions)}
              >
                {t('flyOperator.turnOn')}
              </Button>
            )
      }
    />
  );
}
