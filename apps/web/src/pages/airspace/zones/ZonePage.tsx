import { AimOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { AreaGeometry, FenceSubmit, type NoFlyZone, NoFlyZoneSubmit } from '@aos/contract';
import { App, Button, Dropdown, Tooltip, Upload } from 'antd';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { MapLoading } from '../../../components/map/LazyMapView';
import { formatArea } from '../../../components/map/editor/geometryEdit';
import { GeometryField } from '../../../components/map/editor/GeometryField';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { type ExportFormat, type ZoneResource, exportZones, importZones, zoneAreas } from './api';
import './zones.css';
import './locale';

const ZonesMap = lazy(() => loadMapChunk(() => import('../../../components/map/zones/ZonesMap')));

/** What every zone record has (NoFlyZone adds its type, provinces, painter and side). */
type ZoneRecord = Omit<NoFlyZone, 'type' | 'provinces' | 'painter' | 'side'> &
  Partial<Pick<NoFlyZone, 'type' | 'provinces' | 'painter' | 'side'>>;

export interface ZonePageProps {
  /** menu code: `noflyzone`, `flyzone` or `fence` */
  code: 'noflyzone' | 'flyzone' | 'fence';
  /** test id prefix */
  testId: string;
  /** i18n key of the record's noun */
  title: string;
  resource: ZoneResource;
  api: CrudApi<ZoneRecord>;
  /** permission code of the import button */
  importCode: string;
  /** permission code of the export button (fences) */
  exportCode?: string;
}

const EXPORT_FORMATS: ExportFormat[] = ['geojson', 'kml', 'shapefile'];

/** The columns of one zone resource: the no-fly zone's own fields only on no-fly zones. */
function zoneColumns(code: ZonePageProps['code']): CrudColumn<ZoneRecord>[] {
  const nofly = code === 'noflyzone';
  const submit = (nofly ? NoFlyZoneSubmit : FenceSubmit).shape;
  const columns: Array<CrudColumn<ZoneRecord> | false> = [
    { field: 'name', label: 'zone.name', schema: submit.name, required: true, search: true, width: 180 },
    nofly && {
      field: 'type',
      label: 'zone.type',
      type: 'select',
      dict: { code: 'nofly_zone_type' },
      schema: NoFlyZoneSubmit.shape.type,
      required: true,
      search: true,
      width: 140,
    },
    {
      field: 'geometry',
      label: 'zone.geometry',
      type: 'custom',
      schema: AreaGeometry,
      required: true,
      span: 24,
      table: false,
      view: false,
      tooltip: 'zone.geometryHint',
      renderInput: ({ value, onChange }) => <GeometryField value={value} onChange={onChange} name={code} />,
    },
    {
      field: 'shape',
      label: 'zone.shape',
      type: 'select',
      options: [
        { value: 'polygon', label: 'zone.shapePolygon' },
        { value: 'circle', label: 'zone.shapeCircle' },
      ],
      search: true,
      form: false,
      width: 90,
    },
    {
      field: 'radius',
      label: 'zone.radius',
      form: false,
      width: 100,
      render: (value) => (typeof value === 'number' ? `${value} m` : '—'),
    },
    {
      field: 'areaM2',
      label: 'zone.area',
      form: false,
      width: 130,
      // one line: a figure and its unit are read together
      render: (value) =>
        typeof value === 'number' ? <span style={{ whiteSpace: 'nowrap' }}>{formatArea(value)}</span> : '',
    },
    {
      field: 'window',
      label: 'zone.window',
      form: false,
      width: 300,
      render: (_, record) =>
        record.startTime || record.endTime ? `${record.startTime ?? '…'} ~ ${record.endTime ?? '…'}` : '—',
    },
    nofly && {
      field: 'side',
      label: 'zone.side',
      type: 'radio',
      options: [
        { value: 1, label: 'zone.sideInside' },
        { value: 2, label: 'zone.sideOutside' },
      ],
      initialValue: 1,
      schema: NoFlyZoneSubmit.shape.side,
      table: false,
    },
    {
      field: 'startTime',
      label: 'zone.startTime',
      type: 'datetime',
      schema: submit.startTime,
      table: false,
    },
    { field: 'endTime', label: 'zone.endTime', type: 'datetime', schema: submit.endTime, table: false },
    {
      field: 'floor',
      label: 'zone.floor',
      type: 'number',
      schema: submit.floor,
      tooltip: 'zone.heightHint',
      table: false,
    },
    {
      field: 'ceiling',
      label: 'zone.ceiling',
      type: 'number',
      schema: submit.ceiling,
      tooltip: 'zone.heightHint',
      table: false,
    },
    nofly && {
      field: 'provinces',
      label: 'zone.provinces',
      schema: NoFlyZoneSubmit.shape.provinces,
      tooltip: 'zone.provincesHint',
      table: false,
    },
    nofly && { field: 'painter', label: 'zone.painter', schema: NoFlyZoneSubmit.shape.painter, table: false },
    {
      field: 'remark',
      label: 'zone.remark',
      type: 'textarea',
      schema: submit.remark,
      ellipsis: true,
      width: 200,
    },
  ];
  return columns.filter((column): column is CrudColumn<ZoneRecord> => Boolean(column));
}

/**
 * A zone screen (no-fly zones, fly zones, electronic fences): the table with search, the dialog with the
 * geometry editor, import (and for fences export), and a map of the tenant's areas of that kind above it.
 */
export function ZonePage({ code, testId, title, resource, api, importCode, exportCode }: ZonePageProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useMapSettings();
  const [refreshKey, setRefreshKey] = useState(0);
  const [focus, setFocus] = useState<{ geometry: AreaGeometry; key: number } | null>(null);
  const [importing, setImporting] = useState(false);
  const columns = useMemo(() => zoneColumns(code), [code]);
  const load = useMemo(() => zoneAreas(resource), [resource]);
  const redraw = useCallback(() => setRefreshKey((key) => key + 1), []);

  // A save or a delete changes the map too.
  const mapped = useMemo<CrudApi<ZoneRecord>>(
    () => ({
      ...api,
      submit: async (values) => {
        const saved = await api.submit!(values);
        redraw();
        return saved;
      },
      remove: async (ids) => {
        const removed = await api.remove!(ids);
        redraw();
        return removed;
      },
    }),
    [api, redraw],
  );

  return (
    <div className="zone-page" data-testid={`${testId}-screen`}>
      <div className="zone-page__map">
        <Suspense fallback={<MapLoading height={300} />}>
          <ZonesMap
            settings={settings}
            load={load}
            refreshKey={refreshKey}
            focus={focus?.geometry}
            focusKey={focus?.key}
            height={300}
            testId={`${testId}-map`}
          />
        </Suspense>
      </div>
      <CrudPage<ZoneRecord>
        code={code}
        testId={testId}
        title={title}
        columns={columns}
        api={mapped}
        dialogWidth={960}
        actionWidth={240}
        rowActions={(record) => (
          <Tooltip title={t('zone.locate')}>
            <Button
              type="link"
              size="small"
              icon={<AimOutlined />}
              aria-label={t('zone.locate')}
              onClick={() => setFocus((now) => ({ geometry: record.geometry, key: (now?.key ?? 0) + 1 }))}
              data-testid={`${testId}-locate`}
            />
          </Tooltip>
        )}
        toolbar={(actions) => (
          <>
            {actions.can(importCode) && (
              <Upload
                accept=".zip,.kml,.geojson,.json"
                showUploadList={false}
                beforeUpload={(file) => {
                  setImporting(true);
                  importZones(resource, file)
                    .then(
                      () => {
                        void message.success(t('zone.imported'));
                        actions.refresh();
                        redraw();
                      },
                      () => undefined, // the HTTP layer shows the server's message
                    )
                    .finally(() => setImporting(false));
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={importing} data-testid={`${testId}-import`}>
                  {t('zone.import')}
                </Button>
              </Upload>
            )}
            {exportCode && actions.can(exportCode) && (
              <Dropdown
                menu={{
                  items: EXPORT_FORMATS.map((format) => ({ key: format, label: t(`zone.format.${format}`) })),
                  onClick: ({ key }) =>
                    void exportZones(
                      resource,
                      key as ExportFormat,
                      actions.selected.map((row) => row.id),
                    ).catch(() => undefined),
                }}
              >
                <Button icon={<DownloadOutlined />} data-testid={`${testId}-export`}>
                  {t('zone.export')}
                </Button>
              </Dropdown>
            )}
          </>
        )}
      />
    </div>
  );
}
