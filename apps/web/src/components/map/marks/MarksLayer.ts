import type { MapMark, StoredGeometry } from '@aos/contract';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import type OlGeometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Icon, Stroke, Style, Text } from 'ol/style';
import { zoomOfResolution } from '../boundaries';
import { DEFAULT_MARK_COLOR, iconAnchor, markIconSvg, svgSource } from './icons';

/** Names are written from this zoom on (a country-wide view would be all words). */
const NAME_ZOOM = 8;
const FONT = '12px "PingFang SC", "Microsoft YaHei", sans-serif';

/** A mark's geometry in the map's projection (WGS-84 Web Mercator, as every layer of the console's maps). */
export function markMapGeometry(geometry: StoredGeometry): OlGeometry {
  switch (geometry.type) {
    case 'Point':
      return new Point(fromLonLat(geometry.coordinates));
    case 'LineString':
      return new LineString(geometry.coordinates.map((position) => fromLonLat(position)));
    case 'Polygon':
      return new Polygon(geometry.coordinates.map((ring) => ring.map((position) => fromLonLat(position))));
  }
}

/** `#rrggbb` (or `#rrggbbaa`) at `alpha`. */
function withAlpha(color: string, alpha: number): string {
  const hex = color.slice(1, 7);
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const styles = new Map<string, Style[]>();
/** A mark's look: a point its icon, a line its colour, a polygon its colour over a light fill; selected, a halo. */
export function markStyle(mark: MapMark, selected: boolean, named: boolean): Style[] {
  const color = mark.color || DEFAULT_MARK_COLOR;
  const key = `${mark.kind}|${mark.icon ?? ''}|${color}|${selected}|${named ? mark.name : ''}`;
  let style = styles.get(key);
  if (style) return style;
  // points over lines over polygons (a polygon's name never covers a point inside it)
  const zIndex = { point: 3, line: 2, polygon: 1 }[mark.kind];
  const text = named
    ? new Text({
        text: mark.name,
        font: FONT,
        fill: new Fill({ color: '#1f1f1f' }),
        stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 3 }),
        offsetY: mark.kind === 'point' ? 12 : 0,
        placement: mark.kind === 'line' ? 'line' : 'point',
        overflow: true,
      })
    : undefined;
  if (mark.kind === 'point') {
    style = [
      ...(selected
        ? [
            new Style({
              image: new Icon({
                src: svgSource(
                  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="17" ' +
                    `fill="${withAlpha(color, 0.22)}" stroke="${color}" stroke-width="2"/></svg>`,
                ),
                width: 40,
                height: 40,
              }),
              zIndex,
            }),
          ]
        : []),
      new Style({
        image: new Icon({
          src: svgSource(markIconSvg(mark.icon, color)),
          width: selected ? 32 : 26,
          height: selected ? 32 : 26,
          anchor: iconAnchor(mark.icon),
        }),
        text,
        zIndex,
      }),
    ];
  } else {
    style = [
      ...(selected
        ? [new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 8 }), zIndex })]
        : []),
      new Style({
        stroke: new Stroke({ color, width: selected ? 4 : 2.5 }),
        fill:
          mark.kind === 'polygon' ? new Fill({ color: withAlpha(color, selected ? 0.3 : 0.18) }) : undefined,
        text,
      }),
    ];
  }
  styles.set(key, style);
  return style;
}

export interface MarksLayerOptions {
  zIndex?: number;
  /** a click on a mark (or, with null, beside every mark) */
  onSelect?: (mark: MapMark | null) => void;
}

/**
 * Marks on a map: points with their icons, lines and polygons in their colours, names when close enough.
 * Publishes on the map element, for tests and tools, the names drawn (`data-marks`, sorted) and the selected
 * mark's name (`data-selected-mark`).
 */
export class MarksLayer {
  private readonly source = new VectorSource();
  private selected: string | null = null;
  readonly layer = new VectorLayer({
    source: this.source,
    properties: { name: 'marks' },
    style: (feature, resolution) =>
      markStyle(
        feature.get('mark') as MapMark,
        feature.getId() === this.selected,
        zoomOfResolution(resolution) >= NAME_ZOOM,
      ),
  });

  constructor(
    private readonly map: OlMap,
    private readonly options: MarksLayerOptions = {},
  ) {
    this.layer.setZIndex(options.zIndex ?? 6);
    map.addLayer(this.layer);
    if (options.onSelect) map.on('singleclick', this.clicked);
    this.publish();
  }

  /** Draw these marks (and only these). */
  setMarks(marks: readonly MapMark[]): void {
    this.source.clear(true);
    this.source.addFeatures(
      marks.map((mark) => {
        const feature = new Feature({ geometry: markMapGeometry(mark.geometry) });
        feature.set('mark', mark);
        feature.setId(mark.id);
        return feature;
      }),
    );
    this.publish();
  }

  setSelected(id: string | null): void {
    this.selected = id;
    this.layer.changed();
    this.publish();
  }

  /** Bring marks into view (one mark, or a directory's); false when there is nothing to show. */
  fit(marks: readonly Pick<MapMark, 'geometry'>[]): boolean {
    const extent = createEmpty();
    for (const mark of marks) extend(extent, markMapGeometry(mark.geometry).getExtent());
    if (isEmpty(extent) && marks.length === 0) return false;
    this.map.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 15, duration: 300 });
    return true;
  }

  dispose(): void {
    this.map.un('singleclick', this.clicked);
    this.map.removeLayer(this.layer);
    const element = this.map.getTargetElement();
    if (element) {
      delete element.dataset.marks;
      delete element.dataset.selectedMark;
    }
  }

  private readonly clicked = (event: MapBrowserEvent) => {
    const hit = this.map.forEachFeatureAtPixel(event.pixel, (feature) => feature as Feature, {
      layerFilter: (layer) => layer === this.layer,
      hitTolerance: 4,
    });
    this.options.onSelect?.(hit ? (hit.get('mark') as MapMark) : null);
  };

  private publish() {
    const element = this.map.getTargetElement();
    if (!element) return;
    const marks = this.source.getFeatures().map((feature) => feature.get('mark') as MapMark);
    element.dataset.marks = JSON.stringify(marks.map((mark) => mark.name).sort());
    const chosen = marks.find((mark) => mark.id === this.selected);
    if (chosen) element.dataset.selectedMark = chosen.name;
    else delete element.dataset.selectedMark;
  }
}
