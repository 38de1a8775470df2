import { planDesign, RouteDesign } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import {
  addWaypoint,
  deleteWaypoints,
  designOfKind,
  editWaypoints,
  type EditorDesign,
  HISTORY_LIMIT,
  historyReducer,
  insertOnLeg,
  insideBox,
  legAt,
  moveWaypoints,
  planLive,
  sharedValue,
  startHistory,
} from './design';

const AIRCRAFT = 'dji-m3e';

function fourPoints(): EditorDesign {
  let design = designOfKind('waypoint', AIRCRAFT, null);
  for (const position of [
    [114.0, 22.5],
    [114.001, 22.5],
    [114.001, 22.501],
    [114.0, 22.501],
  ] as [number, number][])
    design = addWaypoint(design, position);
  return design;
}

describe('history', () => {
  it('undoes and redoes every change, and a new change drops the redo steps', () => {
    let state = startHistory(1);
    state = historyReducer(state, { type: 'change', value: 2 });
    state = historyReducer(state, { type: 'change', value: 3 });
    state = historyReducer(state, { type: 'undo' });
    expect(state.present).toBe(2);
    state = historyReducer(state, { type: 'redo' });
    expect(state.present).toBe(3);
    state = historyReducer(state, { type: 'undo' });
    state = historyReducer(state, { type: 'change', value: 9 });
    expect(state.future).toEqual([]);
    expect(historyReducer(state, { type: 'redo' })).toBe(state);
    state = historyReducer(state, { type: 'undo' });
    state = historyReducer(state, { type: 'undo' });
    expect(state.present).toBe(1);
    expect(historyReducer(state, { type: 'undo' })).toBe(state);
  });

  it('keeps the last 100 steps', () => {
    let state = startHistory(0);
    for (let i = 1; i <= 150; i++) state = historyReducer(state, { type: 'change', value: i });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < 200; i++) state = historyReducer(state, { type: 'undo' });
    expect(state.present).toBe(50);
  });

  it('makes one step of a drag (same key) until it is sealed', () => {
    let state = startHistory('a');
    state = historyReducer(state, { type: 'change', value: 'b', key: 'drag' });
    state = historyReducer(state, { type: 'change', value: 'c', key: 'drag' });
    state = historyReducer(state, { type: 'change', value: 'd', key: 'drag' });
    expect(state.past).toEqual(['a']);
    state = historyReducer(state, { type: 'seal' });
    state = historyReducer(state, { type: 'change', value: 'e', key: 'drag' });
    expect(state.past).toEqual(['a', 'd']);
    state = historyReducer(state, { type: 'undo' });
    state = historyReducer(state, { type: 'undo' });
    expect(state.present).toBe('a');
  });
});

