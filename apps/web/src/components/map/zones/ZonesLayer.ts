import type { AreaEffect, AreaGeometry, AreaHit } from '@aos/contract';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type OlGeometry from 'ol/geom/Geometry';
import Polygon, { circular } from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { zoomOfResolution } from '../boundaries';
import type { AreaLoader, Box } from './api';
import { EFFECT_COLORS } from './effects';

const FILLS: Record<AreaEffect, string> = {
  restricted: 'rgba(245, 34, 45, 0.14)',
  keepIn: 'rgba(22, 119, 255, 0.06)',
  permit: 'rgba(82, 196, 26, 0.12)',
};

/** Names are written from this zoom on (a province-wide view would be all words). */
const NAME_ZOOM = 9;

const styles = new Map<string, Style>();
/** Restricted red, keep-in blue dashed, permit green; the name in the area's colour when close enough. */
export function areaStyle(effect: AreaEffect, name: string | null): Style {
  const key = `${effect}|${name ?? ''}`;
  let style = styles.get(key);
  if (!style) {
    style = new Style({
      stroke: new Stroke({
        color: EFFECT_COLORS[effect],
        width: 2,
        lineDash: effect === 'keepIn' ? [8, 6] : undefined,
      }),
      fill: new Fill({ color: FILLS[effect] }),
      text: name
        ? new Text({
            text: name,
            font: '12px "PingFang SC", "Microsoft YaHei", sans-serif',
            fill: new Fill({ color: EFFECT_COLORS[effect] }),
            stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 3 }),
            overflow: true,
          })
        : undefined,
    });
    styles.set(key, style);
  }
  return style;
}

/** An area's range in the map's projection (a circle as its 64-sided polygon on the sphere). */
export function areaMapGeometry(geometry: AreaGeometry): OlGeometry {
  if (geometry.type === 'Circle')
    return circular(geometry.center, geometry.radius, 64).transform('EPSG:4326', 'EPSG:3857');
  return new Polygon(geometry.coordinates.map((ring) => ring.map((position) => fromLonLat(position))));
}

/**
 * The tenant's zones, fences, airspaces and airport areas on a map, for the box in view: read again after each
 * pan or zoom (debounced), drawn by effect. Publishes the names it draws on the map element
 * (`data-zones`) for tests and tools.
 */
export class ZonesLayer {
  private readonly source = new VectorSource();
  readonly layer = new VectorLayer({
    source: this.source,
    properties: { name: 'zones' },
    style: (feature, resolution) =>
      areaStyle(
        feature.get('effect') as AreaEffect,
        zoomOfResolution(resolution) >= NAME_ZOOM ? (feature.get('name') as string) : null,
      ),
  });
  private timer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  private disposed = false;
  /** the last read failed (the HTTP layer said why): pans do not ask again until a refresh or a re-show */
  private failed = false;

  constructor(
    private readonly map: OlMap,
    private readonly load: AreaLoader,
    options: { visible?: boolean; zIndex?: number } = {},
  ) {
    this.layer.setZIndex(options.zIndex ?? 5);
    this.layer.setVisible(options.visible ?? true);
    map.addLayer(this.layer);
    map.on('moveend', this.moved);
    if (this.layer.getVisible()) this.schedule(0);
  }

  setVisible(visible: boolean): void {
    this.layer.setVisible(visible);
    if (visible) {
      this.failed = false;
      this.schedule(0);
    }
  }

  /** Read the areas in view again (after a save, an import). */
  refresh(): void {
    this.failed = false;
    this.schedule(0);
  }

  /** The areas drawn now. */
  areas(): AreaHit[] {
    return this.source.getFeatures().map((feature) => feature.get('area') as AreaHit);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.map.un('moveend', this.moved);
    this.map.removeLayer(this.layer);
  }

  private readonly moved = () => {
    if (this.layer.getVisible() && !this.failed) this.schedule(250);
  };

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.read(), delay);
  }

  private async read() {
    this.timer = null;
    const size = this.map.getSize();
    if (!size || this.disposed) return;
    const extent = transformExtent(this.map.getView().calculateExtent(size), 'EPSG:3857', 'EPSG:4326');
    const box: Box = [
      Math.max(-180, extent[0]!),
      Math.max(-90, extent[1]!),
      Math.min(180, extent[2]!),
      Math.min(90, extent[3]!),
    ];
    const generation = ++this.generation;
    let areas: AreaHit[];
    try {
      areas = await this.load(box);
    } catch {
      // the HTTP layer has said why; the areas drawn stay, and pans stop asking until a refresh
      if (generation === this.generation) this.failed = true;
      return;
    }
    if (this.disposed || generation !== this.generation) return;
    this.source.clear(true);
    this.source.addFeatures(
      areas.map((area) => {
        const feature = new Feature({ geometry: areaMapGeometry(area.geometry) });
        feature.setProperties({ effect: area.effect, name: area.name, kind: area.kind, area });
        feature.setId(`${area.kind}:${area.refId}`);
        return feature;
      }),
    );
    const element = this.map.getTargetElement();
    if (element) element.dataset.zones = JSON.stringify(areas.map((area) => area.name).sort());
  }
}
