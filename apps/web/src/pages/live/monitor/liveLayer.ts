import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { boundingExtent } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { LiveDevice } from '@aos/contract';
import { droneAirborne } from '@aos/contract/rules';
import { dockIcon, droneIcon } from '../../../components/map/deviceIcons';
import type { LiveDevices } from '../../../live/model';
import { useLiveStore } from '../../../live/store';
import { droneOfDock } from './fleet';
import { STATUS_COLORS, dockStatus, droneStatus, headingOf, positionOf } from './status';
import { TRAIL_WINDOW_MS, type TrailPoint, appendTrail, pruneTrail, trailSegments } from './trail';

/** What the layer publishes on the map element (`data-devices`) for tests and tools: sn → shown state. */
export interface ShownDevice {
  kind: 'dock' | 'drone';
  lon: number;
  lat: number;
  heading: number;
  status: string;
}

const PUBLISH_MS = 300;
const REFADE_MS = 10_000;
const FOCUS_ZOOM = 14;
/** the dock panel's width and margins (live-monitor.css) */
const PANEL_WIDTH = 380;

function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

const selectedRing = new Style({
  image: new Circle({
    radius: 21,
    fill: new Fill({ color: 'rgba(22, 119, 255, 0.12)' }),
    stroke: new Stroke({ color: '#1677ff', width: 2 }),
  }),
});

/**
 * The live map's devices, kept in OpenLayers features updated in place: the layer follows the live store
 * outside React, collects the devices that changed and applies them once per animation frame, so a hundred
 * devices at 2 Hz never re-render a React tree.
 */
export class LiveLayer {
  private readonly docks = new VectorSource<Feature<Point>>();
  private readonly drones = new VectorSource<Feature<Point>>();
  private readonly trails = new VectorSource<Feature<LineString>>();
  private readonly trailPoints = new Map<string, TrailPoint[]>();
  private readonly shown = new Map<string, ShownDevice>();
  private readonly dirty = new Set<string>();
  private names = new Map<string, string>();
  private hidden = new Set<string>();
  private selected: string | null = null;
  private frame = 0;
  private fitted = false;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly refade: ReturnType<typeof setInterval>;
  private readonly unsubscribe: () => void;
  private readonly layers: VectorLayer[];

  constructor(
    private readonly map: OlMap,
    private readonly element: HTMLElement,
    private readonly onSelect: (sn: string) => void,
  ) {
    this.layers = [
      new VectorLayer({ source: this.trails, zIndex: 20, properties: { name: 'live-trails' } }),
      new VectorLayer({
        source: this.docks,
        zIndex: 21,
        declutter: true,
        properties: { name: 'live-docks' },
      }),
      new VectorLayer({ source: this.drones, zIndex: 22, properties: { name: 'live-drones' } }),
    ];
    for (const layer of this.layers) map.addLayer(layer);
    this.unsubscribe = useLiveStore.subscribe((state, previous) => {
      if (state.devices === previous.devices) return;
      for (const sn in state.devices) if (state.devices[sn] !== previous.devices[sn]) this.mark(sn);
      for (const sn in previous.devices) if (!(sn in state.devices)) this.mark(sn);
    });
    this.markAll();
    map.on('singleclick', this.click);
    map.on('pointermove', this.hover);
    this.refade = setInterval(() => this.redrawTrails(), REFADE_MS);
  }

  /** Registry names of docks (and drones) shown as labels. */
  setNames(names: Map<string, string>): void {
    this.names = names;
    this.markAll();
  }

  /** Docks the registry hides from maps (visible = 0): neither they nor their drones are drawn. */
  setHidden(hidden: Set<string>): void {
    this.hidden = hidden;
    this.markAll();
  }

  setSelected(sn: string | null): void {
    const previous = this.selected;
    this.selected = sn;
    this.panelOpen(sn !== null);
    if (previous) this.markWithDrone(previous);
    if (sn) this.markWithDrone(sn);
  }

  /** Bring the view to the device (a dock or a lone drone); false when its position is unknown. */
  focus(sn: string): boolean {
    const feature = this.docks.getFeatureById(sn) ?? this.drones.getFeatureById(sn);
    const point = feature?.getGeometry()?.getCoordinates();
    if (!point) return false;
    this.panelOpen(true);
    const view = this.map.getView();
    view.animate({ center: point, zoom: Math.max(view.getZoom() ?? 0, FOCUS_ZOOM), duration: 400 });
    return true;
  }

