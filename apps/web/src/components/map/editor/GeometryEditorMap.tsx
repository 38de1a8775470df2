import type { Geometry, GeometryType, LonLatPosition } from '@aos/contract';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { altKeyOnly, never } from 'ol/events/condition';
import { boundingExtent, containsExtent, getHeight, getWidth } from 'ol/extent';
import Circle from 'ol/geom/Circle';
import LineString from 'ol/geom/LineString';
import MultiPoint from 'ol/geom/MultiPoint';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import type OlGeometry from 'ol/geom/Geometry';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import Snap from 'ol/interaction/Snap';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import { useCallback, useEffect, useRef } from 'react';
import MapView from '../MapView';
import { CHINA_EXTENT } from '../coordinates';
import type { MapSettings } from '../settings';
import type { Measures } from './geometryEdit';
import { measure } from './measure';
import { fromMapGeometry, toMapGeometry } from './mapGeometry';

export interface GeometryEditorMapProps {
  settings: MapSettings;
  value: Geometry | null;
  /** the type being drawn (a new shape replaces the value when it is finished); null: edit the value */
  drawing: GeometryType | null;
  /** a single click on a node deletes it (as Alt+click always does) */
  deleteMode: boolean;
  onChange: (value: Geometry) => void;
  /** a drawing finished or was abandoned */
  onDrawEnd: () => void;
  /** may a node go now? (the editor refuses under spec §5's minimums and says why) */
  mayDeleteNode: () => boolean;
  onMeasures: (measures: Measures) => void;
  /** each new number fits the view to the value */
  fitKey: number;
  height: number;
  testId: string;
}

/** The shape in the theme colour, with its nodes marked so they can be grabbed. */
function shapeStyles(color: string): Style[] {
  return [
    new Style({
      stroke: new Stroke({ color, width: 2 }),
      fill: new Fill({ color: 'rgba(64, 158, 255, 0.15)' }),
      image: new CircleStyle({
        radius: 6,
        fill: new Fill({ color }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
    }),
    new Style({
      image: new CircleStyle({
        radius: 4,
        fill: new Fill({ color: '#fff' }),
        stroke: new Stroke({ color, width: 2 }),
      }),
      geometry: (feature) => {
        const geometry = feature.getGeometry();
        if (geometry instanceof Polygon) return new MultiPoint(geometry.getCoordinates()[0]!.slice(0, -1));
        if (geometry instanceof LineString) return new MultiPoint(geometry.getCoordinates());
        if (geometry instanceof Circle) return new Point(geometry.getCenter());
        return undefined;
      },
    }),
  ];
}

/**
 * The editor's map (OpenLayers Draw, Modify and Snap on one feature), loaded with OpenLayers on demand.
 * Drag a node to move it, drag an edge to add one, Alt+click (or click in delete mode, or Delete over a node)
 * to remove one: refused under spec §5's minimums. A circle's centre and rim can be dragged.
 */
export default function GeometryEditorMap(props: GeometryEditorMapProps) {
  const { settings, value, drawing, fitKey, height, testId } = props;
  const shape = useRef(new Feature()).current;
  const source = useRef(new VectorSource({ features: [shape] })).current;
  const map = useRef<OlMap | null>(null);
  const modify = useRef<Modify | null>(null);
  const latest = useRef(props);
  latest.current = props;
  /** the value the map itself last reported, so echoing it back does not redraw mid-edit */
  const reported = useRef<string | null>(null);
  const initial = useRef(value).current;

  const report = useCallback((geometry: OlGeometry | undefined) => {
    const next = geometry ? fromMapGeometry(geometry) : null;
    if (!next) return;
    reported.current = JSON.stringify(next);
    latest.current.onChange(next);
  }, []);

  /** May the node under the pointer go? The editor refuses (with the message) under the minimum. */
  const mayDelete = useCallback((): boolean => latest.current.mayDeleteNode(), []);

  const onReady = useCallback(
    (ready: OlMap) => {
      map.current = ready;
      const layer = new VectorLayer({
        source,
        style: shapeStyles(settings.accent),
        zIndex: 30,
        properties: { name: 'geometry-editor' },
      });
      ready.addLayer(layer);
      // Deleting is done here rather than by Modify's deleteCondition, which ignores the first click after
      // a node was added by dragging an edge.
      const editing = new Modify({ source, deleteCondition: never });
      editing.on('modifyend', () => report(shape.getGeometry()));
      modify.current = editing;
      ready.addInteraction(editing);
      ready.addInteraction(new Snap({ source }));
      /** The node under the pointer (a line's or a polygon's, not a point along an edge), in map units. */
      const hoveredNode = (): number[] | undefined => {
        const type = latest.current.value?.type;
        if (type !== 'LineString' && type !== 'Polygon') return undefined;
        const marker = editing.getOverlay().getSource()?.getFeatures()[0]?.getGeometry();
        const geometry = shape.getGeometry();
        if (!(marker instanceof Point) || !geometry) return undefined;
        const at = marker.getCoordinates();
        const nodes =
          geometry instanceof Polygon
            ? geometry.getCoordinates()[0]!
            : geometry instanceof LineString
              ? geometry.getCoordinates()
              : [];
        return nodes.some((node) => node[0] === at[0] && node[1] === at[1]) ? at : undefined;
      };
      const remove = () => {
        const node = hoveredNode();
        if (!node) return false;
        if (mayDelete()) editing.removePoint(node);
        return true;
      };
      // Alt+click, or a click in delete mode, on a node removes it.
      const click = (event: MapBrowserEvent) => {
        if (altKeyOnly(event) || latest.current.deleteMode) remove();
      };
      ready.on('singleclick', click);
      // Delete or Backspace over a node removes it too.
      const viewport = ready.getViewport() as HTMLElement;
      viewport.tabIndex = 0;
      const key = (event: KeyboardEvent) => {
        if (event.key !== 'Delete' && event.key !== 'Backspace') return;
        if (remove()) event.preventDefault();
      };
      viewport.addEventListener('keydown', key);
      const focus = () => viewport.focus({ preventScroll: true });
      viewport.addEventListener('pointerenter', focus);
      // a value that arrived while the map was loading
      bringIntoView(ready, shape.getGeometry());
      const published = () => publishInView(ready, shape.getGeometry());
      published();
      ready.on('moveend', published);
      ready.getTargetElement()?.setAttribute('data-editor', 'ready');
      return () => {
        ready.un('singleclick', click);
        ready.un('moveend', published);
        viewport.removeEventListener('keydown', key);
        viewport.removeEventListener('pointerenter', focus);
        ready.removeLayer(layer);
        map.current = null;
        modify.current = null;
      };
    },
    [source, shape, settings.accent, report, mayDelete],
  );

  // The value, drawn (unless it is what the map just reported), and published for tests and tools. A value
  // from outside (a record loaded into the form, an import, an undo) is brought into view if it lies outside.
  useEffect(() => {
    const text = JSON.stringify(value ?? null);
    if (text !== reported.current) {
      shape.setGeometry(value ? toMapGeometry(value) : undefined);
      if (map.current) {
        bringIntoView(map.current, shape.getGeometry());
        publishInView(map.current, shape.getGeometry());
      }
    }
    reported.current = text;
    latest.current.onMeasures(measure(value));
    const element = map.current?.getTargetElement();
    if (element) element.dataset.geometry = text;
  }, [value, shape]);

  // Drawing a new shape: Draw of that type; the finished shape replaces the value.
  useEffect(() => {
    const ready = map.current;
    if (!ready || !drawing) return;
    const draw = new Draw({ type: drawing, style: shapeStyles(settings.accent) });
    draw.on('drawend', (event) => {
      const geometry = event.feature.getGeometry();
      shape.setGeometry(geometry);
      report(geometry);
      latest.current.onDrawEnd();
    });
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        draw.abortDrawing();
        latest.current.onDrawEnd();
      }
    };
    modify.current?.setActive(false);
    ready.addInteraction(draw);
    // Snap after Draw so a node snaps onto the shape's nodes
    const snap = new Snap({ source });
    ready.addInteraction(snap);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('keydown', escape);
      ready.removeInteraction(draw);
      ready.removeInteraction(snap);
      modify.current?.setActive(true);
    };
  }, [drawing, shape, source, settings.accent, report]);

  // Fit the view to the value when asked (and when it opens with one, through `extent`).
  useEffect(() => {
    const ready = map.current;
    const geometry = shape.getGeometry();
    if (!fitKey || !ready || !geometry) return;
    ready.getView().fit(geometry.getExtent(), { padding: [40, 40, 40, 40], maxZoom: 16, duration: 300 });
  }, [fitKey, shape]);

  return (
    <MapView
      settings={settings}
      extent={initial ? extentOf(initial) : CHINA_EXTENT}
      onReady={onReady}
      height={height}
      testId={testId}
    />
  );
}