describe('waypoint edits', () => {
  it('adds at the end, moves, and deletes', () => {
    const design = fourPoints();
    expect(design.params.waypoints!.map((point) => point.position)).toEqual([
      [114, 22.5],
      [114.001, 22.5],
      [114.001, 22.501],
      [114, 22.501],
    ]);
    const moved = moveWaypoints(design, new Map([[2, [114.0021234567, 22.502] as [number, number]]]));
    expect(moved.params.waypoints![2]!.position).toEqual([114.002123, 22.502]);
    expect(design.params.waypoints![2]!.position).toEqual([114.001, 22.501]);
    const fewer = deleteWaypoints(moved, [0, 2]);
    expect(fewer.params.waypoints!.map((point) => point.position)).toEqual([
      [114.001, 22.5],
      [114, 22.501],
    ]);
  });

  it('inserts on a leg after its first waypoint, its height between the neighbours', () => {
    let design = fourPoints();
    design = editWaypoints(design, [0], { heightM: 100 });
    design = editWaypoints(design, [1], { heightM: 200 });
    const inserted = insertOnLeg(design, 0, [114.00025, 22.5]);
    const points = inserted.params.waypoints!;
    expect(points).toHaveLength(5);
    expect(points[1]!.position).toEqual([114.00025, 22.5]);
    expect(points[1]!.heightM).toBeCloseTo(125, 0);
    // without stated heights the default applies
    const plain = insertOnLeg(design, 2, [114.0005, 22.501]);
    expect(plain.params.waypoints![3]!.heightM).toBeUndefined();
    // past the last leg: at the end
    expect(insertOnLeg(design, 3, [114, 22.6]).params.waypoints!.at(-1)!.position).toEqual([114, 22.6]);
  });

  it('edits several waypoints at once, null putting the default back', () => {
    let design = fourPoints();
    design = editWaypoints(design, [1, 2], {
      heightM: 80,
      speedMS: 5,
      gimbalPitchDeg: -45,
      turnMode: 'coordinateTurn',
      actions: [{ type: 'takePhoto' }, { type: 'hover', hoverTimeS: 3 }],
    });
    const points = design.params.waypoints!;
    expect(points[0]!.heightM).toBeUndefined();
    expect(points[1]).toMatchObject({ heightM: 80, speedMS: 5, gimbalPitchDeg: -45 });
    expect(points[2]!.actions).toHaveLength(2);
    expect(sharedValue(design, [1, 2], 'heightM')).toBe(80);
    expect(sharedValue(design, [0, 1], 'heightM')).toBe('mixed');
    design = editWaypoints(design, [2], { heightM: null });
    expect(design.params.waypoints![2]!.heightM).toBeUndefined();
    expect(design.params.waypoints![2]!.speedMS).toBe(5);
    const result = planDesign(RouteDesign.parse(design));
    expect(result.ok && result.plan.waylines[0]!.map((point) => point.heightM)).toEqual([100, 80, 100, 100]);
    expect(result.ok && result.plan.figures.photoCount).toBe(2);
  });

  it('finds the leg under a click, not its ends, and the points in a box', () => {
    const pixels: [number, number][] = [
      [0, 0],
      [100, 0],
      [100, 100],
    ];
    expect(legAt(pixels, [50, 4])).toBe(0);
    expect(legAt(pixels, [104, 60])).toBe(1);
    expect(legAt(pixels, [50, 20])).toBeUndefined();
    expect(legAt(pixels, [100, 1])).toBeUndefined();
    expect(insideBox(pixels, [110, -5, 90, 150])).toEqual([1, 2]);
  });
});

describe('live plan', () => {
  it('plans what the contract plans, and names the refused fields', () => {
    const design = fourPoints();
    const live = planLive(design);
    expect(live.ok).toBe(true);
    const expected = planDesign(RouteDesign.parse(design));
    expect(live.ok && expected.ok && live.plan.figures).toEqual(expected.ok && expected.plan.figures);

    const refused = planLive(editWaypoints(design, [3], { heightM: 2000 }));
    expect(refused.ok).toBe(false);
    expect(refused.issues['params.waypoints.3.heightM']?.key).toBe('route.heightRelative');
    expect(planLive(deleteWaypoints(design, [0, 1, 2])).issues['params.waypoints']?.key).toBe(
      'route.waypointMin',
    );
  });

  it('makes an area design from the aircraft camera and keeps the shared values when the kind changes', () => {
    const area = designOfKind('area', AIRCRAFT, null);
    expect(area.params.cameraId).toBeTruthy();
    const withPolygon: EditorDesign = {
      ...area,
      params: {
        ...area.params,
        heightM: 80,
        polygon: {
          type: 'Polygon',
          coordinates: [
            [
              [114, 22.5],
              [114.003, 22.5],
              [114.003, 22.503],
              [114, 22.503],
              [114, 22.5],
            ],
          ],
        },
      },
    };
    const live = planLive(withPolygon);
    expect(live.ok).toBe(true);
    if (live.ok) {
      expect(live.plan.figures.heightM).toBe(80);
      expect(live.plan.figures.areaM2).toBeGreaterThan(100_000);
    }
    const oblique = designOfKind('oblique', AIRCRAFT, null, withPolygon);
    expect(oblique.params).toMatchObject({ heightM: 80, polygon: withPolygon.params.polygon });
    const noHeight = planLive({ ...withPolygon, params: { ...withPolygon.params, heightM: undefined } });
    expect(noHeight.issues['params.heightM']?.key).toBe('route.heightOrGsd');
  });
});
