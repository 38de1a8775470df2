import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import { STATUS_COLORS, withAlpha } from './status';
import { TRAIL_WINDOW_MS, type TrailPoint, appendTrail, pruneTrail, trailSegments } from './trail';

/** How often the trails fade even when their drones send nothing. */
const REFADE_MS = 10_000;

/**
 * The flying drones' trails on the live map: the points of the last TRAIL_WINDOW_MS per drone (trail.ts),
 * drawn as segments that fade with age, faded again every REFADE_MS. A drone drawn inside its dock's cluster
 * keeps collecting points; its trail is drawn once the drone is drawn again.
 */
export class DroneTrails {
  private readonly source = new VectorSource<Feature<LineString>>();
  private readonly points = new Map<string, TrailPoint[]>();
  private readonly refade: ReturnType<typeof setInterval>;
  readonly layer = new VectorLayer({ source: this.source, zIndex: 20, properties: { name: 'live-trails' } });

  /** `hidden(sn)`: whether the drone is not drawn on its own now (its trail is then not drawn either). */
  constructor(private readonly hidden: (sn: string) => boolean) {
    this.refade = setInterval(() => this.fade(), REFADE_MS);
  }

  dispose(): void {
    clearInterval(this.refade);
  }

  /** The drone is at `coordinate`: a point of its trail while airborne; on the ground its trail goes. */
  record(sn: string, coordinate: number[], airborne: boolean): void {
    if (!airborne) {
      this.points.delete(sn);
      return;
    }
    const point = { x: coordinate[0]!, y: coordinate[1]!, t: Date.now() };
    this.points.set(sn, appendTrail(this.points.get(sn) ?? [], point));
  }

  /** Draw the drone's trail as recorded (nothing when it has none). */
  draw(sn: string): void {
    const trail = this.points.get(sn) ?? [];
    const segments = trailSegments(trail, Date.now());
    let feature = this.source.getFeatureById(sn);
    if (!segments.length) {
      if (feature) this.source.removeFeature(feature);
      return;
    }
    const styles = segments.map(
      (segment) =>
        new Style({
          geometry: new LineString(segment.coordinates),
          stroke: new Stroke({
            color: withAlpha(STATUS_COLORS.flying, segment.opacity),
            width: 3,
            lineCap: 'round',
            lineJoin: 'round',
          }),
        }),
    );
    const line = trail.map((point) => [point.x, point.y]);
    if (!feature) {
      feature = new Feature(new LineString(line));
      feature.setId(sn);
      this.source.addFeature(feature);
    } else {
      feature.getGeometry()!.setCoordinates(line);
    }
    feature.setStyle(styles);
  }

  /** Stop drawing the trail, keeping its points. */
  hide(sn: string): void {
    const feature = this.source.getFeatureById(sn);
    if (feature) this.source.removeFeature(feature);
  }

  /** Forget the trail. */
  drop(sn: string): void {
    this.points.delete(sn);
    this.hide(sn);
  }

  private fade(): void {
    for (const [sn, trail] of this.points) {
      this.points.set(sn, pruneTrail(trail, Date.now(), TRAIL_WINDOW_MS));
      if (!this.hidden(sn)) this.draw(sn);
    }
  }
}
