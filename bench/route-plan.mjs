// Route planners (issue 16): how long the contract's planners take, the figure the console's live results
// and the server's re-check wait for. Target: an area route over 1 km² at 2 cm GSD under 200 ms.
//
//   npx tsc -b packages/contract          # the benchmark loads packages/contract/dist
//   node bench/route-plan.mjs [--runs N]  # N timed runs per case after 5 untimed ones (default 50)
//
// Prints p50 / p99 / max per case; nothing is written.
import { performance } from 'node:perf_hooks';
import {
  AreaRouteInput,
  localPlane,
  ObliqueRouteInput,
  planArea,
  planOblique,
  planStrip,
  planWaypoints,
  StripRouteInput,
  WaypointRouteInput,
} from '../packages/contract/dist/index.js';

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 50;
const plane = localPlane([116.4, 39.9]);
const ring = (points) => [...points, points[0]].map((point) => plane.toLonLat(point));
const square = (side) => ({
  type: 'Polygon',
  coordinates: [
    ring([
      [-side / 2, -side / 2],
      [side / 2, -side / 2],
      [side / 2, side / 2],
      [-side / 2, side / 2],
    ]),
  ],
});
/** A wobbly 1 km² blob of `nodes` nodes (concave here and there). */
const blob = (nodes) => ({
  type: 'Polygon',
  coordinates: [
    ring(
      Array.from({ length: nodes }, (_, i) => {
        const angle = (2 * Math.PI * i) / nodes;
        const radius = 564 * (1 + 0.15 * Math.sin(7 * angle));
        return [radius * Math.cos(angle), radius * Math.sin(angle)];
      }),
    ),
  ],
});

const cases = [
  [
    'area 1 km² square, M3E 2 cm, 80/70 %',
    () => planArea(AreaRouteInput.parse({ cameraId: 'm3e-wide', gsdCm: 2, polygon: square(1000) })),
  ],
  [
    'area 1 km² square, course 37°, margin 30 m',
    () =>
      planArea(
        AreaRouteInput.parse({
          cameraId: 'm3e-wide',
          gsdCm: 2,
          polygon: square(1000),
          courseAngleDeg: 37,
          marginM: 30,
        }),
      ),
  ],
  [
    'area 1 km² 2,000-node blob, margin −20 m',
    () =>
      planArea(AreaRouteInput.parse({ cameraId: 'm3e-wide', gsdCm: 2, polygon: blob(2000), marginM: -20 })),
  ],
  [
    'oblique 1 km² square, M3E 2 cm, −45°',
    () => planOblique(ObliqueRouteInput.parse({ cameraId: 'm3e-wide', gsdCm: 2, polygon: square(1000) })),
  ],
  [
    'area 1 km² square, P1 1 cm, 80/80 %',
    () =>
      planArea(
        AreaRouteInput.parse({ cameraId: 'p1-35mm', gsdCm: 1, sideOverlap: 80, polygon: square(1000) }),
      ),
  ],
  [
    'strip 10 km line of 200 nodes, 100 m each side',
    () =>
      planStrip(
        StripRouteInput.parse({
          cameraId: 'm3e-wide',
          gsdCm: 2,
          leftWidthM: 100,
          rightWidthM: 100,
          centreLine: {
            type: 'LineString',
            coordinates: Array.from({ length: 200 }, (_, i) =>
              plane.toLonLat([i * 50, 200 * Math.sin(i / 10)]),
            ),
          },
        }),
      ),
  ],
  [
    'waypoint 2,000 points with actions',
    () =>
      planWaypoints(
        WaypointRouteInput.parse({
          waypoints: Array.from({ length: 2000 }, (_, i) => ({
            position: plane.toLonLat([i * 20, 100 * Math.sin(i / 20)]),
            actions: i % 10 ? [] : [{ type: 'takePhoto' }, { type: 'hover', hoverTimeS: 2 }],
          })),
        }),
      ),
  ],
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
console.log(`node ${process.version}, ${RUNS} runs per case (input parsing included)\n`);
for (const [name, run] of cases) {
  let result;
  for (let i = 0; i < 5; i++) result = run();
  if (!result.ok) throw new Error(`${name}: refused ${result.error.key}`);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const { figures } = result.plan;
  console.log(
    `${name.padEnd(48)} p50 ${quantile(times, 0.5).toFixed(2).padStart(7)} ms  p99 ${quantile(times, 0.99).toFixed(2).padStart(7)} ms  ` +
      `max ${times[times.length - 1].toFixed(2).padStart(7)} ms  (${figures.waypointCount} waypoints, ${figures.photoCount} photos, ${(figures.lengthM / 1000).toFixed(1)} km)`,
  );
}
