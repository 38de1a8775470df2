import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { boundingExtent } from 'ol/extent';
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
import { DockClusters, FOCUS_ZOOM, membersOf } from './dockClusters';
import { DroneTrails } from './droneTrails';
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

export type { ShownCluster } from './dockClusters';

/** What the layer publishes on the map element (`data-devices`) for tests and tools: sn → shown state. */
export interface ShownDevice {
  kind: 'dock' | 'drone';
  lon: number;
  lat: number;
  heading: number;
  status: DeviceStatus;
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

const PUBLISH_MS = 300;
/** the dock panel's width and margins (live-monitor.css) */
const PANEL_WIDTH = 380;

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
 * devices at 2 Hz never re-render a React tree. Docks are drawn (and clustered when zoomed out) by
 * DockClusters, trails by DroneTrails; this class decides what is drawn, and answers clicks and hovers.
 */
export class LiveLayer {
  private readonly docks: DockClusters;
  private readonly drones = new VectorSource<Feature<Point>>();
  private readonly droneLayer = new VectorLayer({
    source: this.drones,
    zIndex: 22,
    properties: { name: 'live-drones' },
  });
  private readonly trails = new DroneTrails((sn) => this.shown.get(sn)?.clustered ?? false);
  private readonly shown = new Map<string, ShownDevice>();
  private readonly dirty = new Set<string>();
  private names = new Map<string, string>();
  private hidden = new Set<string>();
  private filter: StatusFilter = new Set();
  private selected: string | null = null;
  private frame = 0;
  private fitted = false;
  private regrouped = false;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  /** the features under the pointer (sorted serial numbers), so a hover is announced once per target */
  private hovered = '';
  private readonly unsubscribe: () => void;

  constructor(
    private readonly map: OlMap,
    private readonly element: HTMLElement,
    private readonly onSelect: (sn: string) => void,
    private readonly onHover: (hover: MapHover | null) => void = () => undefined,
  ) {
    this.docks = new DockClusters(
      map,
      { statusOf: (docks) => this.statusOf(docks), selected: () => this.selected },
      () => {
        this.regrouped = true;
        this.schedule();
      },
    );
    for (const layer of this.layers()) map.addLayer(layer);
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
    const point = this.docks.position(sn) ?? this.drones.getFeatureById(sn)?.getGeometry()?.getCoordinates();
    if (!point) return false;
    this.panelOpen(true);
    const view = this.map.getView();
    view.animate({ center: point, zoom: Math.max(view.getZoom() ?? 0, FOCUS_ZOOM), duration: 400 });
    return true;
  }

  dispose(): void {
    this.unsubscribe();
    this.trails.dispose();
    this.docks.dispose();
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.publishTimer) clearTimeout(this.publishTimer);
    this.map.un('singleclick', this.click);
    this.map.un('pointermove', this.hover);
    this.map.un('moveend', this.zoomed);
    this.map.un('movestart', this.leave);
    this.map.getViewport()?.removeEventListener('pointerleave', this.leave);
    for (const layer of this.layers()) this.map.removeLayer(layer);
  }

  private layers(): VectorLayer[] {
    return [this.trails.layer, this.docks.layer, this.droneLayer];
  }

  /** The panel covers the map's right side: the view centres what it focuses in the part left visible. */
  private panelOpen(open: boolean): void {
    const view = this.map.getView();
    const right = open ? PANEL_WIDTH : 0;
    if ((view.padding?.[1] ?? 0) !== right) view.padding = [0, right, 0, 0];
  }

  private markAll(): void {
    for (const sn of Object.keys(useLiveStore.getState().devices)) this.dirty.add(sn);
    for (const sn of this.shown.keys()) this.dirty.add(sn);
    this.schedule();
  }

  /** The device and the drones under it (a drone's look follows its dock's selection and clustering). */
  private markWithDrone(sn: string): void {
    this.dirty.add(sn);
    for (const sub of useLiveStore.getState().devices[sn]?.subDevices ?? []) this.dirty.add(sub);
    this.schedule();
  }

  private mark(sn: string): void {
    // A dock's colour follows its drone (flying, low battery); a drone's visibility follows its dock.
    const gateway = useLiveStore.getState().devices[sn]?.gatewaySn;
    if (gateway) this.dirty.add(gateway);
    this.markWithDrone(sn);
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(this.flush);
  }

