import { AimOutlined } from '@ant-design/icons';
import {
  DICT,
  FeatureGeometry,
  type InspectionObject,
  InspectionObjectSubmit,
  type StoredGeometry,
} from '@aos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { MapLoading } from '../../../components/map/LazyMapView';
import { GeometryField } from '../../../components/map/editor/GeometryField';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { allInspectionObjects, inspectionObjectApi } from './api';
import { typeColor } from './colors';
import './inspection-object.css';
import './locale';

const InspectionMap = lazy(() => loadMapChunk(() => import('./InspectionMap')));

const MAP_KEY = ['inspection-objects', 'map'];
const MAP_HEIGHT = 320;
const KINDS = {
  Point: 'inspectionObject.kindPoint',
  LineString: 'inspectionObject.kindLine',
  Polygon: 'inspectionObject.kindPolygon',
};
const NO_OBJECTS: InspectionObject[] = [];
const submit = InspectionObjectSubmit.shape;

function objectColumns(t: (key: string) => string): CrudColumn<InspectionObject>[] {
  return [
    {
      field: 'name',
      label: 'inspectionObject.name',
      schema: submit.name,
      required: true,
      search: true,
      width: 180,
    },
    {
      field: 'type',
      label: 'inspectionObject.type',
      type: 'select',
      dict: { code: DICT.inspection_object_type, biz: true },
      schema: submit.type,
      required: true,
      search: true,
      width: 140,
    },
    { field: 'code', label: 'inspectionObject.code', schema: submit.code, width: 120 },
    {
      field: 'kind',
      label: 'inspectionObject.kind',
      form: false,
      width: 90,
      render: (_, record) => (
        <span>
          <span className="inspection-object-page__swatch" style={{ background: typeColor(record.type) }} />
          {t(KINDS[record.geometry.type])}
        </span>
      ),
    },
    {
      field: 'geometry',
      label: 'inspectionObject.geometry',
      type: 'custom',
      schema: FeatureGeometry,
      required: true,
      span: 24,
      table: false,
      view: false,
      tooltip: 'inspectionObject.geometryHint',
      renderInput: ({ value, onChange }) => (
        <GeometryField
          value={value}
          onChange={onChange}
          types={['Point', 'LineString', 'Polygon']}
          name="inspection-object"
          height={300}
        />
      ),
    },
    {
      field: 'remark',
      label: 'inspectionObject.remark',
      type: 'textarea',
      schema: submit.remark,
      ellipsis: true,
      width: 220,
    },
    { field: 'createTime', label: 'crud.createTime', form: false, table: false },
  ];
}

/**
 * Inspection objects (menu `inspection_object`): wells, pipelines, towers… with their type from the tenant's
 * `inspection_object_type` dictionary and a point, line or polygon drawn with the geometry editor; a map of
 * every object above the table, coloured by type.
 */
export default function InspectionObjectPage() {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const queryClient = useQueryClient();
  const [focus, setFocus] = useState<{ geometry: StoredGeometry; key: number } | null>(null);
  const objects = useQuery({ queryKey: MAP_KEY, queryFn: allInspectionObjects });
  const columns = useMemo(() => objectColumns(t), [t]);
  const locate = (geometry: StoredGeometry) => setFocus((now) => ({ geometry, key: (now?.key ?? 0) + 1 }));

  // A save or a delete changes the map too.
  const api = useMemo<CrudApi<InspectionObject>>(
    () => ({
      ...inspectionObjectApi,
      submit: async (values) => {
        const saved = await inspectionObjectApi.submit(values);
        void queryClient.invalidateQueries({ queryKey: MAP_KEY });
        setFocus((now) => ({ geometry: saved.geometry, key: (now?.key ?? 0) + 1 }));
        return saved;
      },
      remove: async (ids) => {
        const removed = await inspectionObjectApi.remove(ids);
        void queryClient.invalidateQueries({ queryKey: MAP_KEY });
        return removed;
      },
    }),
    [queryClient],
  );

  return (
    <div className="inspection-object-page" data-testid="inspection-object-screen">
      <div className="inspection-object-page__map">
        <Suspense fallback={<MapLoading height={MAP_HEIGHT} />}>
          <InspectionMap
            settings={settings}
            objects={objects.data ?? NO_OBJECTS}
            focus={focus?.geometry}
            focusKey={focus?.key}
            height={MAP_HEIGHT}
          />
        </Suspense>
      </div>
      <CrudPage<InspectionObject>
        code="inspection_object"
        testId="inspection-object"
        title="inspectionObject.title"
        columns={columns}
        api={api}
        dialogWidth={900}
        actionWidth={240}
        rowActions={(record) => (
          <Tooltip title={t('inspectionObject.locate')}>
            <Button
              type="link"
              size="small"
              icon={<AimOutlined />}
              aria-label={t('inspectionObject.locate')}
              onClick={() => locate(record.geometry)}
              data-testid="inspection-object-locate"
            />
          </Tooltip>
        )}
      />
    </div>
  );
}