  /** The panel covers the map's right side: the view centres what it focuses in the part left visible. */
  private panelOpen(open: boolean): void {
    const view = this.map.getView();
    const right = open ? PANEL_WIDTH : 0;
    if ((view.padding?.[1] ?? 0) !== right) view.padding = [0, right, 0, 0];
  }

  dispose(): void {
    this.unsubscribe();
    clearInterval(this.refade);
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.publishTimer) clearTimeout(this.publishTimer);
    this.map.un('singleclick', this.click);
    this.map.un('pointermove', this.hover);
    for (const layer of this.layers) this.map.removeLayer(layer);
  }

  private markAll(): void {
    for (const sn of Object.keys(useLiveStore.getState().devices)) this.dirty.add(sn);
    for (const feature of [...this.docks.getFeatures(), ...this.drones.getFeatures()])
      this.dirty.add(String(feature.getId()));
    this.schedule();
  }

  private markWithDrone(sn: string): void {
    this.dirty.add(sn);
    const device = useLiveStore.getState().devices[sn];
    for (const sub of device?.subDevices ?? []) this.dirty.add(sub);
    this.schedule();
  }

  private mark(sn: string): void {
    this.dirty.add(sn);
    const device = useLiveStore.getState().devices[sn];
    // A dock's colour follows its drone (flying, low battery); a drone's visibility follows its dock.
    if (device?.gatewaySn) this.dirty.add(device.gatewaySn);
    for (const sub of device?.subDevices ?? []) this.dirty.add(sub);
    this.schedule();
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(this.flush);
  }

  private readonly flush = () => {
    this.frame = 0;
    const devices = useLiveStore.getState().devices;
    for (const sn of this.dirty) {
      const device = devices[sn];
      if (!device) this.remove(sn);
      else if (device.kind === 'hangar') this.drawDock(device, devices);
      else this.drawDrone(device, devices);
    }
    this.dirty.clear();
    this.fitOnce();
    this.publishSoon();
  };

  private remove(sn: string): void {
    for (const source of [this.docks, this.drones]) {
      const feature = source.getFeatureById(sn);
      if (feature) source.removeFeature(feature);
    }
    this.dropTrail(sn);
    this.shown.delete(sn);
  }

  private upsert(source: VectorSource<Feature<Point>>, sn: string, coordinate: number[], style: Style[]) {
    let feature = source.getFeatureById(sn);
    if (!feature) {
      feature = new Feature(new Point(coordinate));
      feature.setId(sn);
      source.addFeature(feature);
    } else {
      feature.getGeometry()!.setCoordinates(coordinate);
    }
    feature.setStyle(style);
  }

  private drawDock(dock: LiveDevice, devices: LiveDevices): void {
    const position = positionOf(dock);
    if (!position || this.hidden.has(dock.sn)) {
      this.remove(dock.sn);
      return;
    }
    const status = dockStatus(dock, droneOfDock(dock, devices));
    const color = STATUS_COLORS[status];
    const styles = [
      new Style({
        image: dockIcon(color, dock.online ? 1 : 0.75),
        text: new Text({
          text: this.names.get(dock.sn) ?? dock.sn,
          offsetY: 24,
          font: '12px sans-serif',
          fill: new Fill({ color: '#1f2329' }),
          stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 3 }),
        }),
        zIndex: 1,
      }),
    ];
    if (this.selected === dock.sn) styles.unshift(selectedRing);
    this.upsert(this.docks, dock.sn, fromLonLat(position), styles);
    this.shown.set(dock.sn, { kind: 'dock', lon: position[0], lat: position[1], heading: 0, status });
  }

  private drawDrone(drone: LiveDevice, devices: LiveDevices): void {
    const position = positionOf(drone);
    const dock = drone.gatewaySn ? devices[drone.gatewaySn] : undefined;
    const airborne = droneAirborne(drone);
    // In its dock the drone sits under the dock's square: it is drawn once it is out (or its dock is unknown).
    const inDock = !airborne && dock?.osd.drone_in_dock === 1;
    const hidden = (dock && this.hidden.has(dock.sn)) || this.hidden.has(drone.sn);
    if (!position || !drone.online || inDock || hidden) {
      this.remove(drone.sn);
      return;
    }
    const coordinate = fromLonLat(position);
    const status = droneStatus(drone);
    const heading = headingOf(drone);
    const styles = [new Style({ image: droneIcon(STATUS_COLORS[status], heading), zIndex: 2 })];
    if (this.selected && this.selected === (dock?.sn ?? drone.sn)) styles.unshift(selectedRing);
    this.upsert(this.drones, drone.sn, coordinate, styles);
    this.shown.set(drone.sn, { kind: 'drone', lon: position[0], lat: position[1], heading, status });
    if (airborne) {
      const trail = appendTrail(this.trailPoints.get(drone.sn) ?? [], {
        x: coordinate[0]!,
        y: coordinate[1]!,
        t: Date.now(),
      });
      this.trailPoints.set(drone.sn, trail);
      this.drawTrail(drone.sn, trail);
    } else {
      this.dropTrail(drone.sn);
    }
  }

  private drawTrail(sn: string, trail: TrailPoint[]): void {
    const segments = trailSegments(trail, Date.now());
    let feature = this.trails.getFeatureById(sn);
    if (!segments.length) {
      if (feature) this.trails.removeFeature(feature);
      return;
    }
    const color = STATUS_COLORS.flying;
    const styles = segments.map(
      (segment) =>
        new Style({
          geometry: new LineString(segment.coordinates),
          stroke: new Stroke({
            color: rgba(color, segment.opacity),
            width: 3,
            lineCap: 'round',
            lineJoin: 'round',
          }),
        }),
    );
    if (!feature) {
      feature = new Feature(new LineString(trail.map((point) => [point.x, point.y])));
      feature.setId(sn);
      this.trails.addFeature(feature);
    } else {
      feature.getGeometry()!.setCoordinates(trail.map((point) => [point.x, point.y]));
    }
    feature.setStyle(styles);
  }

  private dropTrail(sn: string): void {
    this.trailPoints.delete(sn);
    const feature = this.trails.getFeatureById(sn);
    if (feature) this.trails.removeFeature(feature);
  }

  private redrawTrails(): void {
    for (const [sn, trail] of this.trailPoints) {
      const kept = pruneTrail(trail, Date.now(), TRAIL_WINDOW_MS);
      this.trailPoints.set(sn, kept);
      this.drawTrail(sn, kept);
    }
  }

  /** The first time devices have positions, show them all. */
  private fitOnce(): void {
    if (this.fitted || !useLiveStore.getState().ready) return;
    const points = [...this.docks.getFeatures(), ...this.drones.getFeatures()].map((feature) =>
      feature.getGeometry()!.getCoordinates(),
    );
    if (!points.length) return;
    this.fitted = true;
    const size = this.map.getSize();
    this.map.getView().fit(boundingExtent(points), {
      padding: [80, 80, 80, 80],
      maxZoom: FOCUS_ZOOM,
      ...(size ? { size } : {}),
    });
  }

  private publishSoon(): void {
    if (this.publishTimer) return;
    this.publishTimer = setTimeout(() => {
      this.publishTimer = null;
      this.element.dataset.devices = JSON.stringify(Object.fromEntries(this.shown));
    }, PUBLISH_MS);
  }

  private readonly featureAt = (event: MapBrowserEvent) =>
    this.map.forEachFeatureAtPixel(event.pixel, (feature) => feature, {
      layerFilter: (layer) => layer === this.layers[1] || layer === this.layers[2],
      hitTolerance: 4,
    });

  private readonly click = (event: MapBrowserEvent) => {
    const feature = this.featureAt(event);
    if (!feature) return;
    const sn = String(feature.getId());
    const device = useLiveStore.getState().devices[sn];
    // A drone opens its dock's panel.
    const gateway = device?.kind === 'equipment' ? device.gatewaySn : null;
    this.onSelect(gateway && useLiveStore.getState().devices[gateway] ? gateway : sn);
  };

  private readonly hover = (event: MapBrowserEvent) => {
    if (event.dragging) return;
    const viewport = this.map.getViewport();
    if (viewport) viewport.style.cursor = this.featureAt(event) ? 'pointer' : '';
  };
}
