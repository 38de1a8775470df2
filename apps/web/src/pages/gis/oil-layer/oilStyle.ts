import type { OilLayerSettings } from '@aos/contract';
import type { FeatureLike } from 'ol/Feature';
import { Circle as CircleStyle, Fill, Icon, RegularShape, Stroke, Style, Text } from 'ol/style';
import type ImageStyle from 'ol/style/Image';
import { type PointSymbol, isImageLink, pointRadius, pointSymbol } from './symbols';

const HALO = new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 3 });
const FONT = '12px "PingFang SC", "Microsoft YaHei", sans-serif';

function shape(symbol: PointSymbol, radius: number, fill: Fill, stroke: Stroke): ImageStyle {
  switch (symbol) {
    case 'square':
      return new RegularShape({ points: 4, radius: radius * 1.2, angle: Math.PI / 4, fill, stroke });
    case 'triangle':
      return new RegularShape({ points: 3, radius: radius * 1.3, fill, stroke });
    case 'diamond':
      return new RegularShape({ points: 4, radius: radius * 1.3, fill, stroke });
    case 'star':
      return new RegularShape({ points: 5, radius: radius * 1.5, radius2: radius * 0.7, fill, stroke });
    case 'circle':
      return new CircleStyle({ radius, fill, stroke });
  }
}

/** The point symbol of a layer: its picture, or its shape filled with its colour and ringed in white. */
function pointImage(settings: OilLayerSettings): ImageStyle {
  if (isImageLink(settings.icon))
    return new Icon({ src: settings.icon, width: 24, crossOrigin: 'anonymous' });
  return shape(
    pointSymbol(settings.icon),
    pointRadius(settings),
    new Fill({ color: settings.color }),
    new Stroke({ color: '#ffffff', width: 1.5 }),
  );
}

/**
 * One layer's style function: points as the layer's symbol, lines in its colour and width over a faint white
 * casing (readable on the boundaries and on tiles), each labelled with `label(feature)` when it has one. A
 * style per label (kept while the settings stay): a decluttered label is drawn after the style function ran.
 */
export function layerStyle(
  settings: OilLayerSettings,
  kind: 'Point' | 'LineString',
  label: (feature: FeatureLike) => string,
) {
  const image = kind === 'Point' ? pointImage(settings) : undefined;
  const casing =
    kind === 'LineString'
      ? new Style({
          stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.7)', width: settings.lineWidth + 2 }),
        })
      : undefined;
  const stroke =
    kind === 'LineString' ? new Stroke({ color: settings.color, width: settings.lineWidth }) : undefined;
  const styles = new Map<string, Style[]>();
  return (feature: FeatureLike) => {
    const words = label(feature);
    let style = styles.get(words);
    if (!style) {
      const text = words
        ? new Text({
            text: words,
            font: FONT,
            fill: new Fill({ color: '#1f1f1f' }),
            stroke: HALO,
            offsetY: kind === 'Point' ? -(pointRadius(settings) + 10) : 0,
            placement: kind === 'Point' ? 'point' : 'line',
          })
        : undefined;
      style = kind === 'Point' ? [new Style({ image, text })] : [casing!, new Style({ stroke, text })];
      styles.set(words, style);
    }
    return style;
  };
}
