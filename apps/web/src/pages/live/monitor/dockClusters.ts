import Feature, { type FeatureLike } from 'ol/Feature';
import type OlMap from 'ol/Map';
import { boundingExtent, getCenter } from 'ol/extent';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { type DeviceStatus, STATUS_COLORS, withAlpha } from './status';

/** From this zoom on (where a dock is focused) every dock is drawn alone. */
export const FOCUS_ZOOM = 14;
/**
 * Below FOCUS_ZOOM, docks closer than this many pixels are drawn as one circle with their count, coloured by
 * the most urgent status among them.
 */
const CLUSTER_DISTANCE = 44;
/** how far opening a cluster may zoom in, for docks a few metres apart */
const CLUSTER_OPEN_MAX_ZOOM = 18;

/** What the layer publishes on the map element (`data-clusters`): each group of docks drawn as one. */
export interface ShownCluster {
  docks: string[];
  status: DeviceStatus;
  /** its position in the map element, in CSS pixels */
  pixel: [number, number];
}

/** What a cluster's look depends on, asked of the live layer when it is drawn. */
export interface ClusterLook {
  /** the most urgent status among these docks */
  statusOf(docks: string[]): DeviceStatus;
  /** the dock whose panel is open, if any */
  selected(): string | null;
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
          fill: new Fill({ color: withAlpha(color, 0.25) }),
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

/** The docks a cluster feature stands for (empty for any other feature). */
export function membersOf(feature: FeatureLike): Feature<Point>[] {
  return (feature.get('features') as Feature<Point>[] | undefined) ?? [];
}

/**
 * The live map's docks, clustered below FOCUS_ZOOM. The dock features carry only positions, which do not
 * change with each OSD, so OpenLayers recomputes the clusters when a dock appears, moves or goes (or the zoom
 * crosses FOCUS_ZOOM), not on every frame; each dock's look (status colour, name, selection) is kept beside
 * them and read by the layer's style function.
 */
export class DockClusters {
  private readonly docks = new VectorSource<Feature<Point>>();
  private readonly clusters = new Cluster<Feature<Point>>({ source: this.docks, distance: CLUSTER_DISTANCE });
  private readonly looks = new Map<string, Style[]>();
  private restyled = false;
  /** docks drawn in a cluster of several */
  private grouped = new Set<string>();
  readonly layer: VectorLayer;

  /** `onRegroup` is called when the clusters were recomputed (then ask `regroup()` who moved). */
  constructor(
    private readonly map: OlMap,
    private readonly look: ClusterLook,
    private readonly onRegroup: () => void,
  ) {
    this.layer = new VectorLayer({
      source: this.clusters,
      style: this.style,
      zIndex: 21,
      declutter: true,
      properties: { name: 'live-docks' },
    });
    this.clusters.on('change', this.onRegroup);
  }

  dispose(): void {
    this.clusters.un('change', this.onRegroup);
  }

  /** A dock drawn at `coordinate` with `styles`; its feature (and so the clusters) changes only if it moved. */
  draw(sn: string, coordinate: number[], styles: Style[]): void {
    const feature = this.docks.getFeatureById(sn);
    if (!feature) {
      const created = new Feature(new Point(coordinate));
      created.setId(sn);
      this.docks.addFeature(created);
    } else {
      const geometry = feature.getGeometry()!;
      const [x, y] = geometry.getCoordinates();
      if (x !== coordinate[0] || y !== coordinate[1]) geometry.setCoordinates(coordinate);
    }
    this.looks.set(sn, styles);
    this.restyled = true;
  }

  remove(sn: string): void {
    const feature = this.docks.getFeatureById(sn);
    if (feature) this.docks.removeFeature(feature);
    if (this.looks.delete(sn)) this.restyled = true;
  }

  /** Redraw the layer once after a batch of `draw` and `remove`. */
  flush(): void {
    if (!this.restyled) return;
    this.restyled = false;
    this.layer.changed();
  }

  /** Where the dock is drawn, in map coordinates. */
  position(sn: string): number[] | null {
    return this.docks.getFeatureById(sn)?.getGeometry()?.getCoordinates() ?? null;
  }

  positions(): number[][] {
    return this.docks.getFeatures().map((feature) => feature.getGeometry()!.getCoordinates());
  }

  /** Whether the dock is drawn in a cluster of several. */
  has(sn: string): boolean {
    return this.grouped.has(sn);
  }

  /** Within a cluster's reach (CLUSTER_DISTANCE pixels at the current zoom) of the dock `sn`. */
  near(sn: string, coordinate: number[]): boolean {
    const dock = this.position(sn);
    const resolution = this.map.getView().getResolution();
    if (!dock || !resolution) return true;
    const pixels = Math.hypot(coordinate[0]! - dock[0]!, coordinate[1]! - dock[1]!) / resolution;
    return pixels <= CLUSTER_DISTANCE;
  }

  /** After the clusters were recomputed: the docks that joined or left a cluster of several. */
  regroup(): string[] {
    const grouped = new Set<string>();
    for (const cluster of this.clusters.getFeatures()) {
      const members = membersOf(cluster);
      if (members.length > 1) for (const member of members) grouped.add(String(member.getId()));
    }
    const moved = [...new Set([...grouped, ...this.grouped])].filter(
      (sn) => grouped.has(sn) !== this.grouped.has(sn),
    );
    this.grouped = grouped;
    return moved;
  }

  /** The view settled: clusters only below FOCUS_ZOOM. */
  zoomed(): void {
    const zoom = this.map.getView().getZoom() ?? 0;
    const distance = zoom < FOCUS_ZOOM - 1e-6 ? CLUSTER_DISTANCE : 0;
    if (this.clusters.getDistance() !== distance) this.clusters.setDistance(distance);
  }

  /**
   * Zoom to a cluster's docks, far enough that they are drawn apart. Answers the dock to open instead when
   * they are at one spot (from FOCUS_ZOOM on, only docks at the very same position are still one cluster).
   */
  open(members: Feature<Point>[]): string | null {
    const view = this.map.getView();
    if ((view.getZoom() ?? 0) >= FOCUS_ZOOM - 1e-6) return String(members[0]!.getId());
    const extent = boundingExtent(members.map((member) => member.getGeometry()!.getCoordinates()));
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
    return null;
  }

  /** The clusters of several docks drawn now, with their status and position on screen. */
  shown(): ShownCluster[] {
    const shown: ShownCluster[] = [];
    for (const cluster of this.clusters.getFeatures()) {
      const docks = membersOf(cluster).map((member) => String(member.getId()));
      const pixel = this.map.getPixelFromCoordinate((cluster.getGeometry() as Point).getCoordinates());
      if (docks.length < 2 || !pixel) continue;
      shown.push({
        docks,
        status: this.look.statusOf(docks),
        pixel: [Math.round(pixel[0]!), Math.round(pixel[1]!)],
      });
    }
    return shown;
  }

  /** A lone dock keeps its own look; several close together become one circle with their count. */
  private readonly style = (feature: FeatureLike): Style[] | undefined => {
    const members = membersOf(feature);
    if (members.length === 1) return this.looks.get(String(members[0]!.getId()));
    if (!members.length) return undefined;
    const docks = members.map((member) => String(member.getId()));
    const selected = this.look.selected();
    return clusterStyle(
      docks.length,
      this.look.statusOf(docks),
      selected !== null && docks.includes(selected),
    );
  };
}
