import type { LonLatPosition, RouteKind } from '@aos/contract';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { shiftKeyOnly } from 'ol/events/condition';
import { boundingExtent } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import MultiPoint from 'ol/geom/MultiPoint';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import DoubleClickZoom from 'ol/interaction/DoubleClickZoom';
import DragBox from 'ol/interaction/DragBox';
import DragZoom from 'ol/interaction/DragZoom';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import PointerInteraction from 'ol/interaction/Pointer';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback, useEffect, useRef, useState } from 'react';
import MapView from '../../../components/map/MapView';
import { CHINA_EXTENT } from '../../../components/map/coordinates';
import type { MapSettings } from '../../../components/map/settings';
import type { AreaLoader } from '../../../components/map/zones/api';
import { ZonesLayer } from '../../../components/map/zones/ZonesLayer';
import { ZonesToggle } from '../../../components/map/zones/ZonesToggle';
import { legAt } from './design';

/** What the editor's map shows and reports. Loaded with OpenLayers on demand (`RouteEditor` lazy-loads it). */
export interface EditorMapProps {
  settings: MapSettings;
  kind: RouteKind;
  readOnly: boolean;
  /** waypoint routes: the waypoints' positions */
  waypoints: readonly LonLatPosition[];
  selected: ReadonlySet<number>;
  /** waypoints named by a check finding, `wayline:index` */
  flagged: ReadonlySet<string>;
  /** area and oblique routes: the polygon's ring (closed); strip routes: the centre line */
  shape: readonly LonLatPosition[] | null;
  /** the planned waylines (mapping routes, or a read-only file's waylines) */
  lines: readonly (readonly LonLatPosition[])[];
  /** strip routes: the band round the centre line (a ring) */
  band: readonly LonLatPosition[] | null;
  dockPoint: LonLatPosition | null;
  /** draw the shape now (area: a polygon, strip: a line) */
  drawing: boolean;
  /** each new number fits the view to what is drawn */
  fitKey: number;
  onAdd: (position: LonLatPosition) => void;
  onInsert: (leg: number, position: LonLatPosition) => void;
  /** waypoints moved (during a drag `final` is false; the release sends the last positions again with true) */
  onMove: (moves: Map<number, LonLatPosition>, final: boolean) => void;
  onSelect: (indexes: number[], mode: 'replace' | 'toggle' | 'add') => void;
  onShape: (positions: LonLatPosition[]) => void;
  onDrawEnd: () => void;
  /** the map's picture for the route's screenshot */
  onPicture: (take: () => Promise<Blob | null>) => void;
  /** the tenant's zones, fences, airspaces and airport areas in a box (a layer under the route, toggleable) */
  loadZones?: AreaLoader;
  testId?: string;
}

const BLUE = '#1677ff';
/** how often a drag hands its positions to the design (and so to planning), ms */
const DESIGN_EVERY_MS = 100;
const SELECTED = '#fa8c16';
const FLAGGED = '#f5222d';

type PointState = 'plain' | 'selected' | 'flagged' | 'both';
const styleCache = new Map<string, Style>();

/** A numbered waypoint marker; numbers only where they can be read (few points, or zoomed in). */
function waypointStyle(index: number, state: PointState, numbered: boolean): Style {
  const key = `${numbered ? index : -1}|${state}`;
  let style = styleCache.get(key);
  if (!style) {
    const fill = state === 'plain' ? BLUE : state === 'flagged' ? FLAGGED : SELECTED;
    style = new Style({
      image: new CircleStyle({
        radius: numbered ? 9 : 5,
        fill: new Fill({ color: fill }),
        stroke: new Stroke({ color: state === 'both' ? FLAGGED : '#fff', width: state === 'both' ? 3 : 2 }),
      }),
      text: numbered
        ? new Text({
            text: String(index + 1),
            font: '600 10px sans-serif',
            fill: new Fill({ color: '#fff' }),
          })
        : undefined,
      zIndex: state === 'plain' ? 1 : 2,
    });
    styleCache.set(key, style);
  }
  return style;
}

