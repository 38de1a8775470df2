import { AimOutlined, UploadOutlined } from '@ant-design/icons';
import { AIRSPACE_EDITABLE, type Airspace, type AirspaceDetail, type AirspaceStatus } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Tooltip, Typography, Upload } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDictionary, type CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudActions } from '../../../components/crud/types';
import { MapLoading } from '../../../components/map/LazyMapView';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { useAction } from '../../../components/useAction';
import { useSession } from '../../../store/session';
import { airspaceApi, changeStatus, importAirspace } from './api';
import { AirspaceDetailDialog } from './AirspaceDetailDialog';
import { airspaceColumns } from './columns';
import { fromForm, toForm, withFieldErrorsOnFields, windowQuery } from './form';
import { RejectDialog } from './RejectDialog';
import { STATUS_COLORS } from './status';
import './airspace.css';
import './locale';

const AirspaceMap = lazy(() => loadMapChunk(() => import('./AirspaceMap')));

const MAP_HEIGHT = 560;
/** Statuses whose application may be removed: never one in review or in force. */
const REMOVABLE: readonly AirspaceStatus[] = ['draft', 'rejected', 'expired'];

/**
 * Airspace applications (menu `airspace`, spec §3 Airspace): the table with search by name, status and window,
 * the listed ranges on a map beside it, the add/edit dialog with the range editor, import of one range,
 * submit, approve and reject (with a reason), and the detail with files, range and status history.
 */
