import { AimOutlined, LinkOutlined } from '@ant-design/icons';
import { DICT, type UavAirport, UavAirportSubmit, LonLatText, splitIds } from '@aos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { MapLoading } from '../../../components/map/LazyMapView';
import { LonLatInput } from '../../../components/map/LonLatInput';
import { formatLonLatText, parseLonLatText } from '../../../components/map/coordinates';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { formatDateTime } from '../../../components/time';
import { allUavAirports, uavAirportApi } from './api';
import { BindDronesDialog } from './BindDronesDialog';

const AirportMap = lazy(() => loadMapChunk(() => import('./AirportMap')));

/** A point as the form holds it: the position as one `longitude,latitude` text (typed or picked). */
type PointRow = UavAirport & { lonLat?: string };

const columns: CrudColumn<PointRow>[] = [
  {
    field: 'name',
    label: 'airport.point.name',
    schema: UavAirportSubmit.shape.name,
    required: true,
    search: true,
    width: 140,
  },
  {
    field: 'type',
    label: 'airport.point.type',
    type: 'select',
    dict: { code: DICT.uav_airport_type },
    schema: UavAirportSubmit.shape.type,
    required: true,
    search: true,
    width: 120,
  },
  {
    field: 'lonLat',
    label: 'airport.point.lonLat',
    type: 'custom',
    renderInput: ({ value, onChange }) => (
      <LonLatInput
        value={value as string | undefined}
        onChange={onChange}
        placeholder="116.397128,39.916527"
        testId="field-lonLat"
      />
    ),
    render: (_, record) => formatLonLatText([record.longitude, record.latitude]),
    schema: LonLatText,
    required: true,
    tooltip: 'airport.point.lonLatHint',
    table: false,
  },
  {
    field: 'altitude',
    label: 'airport.point.altitude',
    type: 'number',
    schema: UavAirportSubmit.shape.altitude,
    tooltip: 'airport.point.altitudeHint',
    table: false,
  },
  {
    // the table's one column for where the point is: its coordinates, and its altitude under them
    field: 'position',
    label: 'airport.point.position',
    form: false,
    view: false,
    width: 190,
    render: (_, record) => (
      <TwoLines
        first={formatLonLatText([record.longitude, record.latitude])}
        second={record.altitude === null ? null : `${record.altitude} m`}
        secondLabel="airport.point.altitudeShort"
      />
    ),
  },
  {
    field: 'droneNames',
    label: 'airport.point.drones',
    form: false,
    width: 200,
    render: (value) => <DroneTags names={typeof value === 'string' ? value : ''} />,
  },
  {
    field: 'remark',
    label: 'airport.point.remark',
    type: 'textarea',
    schema: UavAirportSubmit.shape.remark,
    table: false,
  },
  { field: 'createUserName', label: 'airport.point.creator', form: false, table: false },
  { field: 'createTime', label: 'crud.createTime', type: 'datetime', form: false, table: false },
  {
    field: 'created',
    label: 'airport.point.created',
    form: false,
    view: false,
    width: 170,
    render: (_, record) => (
      <TwoLines first={record.createUserName ?? '—'} second={formatDateTime(record.createTime)} />
    ),
  },
];

/** A table cell of two lines: the main value, and a secondary one under it (with its label). */
function TwoLines({
  first,
  second,
  secondLabel,
}: {
  first: string;
  second: string | null;
  secondLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="airport-two-lines">
      <div>{first}</div>
      {second !== null && (
        <Typography.Text type="secondary">
          {secondLabel ? `${t(secondLabel)} ${second}` : second}
        </Typography.Text>
      )}
    </div>
  );
}

function DroneTags({ names }: { names: string }) {
  const { t } = useTranslation();
  const list = splitIds(names);
  if (list.length === 0)
    return <Typography.Text type="secondary">{t('airport.point.noDrones')}</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap data-testid="airport-drone-tags">
      {list.map((name) => (
        <Tag key={name} color="blue">
          {name}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * Takeoff/landing points: the map of the tenant's points above the table; add and edit with the position
 * typed or picked on a map; the bound drones as tags, changed in their own dialog (`airport_bind_uav`).
 */
export function UavAirportTab() {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const [binding, setBinding] = useState<UavAirport | null>(null);
  const [focus, setFocus] = useState<{ id: string; key: number } | null>(null);
  const queryClient = useQueryClient();
  const all = useQuery({ queryKey: ['uav-airports-all'], queryFn: allUavAirports });
  const refetchAll = all.refetch;

  // The form edits the position as text; the API keeps two numbers and replaces the bound drones on submit,
  // so an edit sends the drones the point has (they change in the bind dialog only).
  const api = useMemo<CrudApi<PointRow>>(
    () => ({
      page: uavAirportApi.page,
      detail: async (id) => {
        const point = await uavAirportApi.detail(id);
        return { ...point, lonLat: formatLonLatText([point.longitude, point.latitude]) };
      },
      submit: async (values) => {
        const saved = await uavAirportApi.submit(values);
        void refetchAll();
        return saved;
      },
      remove: async (ids) => {
        const removed = await uavAirportApi.remove(ids);
        void refetchAll();
        return removed;
      },
    }),
    [refetchAll],
  );

  return (
    <div className="airport-tab" data-testid="uav-airport-screen">
      <Suspense fallback={<MapLoading height={300} />}>
        <AirportMap
          settings={settings}
          points={all.data}
          focusId={focus?.id}
          focusKey={focus?.key}
          testId="uav-airport-map"
        />
      </Suspense>
      <CrudPage<PointRow>
        code="airport"
        testId="uav-airport"
        title="airport.point.title"
        columns={columns}
        api={api}
        actionWidth={270}
        beforeSubmit={(values, editing) => {
          const { lonLat, ...rest } = values;
          const [longitude, latitude] = parseLonLatText(lonLat) ?? [];
          return {
            ...rest,
            longitude,
            latitude,
            ...(editing ? { id: editing.id, droneIds: editing.droneIds } : {}),
          };
        }}
        rowActions={(record, actions) => (
          <>
            {actions.can('airport_bind_uav') && (
              <Button
                type="link"
                size="small"
                icon={<LinkOutlined />}
                onClick={() => setBinding(record)}
                data-testid="row-bind"
              >
                {t('airport.point.bind')}
              </Button>
            )}
            <Tooltip title={t('airport.point.locate')}>
              <Button
                type="link"
                size="small"
                icon={<AimOutlined />}
                aria-label={t('airport.point.locate')}
                onClick={() => setFocus((now) => ({ id: record.id, key: (now?.key ?? 0) + 1 }))}
                data-testid="row-locate"
              />
            </Tooltip>
          </>
        )}
      />
      <BindDronesDialog
        point={binding}
        points={all.data ?? []}
        onClose={() => setBinding(null)}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: ['crud', 'airport'] });
          void refetchAll();
        }}
      />
    </div>
  );
}