  private readonly flush = () => {
    this.frame = 0;
    if (this.regrouped) {
      this.regrouped = false;
      // docks that joined or left a cluster are drawn again, with their drones (drawn inside the cluster)
      for (const sn of this.docks.regroup()) this.markWithDrone(sn);
    }
    const devices = useLiveStore.getState().devices;
    for (const sn of this.dirty) {
      const device = devices[sn];
      if (!device) this.remove(sn);
      else if (device.kind === 'dock') this.drawDock(device, devices);
      else this.drawDrone(device, devices);
    }
    this.dirty.clear();
    this.docks.flush();
    this.fitOnce();
    this.publishSoon();
  };

  private remove(sn: string): void {
    this.docks.remove(sn);
    const drone = this.drones.getFeatureById(sn);
    if (drone) this.drones.removeFeature(drone);
    this.trails.drop(sn);
    this.shown.delete(sn);
  }

  private drawDock(dock: LiveDevice, devices: LiveDevices): void {
    const position = positionOf(dock);
    const status = dockStatus(dock, droneOfDock(dock, devices));
    if (!position || this.hidden.has(dock.sn) || !passes(this.filter, status)) {
      this.remove(dock.sn);
      return;
    }
    const styles = [
      new Style({
        image: dockIcon(STATUS_COLORS[status], dock.online ? 1 : 0.75),
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
    this.docks.draw(dock.sn, fromLonLat(position), styles);
    const [lon, lat] = position;
    this.shown.set(dock.sn, {
      kind: 'dock',
      lon,
      lat,
      heading: 0,
      status,
      clustered: this.docks.has(dock.sn),
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
    const clustered = dock !== undefined && this.docks.has(dock.sn) && this.docks.near(dock.sn, coordinate);
    const [lon, lat] = position;
    this.shown.set(drone.sn, { kind: 'drone', lon, lat, heading, status, clustered });
    this.trails.record(drone.sn, coordinate, airborne);
    let feature = this.drones.getFeatureById(drone.sn);
    if (clustered) {
      if (feature) this.drones.removeFeature(feature);
      this.trails.hide(drone.sn);
      return;
    }
    const styles = [new Style({ image: droneIcon(STATUS_COLORS[status], heading), zIndex: 2 })];
    if (this.selected && this.selected === (dock?.sn ?? drone.sn)) styles.unshift(selectedRing);
    if (!feature) {
      feature = new Feature(new Point(coordinate));
      feature.setId(drone.sn);
      this.drones.addFeature(feature);
    } else {
      feature.getGeometry()!.setCoordinates(coordinate);
    }
    feature.setStyle(styles);
    this.trails.draw(drone.sn);
  }

  /** The first time devices have positions, show them all. */
  private fitOnce(): void {
    if (this.fitted || !useLiveStore.getState().ready) return;
    const drones = this.drones.getFeatures().map((feature) => feature.getGeometry()!.getCoordinates());
    const points = [...this.docks.positions(), ...drones];
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
      this.element.dataset.clusters = JSON.stringify(this.docks.shown());
    }, PUBLISH_MS);
  }

  private statusOf(docks: string[]): DeviceStatus {
    return mostUrgent(docks.map((sn) => this.shown.get(sn)?.status ?? 'offline'));
  }

  /** The view settled: clusters follow the zoom, and the map's clusters are published again. */
  private readonly zoomed = () => {
    this.docks.zoomed();
    this.publishSoon();
  };

  private readonly featureAt = (event: MapBrowserEvent) =>
    this.map.forEachFeatureAtPixel(event.pixel, (feature) => feature, {
      layerFilter: (layer) => layer === this.docks.layer || layer === this.droneLayer,
      hitTolerance: 4,
    });

  private readonly click = (event: MapBrowserEvent) => {
    const feature = this.featureAt(event);
    if (!feature) return;
    const members = membersOf(feature);
    const sn = members.length > 1 ? this.docks.open(members) : String((members[0] ?? feature).getId());
    if (sn === null) return;
    const device = useLiveStore.getState().devices[sn];
    // A drone opens its dock's panel.
    const gateway = device?.kind === 'device' ? device.gatewaySn : null;
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
      .map((sn) => ({ sn, status: this.shown.get(sn)?.status ?? 'offline' }))
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