export default function AirspacePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const language = useSession((state) => state.language);
  const settings = useMapSettings();
  const [listed, setListed] = useState<Airspace[]>([]);
  const [selected, setSelected] = useState<{ id: string; key: number } | null>(null);
  const [detail, setDetail] = useState<AirspaceDetail | null>(null);
  const [rejecting, setRejecting] = useState<{ record: Airspace; done: () => void } | null>(null);
  const [importing, setImporting] = useState(false);
  const acting = useAction();
  const columns = useMemo(() => airspaceColumns(t, language), [t, language]);
  const natures = useQuery({
    queryKey: ['dict-biz', 'task_nature', language],
    queryFn: () => getDictionary('task_nature', true),
  });
  const natureLabel = (key: number | null) =>
    natures.data?.find((item) => item.dictKey === String(key))?.dictValue ??
    (key === null ? '' : String(key));

  const focus = (id: string) => setSelected((now) => ({ id, key: (now?.key ?? 0) + 1 }));

  const api = useMemo<CrudApi<Airspace>>(
    () => ({
      page: async (query) => {
        const page = await airspaceApi.page(windowQuery(query));
        setListed(page.records);
        return page;
      },
      // the edit dialog's form holds the files and points in its own shape
      detail: async (id) => toForm(await airspaceApi.detail(id)) as unknown as Airspace,
      submit: (values) => withFieldErrorsOnFields(() => airspaceApi.submit(values)),
      remove: airspaceApi.remove,
    }),
    [],
  );

  const openDetail = (record: Airspace) =>
    void acting.run(() => airspaceApi.detail(record.id), {
      onDone: (full) => {
        setDetail(full);
        focus(record.id);
      },
    });

  const confirm = (action: 'apply' | 'approve', record: Airspace, actions: CrudActions<Airspace>) =>
    modal.confirm({
      title: t('airspace.confirmTitle'),
      content: t(action === 'apply' ? 'airspace.confirmApply' : 'airspace.confirmApprove', {
        name: record.name,
      }),
      okButtonProps: { 'data-testid': 'airspace-confirm' } as ButtonProps,
      onOk: () =>
        acting.run(() => changeStatus(action, record.id), {
          success: t(action === 'apply' ? 'airspace.applied' : 'airspace.approved'),
          onDone: () => actions.refresh(),
        }),
    });

  const rowActions = (record: Airspace, actions: CrudActions<Airspace>) => {
    const status = record.approvalStatus;
    const link = (key: string, label: string, onClick: () => void, danger = false) => (
      <Button key={key} type="link" size="small" danger={danger} onClick={onClick} data-testid={`row-${key}`}>
        {label}
      </Button>
    );
    return (
      <>
        {actions.can('airspace_view') && link('detail', t('airspace.view'), () => openDetail(record))}
        {status === 'draft' &&
          actions.can('airspace_edit') &&
          link('apply', t('airspace.apply'), () => confirm('apply', record, actions))}
        {status === 'submitted' &&
          actions.can('airspace_approve') &&
          link('approve', t('airspace.approve'), () => confirm('approve', record, actions))}
        {status === 'submitted' &&
          actions.can('airspace_approve') &&
          link('reject', t('airspace.reject'), () => setRejecting({ record, done: actions.refresh }), true)}
        <Tooltip title={t('airspace.locate')}>
          <Button
            type="link"
            size="small"
            icon={<AimOutlined />}
            aria-label={t('airspace.locate')}
            onClick={() => focus(record.id)}
            data-testid="row-locate"
          />
        </Tooltip>
      </>
    );
  };

  const toolbar = (actions: CrudActions<Airspace>) =>
    actions.can('airspace_import') && (
      <Tooltip title={t('airspace.importHint')}>
        <Upload
          accept=".zip,.kml,.kmz,.geojson,.json"
          showUploadList={false}
          beforeUpload={(file) => {
            setImporting(true);
            void acting
              .run(() => importAirspace(file), {
                onDone: (draft) => {
                  void message.success(t('airspace.imported', { name: draft.name }));
                  actions.refresh();
                  focus(draft.id);
                  actions.openEdit(draft);
                },
              })
              .finally(() => setImporting(false));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importing} data-testid="airspace-import">
            {t('airspace.import')}
          </Button>
        </Upload>
      </Tooltip>
    );

  const ranges = useMemo(
    () =>
      listed.map((record) => ({
        id: record.id,
        name: record.name,
        geometry: record.geometry,
        status: record.approvalStatus,
      })),
    [listed],
  );

  return (
    <div className="airspace-page" data-testid="airspace-screen">
      <div className="airspace-page__list">
        <CrudPage<Airspace>
          code="airspace"
          testId="airspace"
          title="airspace.title"
          columns={columns}
          api={api}
          permissions={{ view: false }}
          dateRange={false}
          dialogWidth={1040}
          actionWidth={230}
          rowEditable={(record) => AIRSPACE_EDITABLE.includes(record.approvalStatus)}
          rowDeletable={(record) => REMOVABLE.includes(record.approvalStatus)}
          beforeSubmit={fromForm}
          rowActions={rowActions}
          toolbar={toolbar}
        />
      </div>
      <aside className="airspace-page__map">
        <div className="airspace-page__map-head">
          <Typography.Text strong>{t('airspace.mapTitle')}</Typography.Text>
          <Typography.Text type="secondary">{t('airspace.listed', { count: listed.length })}</Typography.Text>
        </div>
        <Suspense fallback={<MapLoading height={MAP_HEIGHT} />}>
          <AirspaceMap
            settings={settings}
            ranges={ranges}
            selectedId={selected?.id}
            focusKey={selected?.key}
            onSelect={focus}
            height={MAP_HEIGHT}
            testId="airspace-map"
          />
        </Suspense>
        <div className="airspace-page__legend">
          {(Object.keys(STATUS_COLORS) as AirspaceStatus[]).map((status) => (
            <span key={status}>
              <i style={{ borderColor: STATUS_COLORS[status], background: `${STATUS_COLORS[status]}26` }} />
              {t(`airspace.statuses.${status}`)}
            </span>
          ))}
        </div>
        <Typography.Text type="secondary" className="airspace-page__hint">
          {t('airspace.mapHint')}
        </Typography.Text>
      </aside>
      <AirspaceDetailDialog record={detail} taskNature={natureLabel} onClose={() => setDetail(null)} />
      <RejectDialog
        record={rejecting?.record ?? null}
        onClose={() => setRejecting(null)}
        onRejected={() => {
          rejecting?.done();
          setRejecting(null);
        }}
      />
    </div>
  );
}
