import {
  type DesignPlan,
  haversineM,
  type LonLatPosition,
  type MessageKey,
  planDesign,
  type PlanError,
  RouteDesign,
  type RouteKind,
  cameraForRoute,
  type WaypointAction,
} from '@aos/contract';

/**
 * The editor's pure part: the design as it is being edited (the planners' input before parsing), its undo
 * history, the waypoint edits (add, move, insert on a leg, delete, edit several at once) and the live plan.
 * Nothing here knows React or OpenLayers, so all of it is unit-tested.
 */

export type WaypointInput = {
  position: LonLatPosition;
  heightM?: number | undefined;
  speedMS?: number | undefined;
  headingMode?: string | undefined;
  headingDeg?: number | undefined;
  gimbalPitchDeg?: number | undefined;
  turnMode?: string | undefined;
  actions?: WaypointAction[] | undefined;
};

/** The design as the editor holds it: a plain object, checked and planned by the contract on each change. */
export type EditorDesign = {
  kind: RouteKind;
  params: Record<string, unknown> & { waypoints?: WaypointInput[] };
  mission: Record<string, unknown>;
};

// ------------------------------------------------------------------------------------------------ history

export const HISTORY_LIMIT = 100;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** the last change's coalescing key: a drag or a typed number is one step, not one per frame or key */
  lastKey: string | undefined;
}

export type HistoryAction<T> =
  | { type: 'change'; value: T; key?: string | undefined }
  | { type: 'reset'; value: T }
  | { type: 'undo' }
  | { type: 'redo' }
  /** end a coalescing run (the drag was released): the next change with the same key is a new step */
  | { type: 'seal' };

export const startHistory = <T>(value: T): History<T> => ({
  past: [],
  present: value,
  future: [],
  lastKey: undefined,
});

/** Undo and redo over every change, the last HISTORY_LIMIT steps kept. */
export function historyReducer<T>(state: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'change': {
      if (action.value === state.present) return state;
      if (action.key !== undefined && action.key === state.lastKey)
        return { ...state, present: action.value, future: [] };
      const past = [...state.past, state.present];
      if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
      return { past, present: action.value, future: [], lastKey: action.key };
    }
    case 'reset':
      return startHistory(action.value);
    case 'undo': {
      const previous = state.past.at(-1);
      if (previous === undefined) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastKey: undefined,
      };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (next === undefined) return state;
      return { past: [...state.past, state.present], present: next, future, lastKey: undefined };
    }
    case 'seal':
      return state.lastKey === undefined ? state : { ...state, lastKey: undefined };
  }
}

// --------------------------------------------------------------------------------------------- defaults

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** A new route's design of a kind, keeping what the kinds share (camera, height, overlaps, mission). */
export function designOfKind(
  kind: RouteKind,
  aircraftModelId: string,
  payloadModelId: string | null,
  previous?: EditorDesign,
): EditorDesign {
  const mission = previous?.mission ?? {};
  const old = previous?.params ?? {};
  if (kind === 'waypoint') {
    return {
      kind,
      mission,
      params: {
        heightMode: 'relativeToStartPoint',
        defaults: { heightM: 100, speedMS: 10 },
        waypoints: [],
      },
    };
  }
  const camera = cameraForRoute(aircraftModelId, payloadModelId);
  const mapping = {
    cameraId: (old.cameraId as string | undefined) ?? camera?.id,
    heightM: (old.heightM as number | undefined) ?? 100,
    frontOverlap: (old.frontOverlap as number | undefined) ?? 80,
    sideOverlap: (old.sideOverlap as number | undefined) ?? 70,
    speedMS: (old.speedMS as number | undefined) ?? 10,
    heightMode: 'relativeToStartPoint',
  };
  if (kind === 'strip') return { kind, mission, params: { ...mapping, leftWidthM: 50, rightWidthM: 50 } };
  const area = {
    ...mapping,
    ...(old.polygon ? { polygon: old.polygon } : {}),
    courseAngleDeg: 0,
    marginM: 0,
  };
  return { kind, mission, params: kind === 'oblique' ? { ...area, obliquePitchDeg: -45 } : area };
}

// -------------------------------------------------------------------------------------------- waypoints

const waypointsOf = (design: EditorDesign): WaypointInput[] => design.params.waypoints ?? [];

function withWaypoints(design: EditorDesign, waypoints: WaypointInput[]): EditorDesign {
  return { ...design, params: { ...design.params, waypoints } };
}

const at = (position: LonLatPosition): LonLatPosition => [round6(position[0]), round6(position[1])];

/** A waypoint at the end of the route (the defaults apply to it). */
export function addWaypoint(design: EditorDesign, position: LonLatPosition): EditorDesign {
  return withWaypoints(design, [...waypointsOf(design), { position: at(position), actions: [] }]);
}

/** Move waypoints: each index to its position. */
export function moveWaypoints(
  design: EditorDesign,
  moves: ReadonlyMap<number, LonLatPosition>,
): EditorDesign {
  return withWaypoints(
    design,
    waypointsOf(design).map((point, index) => {
      const to = moves.get(index);
      return to ? { ...point, position: at(to) } : point;
    }),
  );
}

/**
 * A waypoint inserted on the leg from `leg` to `leg + 1`: after `leg`, its height between its neighbours'
 * (in proportion to the distance along the leg) when both state one, else the default height.
 */
