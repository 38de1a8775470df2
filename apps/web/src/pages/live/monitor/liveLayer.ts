import Feature, { type FeatureLike } from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { boundingExtent, getCenter } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { LiveDevice } from '@aos/contract';
import { droneAirborne } from '@aos/contract/rules';
import { dockIcon, droneIcon } from '../../../components/map/deviceIcons';
import type { LiveDevices } from '../../../live/model';
import { useLiveStore } from '../../../live/store';
import { droneOfDock } from './fleet';
import {
  type DeviceStatus,
  STATUS_COLORS,
  STATUS_ORDER,
  dockStatus,
  droneStatus,
  headingOf,
  mostUrgent,
  passes,
  positionOf,
  type StatusFilter,
} from './status';
import { TRAIL_WINDOW_MS, type TrailPoint, appendTrail, pruneTrail, trailSegments } from './trail';

/** What the layer publishes on the map element (`data-devices`) for tests and tools: sn → shown state. */
export interface ShownDevice {
  kind: 'dock' | 'drone';
  lon: number;
  lat: number;
  heading: number;
  status: string;
  /** drawn as part of a cluster of docks (a drone with its dock) rather than on its own */
  clustered: boolean;
}

/** What the pointer is over: one dock or drone, or a cluster's docks (most urgent first), and where. */
export interface MapHover {
  devices: Array<{ sn: string; status: DeviceStatus }>;
  cluster: boolean;
  /** the feature's position in the map element, in CSS pixels */
  pixel: [number, number];
  /** the map element's size, in CSS pixels */
  size: [number, number];
}

/** What the layer publishes on the map element (`data-clusters`): each group of docks drawn as one. */
export interface ShownCluster {
  docks: string[];
  status: DeviceStatus;
  /** its position in the map element, in CSS pixels */
  pixel: [number, number];
}

const PUBLISH_MS = 300;
const REFADE_MS = 10_000;
const FOCUS_ZOOM = 14;
/**
 * Below FOCUS_ZOOM, docks closer than this many pixels are drawn as one circle with their count, coloured by
 * the most urgent status among them; from FOCUS_ZOOM on (where a dock is focused) every dock is drawn alone.
 */
const CLUSTER_DISTANCE = 44;
/** how far opening a cluster may zoom in, for docks a few metres apart */
const CLUSTER_OPEN_MAX_ZOOM = 18;
/** the dock panel's width and margins (live-monitor.css) */
const PANEL_WIDTH = 380;

function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

const clusterStyles = new Map<string, Style[]>();