const pathStyle = new Style({ stroke: new Stroke({ color: BLUE, width: 3 }) });
const plannedStyle = new Style({ stroke: new Stroke({ color: '#13c2c2', width: 2 }) });
const bandStyle = new Style({
  stroke: new Stroke({ color: 'rgba(19, 194, 194, 0.8)', width: 1, lineDash: [6, 4] }),
  fill: new Fill({ color: 'rgba(19, 194, 194, 0.08)' }),
});
const shapeStyles = [
  new Style({
    stroke: new Stroke({ color: BLUE, width: 2 }),
    fill: new Fill({ color: 'rgba(22, 119, 255, 0.12)' }),
  }),
  new Style({
    image: new CircleStyle({
      radius: 5,
      fill: new Fill({ color: '#fff' }),
      stroke: new Stroke({ color: BLUE, width: 2 }),
    }),
    geometry: (feature) => {
      const geometry = feature.getGeometry();
      if (geometry instanceof Polygon) return new MultiPoint(geometry.getCoordinates()[0]!.slice(0, -1));
      if (geometry instanceof LineString) return new MultiPoint(geometry.getCoordinates());
      return undefined;
    },
  }),
];
const dockStyle = new Style({
  image: new CircleStyle({
    radius: 8,
    fill: new Fill({ color: '#52c41a' }),
    stroke: new Stroke({ color: '#fff', width: 2 }),
  }),
  text: new Text({ text: 'H', font: '700 10px sans-serif', fill: new Fill({ color: '#fff' }) }),
});
const flaggedLineStyle = new Style({
  image: new CircleStyle({
    radius: 7,
    fill: new Fill({ color: 'rgba(245, 34, 45, 0.25)' }),
    stroke: new Stroke({ color: FLAGGED, width: 2 }),
  }),
});

const project = (position: LonLatPosition) => fromLonLat(position as number[]);
const unproject = (coordinate: number[]): LonLatPosition => {
  const [lon, lat] = toLonLat(coordinate);
  return [lon!, lat!];
};

/**
 * The route editor's map: the shared MapView with one vector layer for the waypoints (features kept and
 * moved, never re-created for a change), one for the route's path and the planned lines, and the area or
 * centre line drawn and edited with OpenLayers' Draw and Modify.
 */