export function insertOnLeg(design: EditorDesign, leg: number, position: LonLatPosition): EditorDesign {
  const points = waypointsOf(design);
  const from = points[leg];
  const to = points[leg + 1];
  if (!from || !to) return addWaypoint(design, position);
  const inserted: WaypointInput = { position: at(position), actions: [] };
  if (from.heightM !== undefined && to.heightM !== undefined) {
    const a = haversineM(from.position, position);
    const b = haversineM(position, to.position);
    const share = a + b > 0 ? a / (a + b) : 0.5;
    inserted.heightM = Math.round((from.heightM + (to.heightM - from.heightM) * share) * 10) / 10;
  }
  return withWaypoints(design, [...points.slice(0, leg + 1), inserted, ...points.slice(leg + 1)]);
}

export function deleteWaypoints(design: EditorDesign, indexes: Iterable<number>): EditorDesign {
  const gone = new Set(indexes);
  return withWaypoints(
    design,
    waypointsOf(design).filter((_, index) => !gone.has(index)),
  );
}

/** What a multi-edit sets: a value sets it on every selected waypoint, null puts it back to the default. */
export type WaypointPatch = {
  heightM?: number | null;
  speedMS?: number | null;
  headingMode?: string | null;
  headingDeg?: number | null;
  turnMode?: string | null;
  gimbalPitchDeg?: number | null;
  /** replaces the selected waypoints' actions */
  actions?: WaypointAction[];
};

export function editWaypoints(
  design: EditorDesign,
  indexes: Iterable<number>,
  patch: WaypointPatch,
): EditorDesign {
  const chosen = new Set(indexes);
  return withWaypoints(
    design,
    waypointsOf(design).map((point, index) => {
      if (!chosen.has(index)) return point;
      const next: WaypointInput = { ...point };
      for (const [key, value] of Object.entries(patch) as [keyof WaypointPatch, unknown][]) {
        if (value === undefined) continue;
        if (value === null) delete next[key];
        else (next as Record<string, unknown>)[key] = value;
      }
      return next;
    }),
  );
}

/**
 * The value the selected waypoints share for one field (their own or the default), or `mixed` when they
 * differ: what the multi-edit form shows.
 */
export function sharedValue<K extends keyof WaypointInput>(
  design: EditorDesign,
  indexes: readonly number[],
  key: K,
): WaypointInput[K] | 'mixed' | undefined {
  const points = waypointsOf(design);
  let value: WaypointInput[K] | undefined;
  let first = true;
  for (const index of indexes) {
    const own = points[index]?.[key];
    if (first) {
      value = own;
      first = false;
    } else if (JSON.stringify(own) !== JSON.stringify(value)) return 'mixed';
  }
  return value;
}

/** Squared distance from p to the segment ab, and where along it (0..1) the nearest point is. */
function toSegment(p: [number, number], a: [number, number], b: [number, number]) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  const x = a[0] + dx * t - p[0];
  const y = a[1] + dy * t - p[1];
  return { distance2: x * x + y * y, t };
}

/**
 * The leg (index of its first waypoint) under a click, in screen pixels: the nearest leg within `tolerance`
 * pixels whose nearest point is not at one of its ends (a click on a waypoint selects it).
 */
export function legAt(
  pixels: readonly [number, number][],
  click: [number, number],
  tolerance = 6,
): number | undefined {
  let best: number | undefined;
  let bestDistance = tolerance * tolerance;
  for (let i = 0; i + 1 < pixels.length; i++) {
    const { distance2, t } = toSegment(click, pixels[i]!, pixels[i + 1]!);
    if (distance2 <= bestDistance && t > 0.02 && t < 0.98) {
      best = i;
      bestDistance = distance2;
    }
  }
  return best;
}

/** Indexes of the pixels inside a box (box-select). */
export function insideBox(
  pixels: readonly [number, number][],
  box: [number, number, number, number],
): number[] {
  const [x1, y1, x2, y2] = box;
  const [left, right] = x1 < x2 ? [x1, x2] : [x2, x1];
  const [top, bottom] = y1 < y2 ? [y1, y2] : [y2, y1];
  const found: number[] = [];
  pixels.forEach(([x, y], index) => {
    if (x >= left && x <= right && y >= top && y <= bottom) found.push(index);
  });
  return found;
}

// -------------------------------------------------------------------------------------------------- plan

/** The contract's refusals of a design, by field path (`params.heightM`, `params.waypoints.3.heightM`). */
export type DesignIssues = Record<string, { key: string; params?: Record<string, string | number> }>;

export type LivePlan =
  | { ok: true; design: RouteDesign; plan: DesignPlan; issues: DesignIssues }
  | { ok: false; issues: DesignIssues; error?: PlanError };

/**
 * Check the design with the contract's schema and plan it (`planDesign`, what the server does before it
 * saves): the figures and lines, or the refusals by field.
 */
export function planLive(design: EditorDesign): LivePlan {
  const parsed = RouteDesign.safeParse(design);
  if (!parsed.success) {
    const issues: DesignIssues = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      issues[path] ??= { key: issue.message };
    }
    return { ok: false, issues };
  }
  const result = planDesign(parsed.data);
  if (!result.ok) return { ok: false, issues: {}, error: result.error };
  return { ok: true, design: parsed.data, plan: result.plan, issues: {} };
}

/** A contract message key, or a plain text from elsewhere. */
export type IssueKey = MessageKey | string;
