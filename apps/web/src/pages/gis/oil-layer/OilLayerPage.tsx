import { AimOutlined } from '@ant-design/icons';
import {
  type OilFeature,
  type OilLayer,
  type OilLayerSettings,
  OIL_LAYERS,
  oilLayerInfo,
  type StoredGeometry,
} from '@aos/contract';
import { type UseQueryResult, useQueries, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip, Typography } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import { MapLoading } from '../../../components/map/LazyMapView';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { useSession } from '../../../store/session';
import { AdvancedDialog } from './AdvancedDialog';
import { featureApi, layerSettings, listFeatures } from './api';
import { featureColumns } from './columns';
import { LayerList } from './LayerList';
import type { DrawnLayer } from './OilMap';
import './oil-layer.css';
import './locale';

const OilMap = lazy(() => loadMapChunk(() => import('./OilMap')));

const NO_FEATURES: OilFeature[] = [];
const MAP_HEIGHT = 372;

/** The layer's settings until the server says the tenant's: the layer's defaults. */
function defaults(layer: OilLayer): OilLayerSettings {
  return {
    layer,
    color: oilLayerInfo(layer).color,
    lineWidth: 2,
    icon: null,
    labelField: 'name',
    minZoom: 0,
    visible: 1,
  };
}

// Stable combiners: the arrays they return change only when a layer's data does (the map redraws then).
const featuresOf = (results: UseQueryResult<OilFeature[]>[]) => results.map((result) => result.data);
const settingsOf = (results: UseQueryResult<OilLayerSettings>[]) => results.map((result) => result.data);

/**
 * Oil-field layers (menu `oil_layer`): the nine layers with their keys, counts and switches beside a map that
 * draws each shown layer in its own style; the chosen layer's features in a table with the geometry editor
 * (a point or a line, the layer's kind) and the feature's attributes; each layer's advanced settings
 * (`oil_layer_advanced`), tried on the map while they are edited.
 */
export default function OilLayerPage() {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const permission = useSession((state) => state.permission);
  const mapSettings = useMapSettings();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<OilLayer>('oilwellpoint');
  const [shown, setShown] = useState<Partial<Record<OilLayer, boolean>>>({});
  const [advanced, setAdvanced] = useState<OilLayer | null>(null);
  const [preview, setPreview] = useState<OilLayerSettings | null>(null);
  const [focus, setFocus] = useState<{ geometry: StoredGeometry; key: number } | null>(null);

  const features = useQueries({
    queries: OIL_LAYERS.map(({ layer }) => ({
      queryKey: ['oil-features', layer],
      queryFn: () => listFeatures(layer),
    })),
    combine: featuresOf,
  });
  const saved = useQueries({
    queries: OIL_LAYERS.map(({ layer }) => ({
      queryKey: ['oil-settings', layer],
      queryFn: () => layerSettings(layer),
    })),
    combine: settingsOf,
  });

  const nameOf = (layer: OilLayer) => {
    const info = oilLayerInfo(layer);
    return language === 'en-US' ? info.nameEn : info.name;
  };

  const layers = useMemo<DrawnLayer[]>(
    () =>
      OIL_LAYERS.map(({ layer }, index) => {
        const settings = preview?.layer === layer ? preview : (saved[index] ?? defaults(layer));
        return {
          layer,
          settings,
          visible: shown[layer] ?? settings.visible === 1,
          features: features[index] ?? NO_FEATURES,
        };
      }),
    [features, saved, shown, preview],
  );

  const api = useMemo<CrudApi<OilFeature>>(() => {
    const base = featureApi(chosen);
    const redraw = () => queryClient.invalidateQueries({ queryKey: ['oil-features', chosen] });
    return {
      ...base,
      submit: async (values) => {
        const feature = await base.submit(values);
        void redraw();
        setFocus((now) => ({ geometry: feature.geometry, key: (now?.key ?? 0) + 1 }));
        return feature;
      },
      remove: async (ids) => {
        const removed = await base.remove(ids);
        void redraw();
        return removed;
      },
    };
  }, [chosen, queryClient]);
  const advancedSettings = useMemo(
    () =>
      advanced
        ? (saved[OIL_LAYERS.findIndex((entry) => entry.layer === advanced)] ?? defaults(advanced))
        : undefined,
    [advanced, saved],
  );
  const columns = useMemo(() => featureColumns(chosen), [chosen]);
  const attributeKeys = useMemo(() => {
    const index = OIL_LAYERS.findIndex((entry) => entry.layer === advanced);
    return [...new Set((features[index] ?? []).flatMap((row) => Object.keys(row.attributes)))].sort();
  }, [advanced, features]);

  return (
    <div className="oil-page" data-testid="oil-layer-screen">
      <div className="oil-page__top">
        <LayerList
          rows={layers.map(({ layer, settings, visible }, index) => ({
            layer,
            settings,
            visible,
            count: features[index]?.length,
          }))}
          chosen={chosen}
          onChoose={setChosen}
          onToggle={(layer, visible) => setShown((now) => ({ ...now, [layer]: visible }))}
          onAdvanced={permission.oil_layer_advanced ? setAdvanced : undefined}
          nameOf={nameOf}
        />
        <div className="oil-page__map">
          <Suspense fallback={<MapLoading height={MAP_HEIGHT} />}>
            <OilMap
              settings={mapSettings}
              layers={layers}
              focus={focus?.geometry}
              focusKey={focus?.key}
              height={MAP_HEIGHT}
              testId="oil-map"
              onPick={setChosen}
            />
          </Suspense>
        </div>
      </div>
      <Typography.Title level={5} className="oil-page__table-title" data-testid="oil-feature-title">
        {t('oilLayer.features', { layer: nameOf(chosen) })}
      </Typography.Title>
      <CrudPage<OilFeature>
        key={chosen}
        code="oil_layer"
        testId="oil-feature"
        // the dialog names the layer ("新增 · 井点"): a name no key matches is shown as it is
        title={nameOf(chosen)}
        columns={columns}
        api={api}
        query={{ layer: chosen }}
        dateRange={false}
        dialogWidth={900}
        actionWidth={240}
        rowActions={(record) => (
          <Tooltip title={t('oilLayer.locate')}>
            <Button
              type="link"
              size="small"
              icon={<AimOutlined />}
              aria-label={t('oilLayer.locate')}
              onClick={() => setFocus((now) => ({ geometry: record.geometry, key: (now?.key ?? 0) + 1 }))}
              data-testid="oil-feature-locate"
            />
          </Tooltip>
        )}
      />
      <AdvancedDialog
        layer={advanced}
        settings={advancedSettings}
        attributeKeys={attributeKeys}
        nameOf={nameOf}
        onPreview={setPreview}
        onSaved={(settings) => {
          queryClient.setQueryData(['oil-settings', settings.layer], settings);
          setShown((now) => ({ ...now, [settings.layer]: settings.visible === 1 }));
        }}
        onClose={() => setAdvanced(null)}
      />
    </div>
  );
}
