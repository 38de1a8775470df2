import { SettingOutlined } from '@ant-design/icons';
import { type OilLayer, OIL_LAYERS, type OilLayerSettings } from '@aos/contract';
import { Button, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface LayerRow {
  layer: OilLayer;
  settings: OilLayerSettings;
  visible: boolean;
  count: number | undefined;
}

interface LayerListProps {
  rows: LayerRow[];
  chosen: OilLayer;
  onChoose: (layer: OilLayer) => void;
  onToggle: (layer: OilLayer, visible: boolean) => void;
  /** open the advanced settings; absent without `oil_layer_advanced` */
  onAdvanced?: (layer: OilLayer) => void;
  /** the layer's name in the console's language */
  nameOf: (layer: OilLayer) => string;
}

/** The layer's key: a dot in its colour for points, a stroke for lines. */
function Swatch({ settings, kind }: { settings: OilLayerSettings; kind: 'Point' | 'LineString' }) {
  return kind === 'Point' ? (
    <span className="oil-layers__dot" style={{ background: settings.color }} />
  ) : (
    <span
      className="oil-layers__stroke"
      style={{ background: settings.color, height: Math.max(2, Math.min(8, settings.lineWidth)) }}
    />
  );
}

/**
 * The nine oil-field layers: a layer's key, name, geometry kind and number of features; a switch shows or
 * hides it on the map; a click chooses it for the feature table; the gear opens its advanced settings.
 */
export function LayerList({ rows, chosen, onChoose, onToggle, onAdvanced, nameOf }: LayerListProps) {
  const { t } = useTranslation();
  return (
    <div className="oil-layers" role="listbox" aria-label={t('oilLayer.layers')} data-testid="oil-layers">
      <Typography.Text strong className="oil-layers__title">
        {t('oilLayer.layers')}
      </Typography.Text>
      {rows.map(({ layer, settings, visible, count }) => {
        const kind = OIL_LAYERS.find((entry) => entry.layer === layer)!.geometry;
        return (
          <div
            key={layer}
            role="option"
            aria-selected={layer === chosen}
            tabIndex={0}
            className={`oil-layers__row${layer === chosen ? ' is-chosen' : ''}`}
            onClick={() => onChoose(layer)}
            onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && onChoose(layer)}
            data-testid={`oil-layer-${layer}`}
          >
            <Switch
              size="small"
              checked={visible}
              aria-label={t(visible ? 'oilLayer.hide' : 'oilLayer.show')}
              onClick={(checked, event) => {
                event.stopPropagation();
                onToggle(layer, checked);
              }}
              data-testid={`oil-layer-${layer}-toggle`}
            />
            <Swatch settings={settings} kind={kind} />
            <span className="oil-layers__name">{nameOf(layer)}</span>
            <Tag className="oil-layers__kind" bordered={false}>
              {t(kind === 'Point' ? 'oilLayer.point' : 'oilLayer.line')}
            </Tag>
            <Typography.Text
              type="secondary"
              className="oil-layers__count"
              data-testid={`oil-layer-${layer}-count`}
            >
              {count ?? '…'}
            </Typography.Text>
            {onAdvanced && (
              <Tooltip title={t('oilLayer.advanced')}>
                <Button
                  type="text"
                  size="small"
                  icon={<SettingOutlined />}
                  aria-label={t('oilLayer.advanced')}
                  onClick={(event) => {
                    event.stopPropagation();
                    onAdvanced(layer);
                  }}
                  data-testid={`oil-layer-${layer}-advanced`}
                />
              </Tooltip>
            )}
          </div>
        );
      })}
    </div>
  );
}
