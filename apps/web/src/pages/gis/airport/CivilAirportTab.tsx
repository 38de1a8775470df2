import { AimOutlined } from '@ant-design/icons';
import { type CivilAirport, CivilAirportSubmit } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { MapLoading } from '../../../components/map/LazyMapView';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { useSession } from '../../../store/session';
import { allCivilAirports, civilAirportApi } from './api';
import { AIRPORT_COLORS, AIRPORT_FILLS } from './colors';
import { RunwayField } from './RunwayField';
import { type RunwayLine, onRunwayField, runwayFields, runwayLine, runwayProblem } from './runway';

const AirportMap = lazy(() => loadMapChunk(() => import('./AirportMap')));

/** An airport as the form holds it: the runway as one line (drawn or typed). */
type AirportRow = CivilAirport & { runway?: RunwayLine };

const metres = (value: number) => `${Math.round(value).toLocaleString()} m`;

function airportColumns(language: Parameters<typeof runwayProblem>[1], t: TFunction) {
  const twoEnds = t('airport.civil.runwayTwoEnds');
  const submit = CivilAirportSubmit.shape;
  const columns: CrudColumn<AirportRow>[] = [
    {
      field: 'name',
      label: 'airport.civil.name',
      schema: submit.name,
      required: true,
      search: true,
      width: 140,
    },
    {
      field: 'icaoCode',
      label: 'airport.civil.icaoCode',
      schema: submit.icaoCode,
      required: true,
      search: true,
      width: 90,
    },
    { field: 'iataCode', label: 'airport.civil.iataCode', schema: submit.iataCode, search: true, width: 90 },
    {
      field: 'runway',
      label: 'airport.civil.runway',
      type: 'custom',
      span: 24,
      required: true,
      tooltip: 'airport.civil.runwayHint',
      renderInput: ({ value, onChange }) => <RunwayField value={value} onChange={onChange} />,
      rules: [
        {
          validator: async (_: unknown, value: unknown) => {
            const problem = runwayProblem(value, language, twoEnds);
            if (problem) throw new Error(problem);
          },
        },
      ],
      render: (_, record) => (
        <div className="airport-two-lines">
          <div>
            {metres(record.runwayLength)} × {record.runwayWidth} m
          </div>
          <Typography.Text type="secondary">
            {t('airport.civil.runwayBearing')} {record.runwayBearing.toFixed(1)}°
          </Typography.Text>
        </div>
      ),
      width: 170,
    },
    {
      field: 'runwayWidth',
      label: 'airport.civil.runwayWidth',
      type: 'number',
      schema: submit.runwayWidth,
      required: true,
      initialValue: 45,
      table: false,
    },
    {
      field: 'elevation',
      label: 'airport.civil.elevation',
      type: 'number',
      schema: submit.elevation,
      required: true,
      width: 100,
    },
    {
      field: 'heightLimit',
      label: 'airport.civil.heightLimit',
      type: 'number',
      schema: submit.heightLimit,
      required: true,
      tooltip: 'airport.civil.heightLimitHint',
      width: 110,
    },
    {
      field: 'remark',
      label: 'airport.civil.remark',
      type: 'textarea',
      schema: submit.remark,
      table: false,
    },
    { field: 'createTime', label: 'crud.createTime', type: 'datetime', form: false, width: 160 },
  ];
  return columns;
}

/** What the map's colours mean. */
function Legend() {
  const { t } = useTranslation();
  const items = [
    { key: 'runway', color: AIRPORT_COLORS.runway, text: t('airport.civil.legendRunway'), line: true },
    {
      key: 'buffer',
      color: AIRPORT_COLORS.buffer,
      text: t('airport.civil.legendBuffer'),
      fill: AIRPORT_FILLS.buffer,
    },
    {
      key: 'heightLimit',
      color: AIRPORT_COLORS.heightLimit,
      text: t('airport.civil.legendHeightLimit'),
      fill: AIRPORT_FILLS.heightLimit,
      dashed: true,
    },
  ];
  return (
    <ul className="airport-legend" data-testid="civil-airport-legend">
      {items.map((item) => (
        <li key={item.key}>
          <span
            className={item.line ? 'airport-legend__line' : 'airport-legend__area'}
            style={{
              borderColor: item.color,
              borderStyle: item.dashed ? 'dashed' : 'solid',
              background: item.fill,
            }}
          />
          {item.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * Civil airports: a note that they are no-fly areas, the map of their runways, 10 km buffers and height-limit
 * areas (as the server computed and stored them) with a legend, and the table; the dialog takes the runway
 * drawn as a line or typed as its two ends.
 */
export function CivilAirportTab() {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const settings = useMapSettings();
  const [focus, setFocus] = useState<{ id: string; key: number } | null>(null);
  const all = useQuery({ queryKey: ['civil-airports-all'], queryFn: allCivilAirports });
  const refetchAll = all.refetch;
  const columns = useMemo(() => airportColumns(language, t), [language, t]);

  const api = useMemo<CrudApi<AirportRow>>(
    () => ({
      page: civilAirportApi.page,
      detail: async (id) => {
        const airport = await civilAirportApi.detail(id);
        return { ...airport, runway: runwayLine(airport) };
      },
      submit: async (values) => {
        try {
          const saved = await civilAirportApi.submit(values);
          void refetchAll();
          return saved;
        } catch (error) {
          onRunwayField(error);
          throw error;
        }
      },
      remove: async (ids) => {
        const removed = await civilAirportApi.remove(ids);
        void refetchAll();
        return removed;
      },
    }),
    [refetchAll],
  );

  return (
    <div className="airport-tab" data-testid="civil-airport-screen">
      <Alert
        type="warning"
        showIcon
        title={t('airport.civil.noFly')}
        className="airport-tab__note"
        data-testid="civil-airport-no-fly"
      />
      <Suspense fallback={<MapLoading height={340} />}>
        <AirportMap
          settings={settings}
          airports={all.data}
          focusId={focus?.id}
          focusKey={focus?.key}
          height={340}
          overlay={<Legend />}
          testId="civil-airport-map"
        />
      </Suspense>
      {/* Its own code keeps its table's cache apart from the points tab; the buttons are the menu's. */}
      <CrudPage<AirportRow>
        code="civilairport"
        permissions={{
          add: 'airport_add',
          edit: 'airport_edit',
          delete: 'airport_delete',
          view: 'airport_view',
        }}
        testId="civil-airport"
        title="airport.civil.title"
        columns={columns}
        api={api}
        dialogWidth={960}
        actionWidth={200}
        beforeSubmit={(values, editing) => {
          const { runway, ...rest } = values;
          return {
            ...rest,
            ...runwayFields(runway as RunwayLine),
            ...(editing ? { id: editing.id } : {}),
          };
        }}
        rowActions={(record) => (
          <Tooltip title={t('airport.civil.locate')}>
            <Button
              type="link"
              size="small"
              icon={<AimOutlined />}
              aria-label={t('airport.civil.locate')}
              onClick={() => setFocus((now) => ({ id: record.id, key: (now?.key ?? 0) + 1 }))}
              data-testid="row-locate"
            />
          </Tooltip>
        )}
      />
    </div>
  );
}