export default function EditorMap(props: EditorMapProps) {
  const latest = useRef(props);
  latest.current = props;
  const map = useRef<OlMap | null>(null);
  const points = useRef(new VectorSource<Feature<Point>>()).current;
  const dragSource = useRef(new VectorSource()).current;
  const lines = useRef(new VectorSource()).current;
  const shapeSource = useRef(new VectorSource()).current;
  const path = useRef(new Feature(new LineString([]))).current;
  const shapeFeature = useRef(new Feature()).current;
  const band = useRef(new Feature()).current;
  const dock = useRef(new Feature()).current;
  const waypointFeatures = useRef<Feature<Point>[]>([]).current;
  const lineFeatures = useRef<Feature<LineString>[]>([]).current;
  const flaggedFeatures = useRef<Feature<Point>[]>([]).current;
  const dragging = useRef(false);
  const modify = useRef<Modify | null>(null);
  const initialExtent = useRef(extentOf(props)).current;
  const zones = useRef<ZonesLayer | null>(null);
  const [showZones, setShowZones] = useState(true);
  useEffect(() => zones.current?.setVisible(showZones), [showZones]);

  /** Screen pixels of the waypoints (for clicks on legs and the box). */
  const pixels = useCallback((): [number, number][] => {
    const ready = map.current;
    if (!ready) return [];
    return waypointFeatures.map((feature) => {
      const pixel = ready.getPixelFromCoordinate(feature.getGeometry()!.getCoordinates());
      return [pixel[0]!, pixel[1]!];
    });
  }, [waypointFeatures]);

  const onReady = useCallback(
    (ready: OlMap) => {
      map.current = ready;
      // Shift+drag selects in a box (not OpenLayers' zoom box); double-clicks finish drawings, not zoom.
      for (const interaction of ready.getInteractions().getArray().slice()) {
        if (interaction instanceof DragZoom || interaction instanceof DoubleClickZoom)
          ready.removeInteraction(interaction);
      }
      lines.addFeatures([path, band, dock]);
      shapeSource.addFeature(shapeFeature);
      const lineLayer = new VectorLayer({
        source: lines,
        zIndex: 20,
        style: (feature) => {
          if (feature === path) return pathStyle;
          if (feature === band) return bandStyle;
          if (feature === dock) return dockStyle;
          if (feature.get('flagged')) return flaggedLineStyle;
          return plannedStyle;
        },
      });
      const shapeLayer = new VectorLayer({ source: shapeSource, zIndex: 25, style: shapeStyles });
      const pointLayer = new VectorLayer({
        source: points,
        zIndex: 30,
        updateWhileInteracting: true,
        style: (feature, resolution) => {
          const index = feature.get('index') as number;
          const count = waypointFeatures.length;
          return waypointStyle(index, feature.get('state') as PointState, count <= 300 || resolution < 0.6);
        },
      });
      const dragLayer = new VectorLayer({
        source: dragSource,
        zIndex: 31,
        updateWhileInteracting: true,
        updateWhileAnimating: true,
        style: (feature, resolution) =>
          feature.get('band') !== undefined
            ? pathStyle
            : waypointStyle(
                feature.get('index') as number,
                feature.get('state') as PointState,
                waypointFeatures.length <= 300 || resolution < 0.6,
              ),
      });
      ready.addLayer(lineLayer);
      ready.addLayer(shapeLayer);
      ready.addLayer(pointLayer);
      ready.addLayer(dragLayer);

      const hit = (pixel: number[]): number | undefined => {
        let found: number | undefined;
        ready.forEachFeatureAtPixel(
          pixel,
          (feature) => {
            found = feature.get('index') as number;
            return true;
          },
          { layerFilter: (layer) => layer === pointLayer, hitTolerance: 4 },
        );
        return found;
      };

      // Dragging waypoints: the grabbed one, or every selected one when it is selected.
      let grabbed:
        { indexes: number[]; start: number[]; from: number[][]; bands: Feature<LineString>[] } | undefined;
      /**
       * The first move of a drag lifts the grabbed waypoints onto a small layer of their own, with the legs to
       * their neighbours: only that layer is drawn again while the pointer moves, not the route's thousands of
       * points and its path (left where they were until the drop).
       */
      const lift = (held: NonNullable<typeof grabbed>) => {
        const lifted = held.indexes.map((i) => waypointFeatures[i]!).filter((f) => points.hasFeature(f));
        for (const feature of lifted) points.removeFeature(feature);
        dragSource.addFeatures(lifted);
        held.bands = held.indexes.map((index) => {
          const around = [index - 1, index, index + 1]
            .filter((i) => i >= 0 && i < waypointFeatures.length)
            .map((i) => waypointFeatures[i]!.getGeometry()!.getCoordinates());
          const band = new Feature(new LineString(around));
          band.set('band', index);
          return band;
        });
        dragSource.addFeatures(held.bands);
      };
      const drop = () => {
        const lifted = dragSource
          .getFeatures()
          .filter((f) => f.get('band') === undefined) as Feature<Point>[];
        dragSource.clear(true);
        points.addFeatures(lifted.filter((f) => waypointFeatures.includes(f)));
        path.getGeometry()!.setCoordinates(waypointFeatures.map((f) => f.getGeometry()!.getCoordinates()));
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      let lastSent = 0;
      let pending: Map<number, LonLatPosition> | undefined;
      const drag = new PointerInteraction({
        handleDownEvent: (event) => {
          const current = latest.current;
          if (current.readOnly || current.kind !== 'waypoint' || current.drawing) return false;
          const index = hit(event.pixel);
          if (index === undefined) return false;
          const indexes = current.selected.has(index) ? [...current.selected] : [index];
          grabbed = {
            indexes,
            start: event.coordinate,
            from: indexes.map((i) => waypointFeatures[i]!.getGeometry()!.getCoordinates()),
            bands: [],
          };
          return true;
        },
        handleDragEvent: (event) => {
          if (!grabbed) return;
          const dx = event.coordinate[0]! - grabbed.start[0]!;
          const dy = event.coordinate[1]! - grabbed.start[1]!;
          if (!dragging.current) lift(grabbed);
          dragging.current = true;
          const moves = new Map<number, LonLatPosition>();
          const moved = new Map<number, number[]>();
          grabbed.indexes.forEach((index, k) => {
            const to = [grabbed!.from[k]![0]! + dx, grabbed!.from[k]![1]! + dy];
            waypointFeatures[index]?.getGeometry()!.setCoordinates(to);
            moved.set(index, to);
            moves.set(index, unproject(to));
          });
          for (const band of grabbed.bands) {
            const index = band.get('band') as number;
            const around = [index - 1, index, index + 1]
              .filter((i) => i >= 0 && i < waypointFeatures.length)
              .map((i) => moved.get(i) ?? waypointFeatures[i]!.getGeometry()!.getCoordinates());
            band.getGeometry()!.setCoordinates(around);
          }
          pending = moves;
          // The features follow the pointer on every frame; the design (planning, figures, profile) follows
          // at most every DESIGN_EVERY_MS, so a large route drags smoothly and its figures still move with it.
          if (!timer) {
            const wait = Math.max(0, lastSent + DESIGN_EVERY_MS - performance.now());
            timer = setTimeout(() => {
              timer = undefined;
              lastSent = performance.now();
              if (pending) latest.current.onMove(pending, false);
            }, wait);
          }
        },
        handleUpEvent: () => {
          if (timer) clearTimeout(timer);
          timer = undefined;
          if (dragging.current) drop();
          dragging.current = false;
          if (pending) latest.current.onMove(pending, true);
          pending = undefined;
          grabbed = undefined;
          return false;
        },
      });
      ready.addInteraction(drag);

      const box = new DragBox({ condition: shiftKeyOnly });
      box.on('boxend', () => {
        if (latest.current.kind !== 'waypoint' || latest.current.readOnly) return;
        const geometry = box.getGeometry().getCoordinates()[0]!;
        const corners = [geometry[0]!, geometry[2]!].map((c) => ready.getPixelFromCoordinate(c));
        const inside: number[] = [];
        const [x1, y1] = corners[0]!;
        const [x2, y2] = corners[1]!;
        pixels().forEach(([x, y], index) => {
          if (
            x >= Math.min(x1!, x2!) &&
            x <= Math.max(x1!, x2!) &&
            y >= Math.min(y1!, y2!) &&
            y <= Math.max(y1!, y2!)
          )
            inside.push(index);
        });
        latest.current.onSelect(inside, 'add');
      });
      ready.addInteraction(box);

      const click = (event: MapBrowserEvent) => {
        const current = latest.current;
        if (current.readOnly || current.kind !== 'waypoint' || current.drawing) return;
        const index = hit(event.pixel);
        if (index !== undefined) {
          current.onSelect([index], shiftKeyOnly(event) ? 'toggle' : 'replace');
          return;
        }
        const leg = legAt(pixels(), [event.pixel[0]!, event.pixel[1]!]);
        if (leg !== undefined) current.onInsert(leg, unproject(event.coordinate));
        else current.onAdd(unproject(event.coordinate));
      };
      // 'click', not 'singleclick': no 250 ms wait for a double click (double-click zoom is off here), and two
      // quick clicks are two waypoints
      ready.on('click', click);

      const editing = new Modify({ source: shapeSource });
      editing.on('modifyend', () => {
        const geometry = shapeFeature.getGeometry();
        if (geometry instanceof Polygon) latest.current.onShape(geometry.getCoordinates()[0]!.map(unproject));
        else if (geometry instanceof LineString)
          latest.current.onShape(geometry.getCoordinates().map(unproject));
      });
      modify.current = editing;
      ready.addInteraction(editing);

      latest.current.onPicture(() => picture(ready));
      const element = ready.getTargetElement();
      // the view (Web Mercator centre and metres per pixel), published for tests and tools (the bench drags by it)
      const publishView = () => {
        const view = ready.getView();
        element?.setAttribute(
          'data-view',
          JSON.stringify([...(view.getCenter() ?? []), view.getResolution()]),
        );
      };
      ready.on('moveend', publishView);
      element?.setAttribute('data-editor', 'ready');
      zones.current = new ZonesLayer(ready, (box) => latest.current.loadZones?.(box) ?? Promise.resolve([]), {
        zIndex: 5,
      });
      return () => {
        ready.un('click', click);
        ready.un('moveend', publishView);
        zones.current?.dispose();
        zones.current = null;
        map.current = null;
        modify.current = null;
      };
    },
    [lines, points, dragSource, shapeSource, path, band, dock, shapeFeature, waypointFeatures, pixels],
  );

  // Waypoints: the features kept, only those that changed touched.
  const { waypoints, selected, flagged } = props;
  useEffect(() => {
    const added: Feature<Point>[] = [];
    for (let index = 0; index < waypoints.length; index++) {
      const coordinate = project(waypoints[index]!);
      const feature = waypointFeatures[index];
      if (feature) {
        if (dragging.current) continue; // the drag moves its features itself
        const geometry = feature.getGeometry()!;
        const now = geometry.getCoordinates();
        if (now[0] !== coordinate[0] || now[1] !== coordinate[1]) geometry.setCoordinates(coordinate);
      } else {
        const created = new Feature(new Point(coordinate));
        created.setProperties({ index, state: 'plain' }, true);
        waypointFeatures.push(created);
        added.push(created);
      }
    }
    if (added.length) points.addFeatures(added);
    if (waypointFeatures.length > waypoints.length) {
      const removed = waypointFeatures.splice(waypoints.length);
      for (const feature of removed) points.removeFeature(feature);
    }
    if (!dragging.current) path.getGeometry()!.setCoordinates(waypoints.map(project));
    map.current?.getTargetElement()?.setAttribute('data-waypoints', String(waypoints.length));
  }, [waypoints, waypointFeatures, points, path]);

  useEffect(() => {
    waypointFeatures.forEach((feature, index) => {
      const isSelected = selected.has(index);
      const isFlagged = flagged.has(`0:${index}`);
      const state: PointState =
        isSelected && isFlagged ? 'both' : isSelected ? 'selected' : isFlagged ? 'flagged' : 'plain';
      if (feature.get('state') !== state) feature.set('state', state);
    });
  }, [selected, flagged, waypoints, waypointFeatures]);

  // Planned lines (one feature per wayline, reused), the band, the dock point, the flagged planned points.
  const { lines: planned, band: bandRing, dockPoint, kind } = props;
  useEffect(() => {
    const added: Feature<LineString>[] = [];
    planned.forEach((line, index) => {
      const coordinates = line.map(project);
      const feature = lineFeatures[index];
      if (feature) feature.getGeometry()!.setCoordinates(coordinates);
      else {
        const created = new Feature(new LineString(coordinates));
        lineFeatures.push(created);
        added.push(created);
      }
    });
    if (added.length) lines.addFeatures(added);
    for (const feature of lineFeatures.splice(planned.length)) lines.removeFeature(feature);
    band.setGeometry(bandRing ? new Polygon([bandRing.map(project)]) : undefined);
    dock.setGeometry(dockPoint ? new Point(project(dockPoint)) : undefined);
    for (const feature of flaggedFeatures.splice(0)) lines.removeFeature(feature);
    if (kind !== 'waypoint') {
      for (const key of flagged) {
        const [wayline, index] = key.split(':').map(Number);
        const position = planned[wayline!]?.[index!];
        if (!position) continue;
        const feature = new Feature(new Point(project(position)));
        feature.set('flagged', true);
        flaggedFeatures.push(feature);
      }
      lines.addFeatures(flaggedFeatures);
    }
    map.current?.getTargetElement()?.setAttribute('data-lines', String(planned.length));
  }, [planned, bandRing, dockPoint, flagged, kind, lines, band, dock, lineFeatures, flaggedFeatures]);

  // The area's polygon or the strip's centre line.
  const { shape } = props;
  useEffect(() => {
    const geometry = !shape
      ? undefined
      : kind === 'strip'
        ? new LineString(shape.map(project))
        : new Polygon([shape.map(project)]);
    shapeFeature.setGeometry(geometry);
    modify.current?.setActive(!props.readOnly && kind !== 'waypoint');
  }, [shape, kind, shapeFeature, props.readOnly]);

  // Drawing the shape.
  const { drawing } = props;
  useEffect(() => {
    const ready = map.current;
    if (!ready || !drawing) return;
    const draw = new Draw({ type: kind === 'strip' ? 'LineString' : 'Polygon', style: shapeStyles });
    draw.on('drawend', (event) => {
      const geometry = event.feature.getGeometry();
      if (geometry instanceof Polygon) latest.current.onShape(geometry.getCoordinates()[0]!.map(unproject));
      else if (geometry instanceof LineString)
        latest.current.onShape(geometry.getCoordinates().map(unproject));
      latest.current.onDrawEnd();
    });
    modify.current?.setActive(false);
    ready.addInteraction(draw);
    return () => {
      ready.removeInteraction(draw);
      modify.current?.setActive(true);
    };
  }, [drawing, kind]);

  // Fit the view to what is drawn when asked.
  const { fitKey } = props;
  useEffect(() => {
    const ready = map.current;
    if (!fitKey || !ready) return;
    const extent = extentOf(latest.current);
    if (extent) ready.getView().fit(transformExtentToMap(extent), { padding: [60, 60, 60, 60], maxZoom: 18 });
  }, [fitKey]);

  return (
    <MapView
      settings={props.settings}
      extent={initialExtent ?? CHINA_EXTENT}
      onReady={onReady}
      height="100%"
      testId={props.testId ?? 'route-editor-map'}
      controls={
        props.loadZones && (
          <ZonesToggle
            settings={props.settings}
            shown={showZones}
            onToggle={() => setShowZones((shown) => !shown)}
            testId="route-editor-zones"
          />
        )
      }
    />
  );
}

function transformExtentToMap([west, south, east, north]: [number, number, number, number]) {
  const [x1, y1] = fromLonLat([west, south]);
  const [x2, y2] = fromLonLat([east, north]);
  return [x1!, y1!, x2!, y2!];
}

/** `[west, south, east, north]` round what the editor shows, with some room; undefined when it is empty. */
function extentOf(props: Pick<EditorMapProps, 'waypoints' | 'shape' | 'lines' | 'dockPoint'>) {
  const all: LonLatPosition[] = [
    ...props.waypoints,
    ...(props.shape ?? []),
    ...props.lines.flat(),
    ...(props.dockPoint ? [props.dockPoint] : []),
  ];
  if (all.length === 0) return undefined;
  const [west, south, east, north] = boundingExtent(all as number[][]);
  const margin = Math.max((east! - west!) * 0.1, (north! - south!) * 0.1, 0.002);
  return [west! - margin, south! - margin, east! + margin, north! + margin] as [
    number,
    number,
    number,
    number,
  ];
}

const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/**
 * The map as a PNG: its layers' canvases composed in order (OpenLayers' own export recipe), made smaller
 * until it fits spec §5's 5 MB for route images. Null when a tile server does not allow its pictures to be
 * read back (a canvas tainted by tiles without CORS).
 */
function picture(map: OlMap): Promise<Blob | null> {
  return new Promise((resolve) => {
    map.once('rendercomplete', () => {
      const size = map.getSize();
      if (!size) return resolve(null);
      const composed = document.createElement('canvas');
      composed.width = size[0]!;
      composed.height = size[1]!;
      const context = composed.getContext('2d');
      if (!context) return resolve(null);
      context.fillStyle = '#dfe9f3';
      context.fillRect(0, 0, composed.width, composed.height);
      const viewport = map.getViewport();
      viewport!.querySelectorAll<HTMLCanvasElement>('.ol-layer canvas, canvas.ol-layer').forEach((canvas) => {
        if (canvas.width === 0) return;
        const opacity = (canvas.parentNode as HTMLElement | null)?.style.opacity || canvas.style.opacity;
        context.globalAlpha = opacity === '' ? 1 : Number(opacity);
        const transform = canvas.style.transform;
        const match = /^matrix\(([^(]*)\)$/.exec(transform);
        if (match) {
          const values = match[1]!.split(',').map(Number) as [number, number, number, number, number, number];
          context.setTransform(...values);
        } else
          context.setTransform(composed.width / canvas.width, 0, 0, composed.height / canvas.height, 0, 0);
        context.drawImage(canvas, 0, 0);
      });
      context.globalAlpha = 1;
      context.setTransform(1, 0, 0, 1, 0, 0);
      const encode = (canvas: HTMLCanvasElement) => {
        try {
          canvas.toBlob((blob) => {
            if (blob && blob.size > MAX_PICTURE_BYTES && canvas.width > 200) {
              const smaller = document.createElement('canvas');
              smaller.width = Math.round(canvas.width * 0.7);
              smaller.height = Math.round(canvas.height * 0.7);
              smaller.getContext('2d')?.drawImage(canvas, 0, 0, smaller.width, smaller.height);
              encode(smaller);
            } else resolve(blob && blob.size <= MAX_PICTURE_BYTES ? blob : null);
          }, 'image/png');
        } catch {
          resolve(null); // tainted by tiles without CORS
        }
      };
      encode(composed);
    });
    map.renderSync();
  });
}