/**
 * Whether the whole shape is in view at a size one can work on (a tenth of the view's width or height at
 * least; a point only has to be in view).
 */
function shapeShown(map: OlMap, geometry: OlGeometry | undefined): boolean {
  const size = map.getSize();
  if (!geometry || !size) return false;
  const view = map.getView().calculateExtent(size);
  const shape = geometry.getExtent();
  if (!containsExtent(view, shape)) return false;
  if (geometry instanceof Point) return true;
  return getWidth(shape) >= getWidth(view) / 10 || getHeight(shape) >= getHeight(view) / 10;
}

/** Fit the view to `geometry` unless it is shown already. */
function bringIntoView(map: OlMap, geometry: OlGeometry | undefined): void {
  if (!geometry || !map.getSize() || shapeShown(map, geometry)) return;
  map.getView().fit(geometry.getExtent(), { padding: [40, 40, 40, 40], maxZoom: 16, duration: 300 });
}

/** Whether the shape is shown (`data-shape-in-view`), published for tests and tools. */
function publishInView(map: OlMap, geometry: OlGeometry | undefined): void {
  map.getTargetElement()?.setAttribute('data-shape-in-view', shapeShown(map, geometry) ? 'yes' : 'no');
}

/** `[west, south, east, north]` around a value, with some room. */
function extentOf(geometry: Geometry): [number, number, number, number] {
  const points: LonLatPosition[] =
    geometry.type === 'Point'
      ? [geometry.coordinates]
      : geometry.type === 'LineString'
        ? geometry.coordinates
        : geometry.type === 'Polygon'
          ? geometry.coordinates[0]!
          : [geometry.center];
  const [west, south, east, north] = boundingExtent(points);
  // a circle's or a point's box is its centre: about the circle's radius around it (or 1 km)
  const margin =
    geometry.type === 'Circle' ? (geometry.radius / 111_000) * 1.6 : Math.max((east! - west!) * 0.15, 0.005);
  return [west! - margin, south! - margin, east! + margin, north! + margin];
}