/** A cluster's circle: its count on the most urgent status's colour, ringed when it holds the selected dock. */
function clusterStyle(count: number, status: DeviceStatus, selected: boolean): Style[] {
  const key = `${count}:${status}:${selected}`;
  let styles = clusterStyles.get(key);
  if (!styles) {
    const color = STATUS_COLORS[status];
    const radius = Math.min(14 + Math.log2(count) * 3, 26);
    styles = [
      new Style({
        image: new Circle({
          radius: radius + 6,
          fill: new Fill({ color: rgba(color, 0.25) }),
          ...(selected ? { stroke: new Stroke({ color: '#1677ff', width: 2 }) } : {}),
          declutterMode: 'obstacle',
        }),
        zIndex: 3,
      }),
      new Style({
        image: new Circle({
          radius,
          fill: new Fill({ color }),
          stroke: new Stroke({ color: '#ffffff', width: 2.5 }),
          declutterMode: 'obstacle',
        }),
        text: new Text({
          text: String(count),
          font: 'bold 13px sans-serif',
          fill: new Fill({ color: '#ffffff' }),
          declutterMode: 'none',
        }),
        zIndex: 3,
      }),
    ];
    clusterStyles.set(key, styles);
  }
  return styles;
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
 *
 * Docks are clustered when zoomed out. Their features only carry positions, which do not change with each
 * OSD, so the clusters are recomputed when a dock appears, moves or goes, not on every frame; each dock's
 * look (status colour, name, selection) is kept beside them and read by the layer's style function.
 */
export class LiveLayer {
  private readonly docks = new VectorSource<Feature<Point>>();
  private readonly clusters = new Cluster<Feature<Point>>({ source: this.docks, distance: CLUSTER_DISTANCE });
  private readonly dockStyles = new Map<string, Style[]>();
  private docksRestyled = false;
  /** docks drawn in a cluster of several, with their drones */
  private clustered = new Set<string>();
  private clustersChanged = false;
  private readonly drones = new VectorSource<Feature<Point>>();
  private readonly trails = new VectorSource<Feature<LineString>>();
  private readonly trailPoints = new Map<string, TrailPoint[]>();
  private readonly shown = new Map<string, ShownDevice>();
  private readonly dirty = new Set<string>();
  private names = new Map<string, string>();
  private hidden = new Set<string>();
  private filter: StatusFilter = new Set();
  private selected: string | null = null;
  private frame = 0;
  private fitted = false;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  /** the features under the pointer (sorted serial numbers), so a hover is announced once per target */
  private hovered = '';
  private readonly refade: ReturnType<typeof setInterval>;
  private readonly unsubscribe: () => void;
  private readonly layers: VectorLayer[];

  constructor(
    private readonly map: OlMap,
    private readonly element: HTMLElement,
    private readonly onSelect: (sn: string) => void,
    private readonly onHover: (hover: MapHover | null) => void = () => undefined,
  ) {
    this.layers = [
      new VectorLayer({ source: this.trails, zIndex: 20, properties: { name: 'live-trails' } }),
      new VectorLayer({
        source: this.clusters,
        style: this.styleDocks,
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
    map.on('moveend', this.zoomed);
    map.on('movestart', this.leave);
    map.getViewport()?.addEventListener('pointerleave', this.leave);
    this.clusters.on('change', this.regrouped);
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

  /** The statuses chosen on the legend (empty: all): docks (with their drones) and lone drones of others go. */
  setFilter(filter: StatusFilter): void {
    this.filter = filter;
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
    this.map.un('moveend', this.zoomed);
    this.map.un('movestart', this.leave);
    this.map.getViewport()?.removeEventListener('pointerleave', this.leave);
    this.clusters.un('change', this.regrouped);
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

  private readonly regrouped = () => {
    this.clustersChanged = true;
    this.schedule();
  };

  /** Docks that joined or left a cluster are drawn again, with their drones (hidden in the cluster). */
  private regroup(): void {
    this.clustersChanged = false;
    const grouped = new Set<string>();
    for (const cluster of this.clusters.getFeatures()) {
      const members = membersOf(cluster);
      if (members.length > 1) for (const member of members) grouped.add(String(member.getId()));
    }
    const devices = useLiveStore.getState().devices;
    for (const sn of new Set([...grouped, ...this.clustered])) {
      if (grouped.has(sn) === this.clustered.has(sn)) continue;
      this.dirty.add(sn);
      for (const sub of devices[sn]?.subDevices ?? []) this.dirty.add(sub);
    }
    this.clustered = grouped;
  }

  private readonly flush = () => {
    this.frame = 0;
    if (this.clustersChanged) this.regroup();
    const devices = useLiveStore.getState().devices;
    for (const sn of this.dirty) {
      const device = devices[sn];
      if (!device) this.remove(sn);
      else if (device.kind === 'hangar') this.drawDock(device, devices);
      else this.drawDrone(device, devices);
    }
    this.dirty.clear();
    if (this.docksRestyled) {
      this.docksRestyled = false;
      this.layers[1]!.changed();
    }
    this.fitOnce();
    this.publishSoon();
  };

  private remove(sn: string): void {
    this.removeFeature(this.docks, sn);
    this.removeFeature(this.drones, sn);
    this.dropTrail(sn);
    this.shown.delete(sn);
    if (this.dockStyles.delete(sn)) this.docksRestyled = true;
  }

  /** A dock's position: its feature (and so the clusters) changes only when the dock appears or moves. */
  private placeDock(sn: string, coordinate: number[]): void {
    const feature = this.docks.getFeatureById(sn);
    if (!feature) {
      const created = new Feature(new Point(coordinate));
      created.setId(sn);
      this.docks.addFeature(created);
      return;
    }
    const geometry = feature.getGeometry()!;
    const [x, y] = geometry.getCoordinates();
    if (x !== coordinate[0] || y !== coordinate[1]) geometry.setCoordinates(coordinate);
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
    const status = dockStatus(dock, droneOfDock(dock, devices));
    if (!position || this.hidden.has(dock.sn) || !passes(this.filter, status)) {
      this.remove(dock.sn);
      return;
    }
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
    this.placeDock(dock.sn, fromLonLat(position));
    this.dockStyles.set(dock.sn, styles);
    this.docksRestyled = true;
    this.shown.set(dock.sn, {
      kind: 'dock',
      lon: position[0],
      lat: position[1],
      heading: 0,
      status,
      clustered: this.clustered.has(dock.sn),
    });
  }

  private drawDrone(drone: LiveDevice, devices: LiveDevices): void {
    const position = positionOf(drone);
    const dock = drone.gatewaySn ? devices[drone.gatewaySn] : undefined;
    const airborne = droneAirborne(drone);
    // In its dock the drone sits under the dock's square: it is drawn once it is out (or its dock is unknown).
    const inDock = !airborne && dock?.osd.drone_in_dock === 1;
    const hidden = (dock && this.hidden.has(dock.sn)) || this.hidden.has(drone.sn);
    // the legend filters a drone with its dock (whose status says it flies), a lone drone by its own
    const filtered = !passes(this.filter, dock ? dockStatus(dock, drone) : droneStatus(drone));
    if (!position || !drone.online || inDock || hidden || filtered) {
      this.remove(drone.sn);
      return;
    }
    const coordinate = fromLonLat(position);
    const status = droneStatus(drone);
    const heading = headingOf(drone);
    // Zoomed out, a drone near its clustered dock is part of the cluster (whose colour says it flies); one
    // flying farther out is drawn where it is.
    const clustered = dock !== undefined && this.clustered.has(dock.sn) && this.nearDock(coordinate, dock.sn);
    this.shown.set(drone.sn, {
      kind: 'drone',
      lon: position[0],
      lat: position[1],
      heading,
      status,
      clustered,
    });
    if (airborne) {
      const point = { x: coordinate[0]!, y: coordinate[1]!, t: Date.now() };
      this.trailPoints.set(drone.sn, appendTrail(this.trailPoints.get(drone.sn) ?? [], point));
    } else {
      this.trailPoints.delete(drone.sn);
    }
    if (clustered) {
      this.removeFeature(this.drones, drone.sn);
      this.removeFeature(this.trails, drone.sn);
      return;
    }
    const styles = [new Style({ image: droneIcon(STATUS_COLORS[status], heading), zIndex: 2 })];
    if (this.selected && this.selected === (dock?.sn ?? drone.sn)) styles.unshift(selectedRing);
    this.upsert(this.drones, drone.sn, coordinate, styles);
    this.drawTrail(drone.sn, this.trailPoints.get(drone.sn) ?? []);
  }

  /** Within a cluster's reach (CLUSTER_DISTANCE pixels at the current zoom) of the dock `dockSn`. */
  private nearDock(coordinate: number[], dockSn: string): boolean {
    const dock = this.docks.getFeatureById(dockSn)?.getGeometry()?.getCoordinates();
    const resolution = this.map.getView().getResolution();
    if (!dock || !resolution) return true;
    const pixels = Math.hypot(coordinate[0]! - dock[0]!, coordinate[1]! - dock[1]!) / resolution;
    return pixels <= CLUSTER_DISTANCE;
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
    this.removeFeature(this.trails, sn);
  }

  private removeFeature(source: VectorSource, sn: string): void {
    const feature = source.getFeatureById(sn);
    if (feature) source.removeFeature(feature);
  }

  private redrawTrails(): void {
    for (const [sn, trail] of this.trailPoints) {
      const kept = pruneTrail(trail, Date.now(), TRAIL_WINDOW_MS);
      this.trailPoints.set(sn, kept);
      if (!this.shown.get(sn)?.clustered) this.drawTrail(sn, kept);
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
      this.element.dataset.clusters = JSON.stringify(this.shownClusters());
    }, PUBLISH_MS);
  }

  private shownClusters(): ShownCluster[] {
    const shown: ShownCluster[] = [];
    for (const cluster of this.clusters.getFeatures()) {
      const docks = membersOf(cluster).map((member) => String(member.getId()));
      const pixel = this.map.getPixelFromCoordinate((cluster.getGeometry() as Point).getCoordinates());
      if (docks.length < 2 || !pixel) continue;
      shown.push({
        docks,
        status: this.statusOf(docks),
        pixel: [Math.round(pixel[0]!), Math.round(pixel[1]!)],
      });
    }
    return shown;
  }

  private statusOf(docks: string[]): DeviceStatus {
    return mostUrgent(docks.map((sn) => (this.shown.get(sn)?.status ?? 'offline') as DeviceStatus));
  }

  /** A lone dock keeps its own look; several close together become one circle with their count. */
  private readonly styleDocks = (feature: FeatureLike): Style[] | undefined => {
    const members = membersOf(feature);
    if (members.length === 1) return this.dockStyles.get(String(members[0]!.getId()));
    if (!members.length) return undefined;
    const docks = members.map((member) => String(member.getId()));
    const selected = this.selected !== null && docks.includes(this.selected);
    return clusterStyle(docks.length, this.statusOf(docks), selected);
  };

  /** Clusters only below FOCUS_ZOOM; the map's clusters are published again once the view settles. */
  private readonly zoomed = () => {
    const zoom = this.map.getView().getZoom() ?? 0;
    const distance = zoom < FOCUS_ZOOM - 1e-6 ? CLUSTER_DISTANCE : 0;
    if (this.clusters.getDistance() !== distance) this.clusters.setDistance(distance);
    this.publishSoon();
  };

  /** Zoom to a cluster's docks, far enough that they are drawn apart; docks at one spot open the first. */
  private openCluster(members: Feature<Point>[]): void {
    const view = this.map.getView();
    const extent = boundingExtent(members.map((member) => member.getGeometry()!.getCoordinates()));
    // from FOCUS_ZOOM on only docks at the very same position are still one cluster
    if ((view.getZoom() ?? 0) >= FOCUS_ZOOM - 1e-6) {
      this.onSelect(String(members[0]!.getId()));
      return;
    }
    const [width, height] = this.map.getSize() ?? [800, 600];
    const fitting = view.getResolutionForExtent(extent, [
      Math.max(width! - 160, 100),
      Math.max(height! - 160, 100),
    ]);
    const resolution = Math.min(
      Math.max(fitting, view.getResolutionForZoom(CLUSTER_OPEN_MAX_ZOOM)),
      view.getResolutionForZoom(FOCUS_ZOOM),
    );
    view.animate({ center: getCenter(extent), resolution, duration: 400 });
  }

  private readonly featureAt = (event: MapBrowserEvent) =>
    this.map.forEachFeatureAtPixel(event.pixel, (feature) => feature, {
      layerFilter: (layer) => layer === this.layers[1] || layer === this.layers[2],
      hitTolerance: 4,
    });

  private readonly click = (event: MapBrowserEvent) => {
    const feature = this.featureAt(event);
    if (!feature) return;
    const members = membersOf(feature);
    if (members.length > 1) {
      this.openCluster(members);
      return;
    }
    const sn = String((members[0] ?? feature).getId());
    const device = useLiveStore.getState().devices[sn];
    // A drone opens its dock's panel.
    const gateway = device?.kind === 'equipment' ? device.gatewaySn : null;
    this.onSelect(gateway && useLiveStore.getState().devices[gateway] ? gateway : sn);
  };

  private readonly hover = (event: MapBrowserEvent) => {
    if (event.dragging) return;
    const feature = this.featureAt(event);
    const viewport = this.map.getViewport();
    if (viewport) viewport.style.cursor = feature ? 'pointer' : '';
    const members = feature ? membersOf(feature) : [];
    const sns = (members.length ? members : feature ? [feature] : []).map((one) => String(one.getId()));
    const key = [...sns].sort().join(',');
    if (key === this.hovered) return;
    this.hovered = key;
    const point = feature?.getGeometry();
    const pixel = point instanceof Point ? this.map.getPixelFromCoordinate(point.getCoordinates()) : null;
    if (!sns.length || !pixel) {
      this.onHover(null);
      return;
    }
    const devices = sns
      .map((sn) => ({ sn, status: (this.shown.get(sn)?.status ?? 'offline') as DeviceStatus }))
      .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
    const [width, height] = this.map.getSize() ?? [0, 0];
    this.onHover({
      devices,
      cluster: members.length > 1,
      pixel: [pixel[0]!, pixel[1]!],
      size: [width!, height!],
    });
  };

  /** The view moves or the pointer leaves the map: the hover card goes. */
  private readonly leave = () => {
    if (!this.hovered) return;
    this.hovered = '';
    this.onHover(null);
  };
}

/** The docks a cluster feature stands for (empty for any other feature). */
function membersOf(feature: FeatureLike): Feature<Point>[] {
  return (feature.get('features') as Feature<Point>[] | undefined) ?? [];
}
