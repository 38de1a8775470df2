import { DownOutlined, ImportOutlined, PlusOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  DICT,
  ROUTE_EXPORT_FORMATS,
  ROUTE_KINDS,
  type Route,
  type RouteDetail,
  type RouteExportFormat,
} from '@aos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Space, Tag } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudActions, CrudColumn } from '../../../components/crud/types';
import { useAction } from '../../../components/useAction';
import { BrandSelect } from '../../fleet/device/inputs';
import { copyRoute, exportRoute, routeApi, setPublic } from './api';
import { ImportDialog } from './ImportDialog';
import { DockSelect } from './inputs';
import { RecordTasks } from './RecordTasks';
import { RouteDetailDrawer } from './RouteDetailDrawer';
import { RouteThumbnail } from './RouteThumbnail';
import { useRouteText } from './text';
import './locale';
import './route.css';

const RouteEditor = lazy(() => import('../editor/RouteEditor'));

const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'purple' };

/** Export as KMZ, KML or GeoJSON (a dropdown of the row). */
function ExportButton({ route }: { route: Route }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: ROUTE_EXPORT_FORMATS.map((format) => ({
          key: format,
          label: t('routeManager.exportAs', { format: format.toUpperCase() }),
          'data-testid': `route-export-${format}`,
        })),
        onClick: ({ key }) => void run(() => exportRoute(route, key as RouteExportFormat)),
      }}
    >
      <Button type="link" size="small" loading={busy} data-testid="row-export">
        {t('routeManager.export')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * The route manager (spec §7 routemanageline, issue 16): the tenant's routes the user may see with their map
 * picture and figures, searched by name, type, planner, aircraft, brand, dock and visibility. New and edit
 * open the route editor over the screen; a row's detail shows the route on the map; routes are copied,
 * exported (KMZ, KML, GeoJSON), imported, made public or private to their team, and deleted. Buttons follow
 * the user's permissions (route_add, _edit, _delete, _view, route_import, route_export, route_public). "Record a
 * route" opens the record tasks (RecordTasks: a hand-flown drone's path made a waypoint route).
 */
export default function RoutePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const text = useRouteText();
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<Route>();
  const [editing, setEditing] = useState<{ routeId: string | null }>();
  const [importing, setImporting] = useState(false);
  const [recording, setRecording] = useState<CrudActions<Route>['can']>();
  const action = useAction();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['crud', 'route'] });

  const copy = (route: Route) =>
    action.run(() => copyRoute(route.id), {
      onDone: (copied: RouteDetail) => {
        message.success(t('routeManager.copied', { name: copied.name }));
        refresh();
      },
    });

  const togglePublic = (route: Route) => {
    const next = route.isPublic ? 0 : 1;
    modal.confirm({
      title: t(next ? 'routeManager.makePublic' : 'routeManager.makePrivate'),
      content: t(next ? 'routeManager.publicConfirm' : 'routeManager.privateConfirm', { name: route.name }),
      okButtonProps: { 'data-testid': 'confirm-public' } as never,
      onOk: () =>
        action.run(() => setPublic([route.id], next), {
          success: t(next ? 'routeManager.nowPublic' : 'routeManager.nowPrivate', { name: route.name }),
          onDone: refresh,
        }),
    });
  };

  const pick = (key: string) => t('crud.requiredSelect', { field: t(key) });
  const columns: CrudColumn<Route>[] = [
    {
      field: 'screenshot',
      label: 'routeManager.thumbnail',
      width: 108,
      render: (_, route) => <RouteThumbnail route={route} />,
    },
    {
      field: 'name',
      label: 'routeManager.name',
      search: true,
      width: 200,
      render: (_, route) => (
        <>
          <div className="route-name" data-testid="route-name">
            {route.name}
          </div>
          <div className="route-figures">
            {[route.createUserName, route.deptName].filter(Boolean).join(' · ')}
          </div>
          <div className="route-figures">{route.createTime}</div>
        </>
      ),
    },
    {
      field: 'type',
      label: 'routeManager.type',
      type: 'select',
      dict: { code: DICT.route_type },
      search: true,
      table: false,
    },
    {
      field: 'kind',
      label: 'routeManager.kind',
      type: 'select',
      options: ROUTE_KINDS.map((kind) => ({ value: kind, label: `routeManager.kinds.${kind}` })),
      search: true,
      width: 120,
      render: (_, route) => (
        <Space direction="vertical" size={4}>
          <Tag color={TYPE_COLORS[route.type]} data-testid="route-kind">
            {text.kind(route.kind)}
          </Tag>
          <Tag color={route.isPublic ? 'green' : 'default'} data-testid="route-public">
            {t(route.isPublic ? 'routeManager.public' : 'routeManager.private')}
          </Tag>
        </Space>
      ),
    },
    {
      field: 'aircraftModelId',
      label: 'routeManager.aircraft',
      type: 'select',
      options: text.aircraftOptions(),
      search: true,
      width: 150,
      render: (_, route) => (
        <>
          <div>{text.aircraft(route)}</div>
          {route.payloadModelId && <div className="route-figures">{text.payload(route)}</div>}
          {route.hangarName && (
            <div className="route-figures">
              {t('routeManager.dock')}: {route.hangarName}
            </div>
          )}
        </>
      ),
    },
    {
      field: 'manufacturerId',
      label: 'routeManager.brand',
      type: 'custom',
      search: true,
      table: false,
      renderInput: (props) => (
        <BrandSelect
          value={props.value as string | undefined}
          onChange={props.onChange}
          kind="aircraft"
          placeholder={pick('routeManager.brand')}
        />
      ),
    },
    {
      field: 'hangarId',
      label: 'routeManager.dock',
      type: 'custom',
      search: true,
      table: false,
      renderInput: (props) => (
        <DockSelect
          value={props.value as string | undefined}
          onChange={props.onChange}
          placeholder={pick('routeManager.dock')}
          testId="field-hangarId"
        />
      ),
    },
    {
      field: 'distance',
      label: 'routeManager.figures',
      width: 190,
      render: (_, route) => (
        <div className="route-figure-grid" data-testid="route-figures">
          <span>{t('routeManager.distance')}</span>
          <span data-testid="route-distance">{text.distance(route)}</span>
          <span>{t('routeManager.duration')}</span>
          <span>{text.duration(route)}</span>
          <span>{t('routeManager.waypoints')}</span>
          <span>{route.waypointCount}</span>
          {route.photoCount > 0 && (
            <>
              <span>{t('routeManager.photos')}</span>
              <span>{route.photoCount}</span>
            </>
          )}
          {route.area !== null && (
            <>
              <span>{t('routeManager.area')}</span>
              <span>{text.area(route)}</span>
            </>
          )}
        </div>
      ),
    },
    {
      field: 'isPublic',
      label: 'routeManager.isPublic',
      type: 'select',
      options: [
        { value: 1, label: 'routeManager.public' },
        { value: 0, label: 'routeManager.private' },
      ],
      search: true,
      table: false,
    },
  ];

  const toolbar = (actions: CrudActions<Route>) => (
    <>
      {actions.can('route_add') && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="route-add"
          onClick={() => setEditing({ routeId: null })}
        >
          {t('routeManager.add')}
        </Button>
      )}
      {actions.can('route_import') && (
        <Button icon={<ImportOutlined />} data-testid="route-import" onClick={() => setImporting(true)}>
          {t('routeManager.import')}
        </Button>
      )}
      {actions.can('route_add') && (
        <Button
          icon={<VideoCameraOutlined />}
          data-testid="route-record"
          onClick={() => setRecording(() => actions.can)}
        >
          {t('routeManager.record.open')}
        </Button>
      )}
    </>
  );

  const rowActions = (route: Route, actions: CrudActions<Route>) => (
    <>
      {actions.can('route_view') && (
        <Button type="link" size="small" data-testid="row-view" onClick={() => setViewing(route)}>
          {t('crud.view')}
        </Button>
      )}
      {actions.can('route_edit') && (
        <Button
          type="link"
          size="small"
          data-testid="row-edit"
          onClick={() => setEditing({ routeId: route.id })}
        >
          {t('crud.edit')}
        </Button>
      )}
      {actions.can('route_add') && (
        <Button type="link" size="small" data-testid="row-copy" onClick={() => void copy(route)}>
          {t('routeManager.copy')}
        </Button>
      )}
      {actions.can('route_export') && <ExportButton route={route} />}
      {actions.can('route_public') && (
        <Button type="link" size="small" data-testid="row-public" onClick={() => togglePublic(route)}>
          {t(route.isPublic ? 'routeManager.makePrivate' : 'routeManager.makePublic')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <CrudPage<Route>
        code="route"
        testId="route"
        title="routeManager.title"
        columns={columns}
        api={routeApi}
        permissions={{ add: false, edit: false, view: false }}
        dateRange={false}
        actionWidth={300}
        emptyText="routeManager.empty"
        toolbar={toolbar}
        rowActions={rowActions}
      />
      <RouteDetailDrawer route={viewing} onClose={() => setViewing(undefined)} />
      <RecordTasks
        open={Boolean(recording)}
        can={recording ?? (() => false)}
        onClose={() => setRecording(undefined)}
        onRouteMade={refresh}
        onOpenRoute={(routeId) => {
          setRecording(undefined);
          setEditing({ routeId });
        }}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(route) => {
          message.success(t('routeManager.importDialog.done', { name: route.name }));
          refresh();
        }}
      />
      {editing && (
        <Suspense fallback={null}>
          <RouteEditor
            routeId={editing.routeId}
            onClose={() => setEditing(undefined)}
            onSaved={() => {
              setEditing(undefined);
              refresh();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
