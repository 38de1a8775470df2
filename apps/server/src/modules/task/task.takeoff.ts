import { type DockOsd, haversineM } from '@aos/contract';
import { and, between, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { taskExecution } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import type { ExecutionRow } from './task.status.js';

// The take-off lock of dock tasks (docs/task.md "Take-off lock").

/**
 * Two docks closer than this (m) share their take-off area: they never start a take-off at the same moment
 * (docs/task.md "Take-off lock").
 */
export const TAKEOFF_AREA_M = 100;
/** A take-off occupies its area this long after the start (prepare, hatch, climb). */
export const TAKEOFF_GUARD_MS = 2 * 60_000;
/** The take-off locks' namespace: the high bits of their pg_advisory_xact_lock(bigint) keys. */
const TAKEOFF_LOCK_CLASS = 0x7a5c;
/**
 * Take-off decisions serialise on cells of a grid: rows TAKEOFF_ROW_DEG of latitude high (about 222 m), each
 * row cut into equal columns at least TAKEOFF_AREA_M wide at its poleward edge (takeoffCells). Docks within
 * TAKEOFF_AREA_M of each other always share a cell lock; docks farther than about half a kilometre never do,
 * so they decide at once.
 */
const TAKEOFF_ROW_DEG = 0.002;
/** A take-off held back by a neighbour is tried again after this long. */
export const TAKEOFF_RETRY_MS = 15_000;

/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;

/**
 * Degrees of longitude that cover TAKEOFF_AREA_M (with a margin) anywhere between `latitude` and a row away
 * from it, at most the whole circle.
 */
function lonSpan(latitude: number): number {
  const poleward = Math.min(89.999, Math.abs(latitude) + 2 * TAKEOFF_ROW_DEG);
  return Math.min(180, (1.01 * TAKEOFF_AREA_M) / (METRES_PER_DEGREE * Math.cos((poleward * Math.PI) / 180)));
}

/** A row's columns: equal, at least TAKEOFF_AREA_M wide at its poleward edge, a whole number round the Earth. */
function columnsOf(row: number): number {
  const south = row * TAKEOFF_ROW_DEG - 90;
  const poleward = Math.min(89.999, Math.max(Math.abs(south), Math.abs(south + TAKEOFF_ROW_DEG)));
  const width = TAKEOFF_AREA_M / (METRES_PER_DEGREE * Math.cos((poleward * Math.PI) / 180));
  return Math.max(1, Math.floor(360 / width));
}

/**
 * The take-off lock keys of a dock at (longitude, latitude), ascending (every decision takes its locks in that
 * order, so two never wait on each other in a circle): in its row and the rows either side, the cells any
 * point within TAKEOFF_AREA_M can lie in. A dock B within TAKEOFF_AREA_M of A lies in one of A's rows, within
 * A's span of longitude, so B's own cell (which B locks) is among A's. Keys are safe integers under the
 * TAKEOFF_LOCK_CLASS bits.
 */
export function takeoffCells(longitude: number, latitude: number): number[] {
  const rows = Math.round(180 / TAKEOFF_ROW_DEG);
  const own = Math.min(rows - 1, Math.floor((latitude + 90) / TAKEOFF_ROW_DEG));
  const span = lonSpan(latitude);
  const keys = new Set<number>();
  for (let row = Math.max(0, own - 1); row <= Math.min(rows - 1, own + 1); row++) {
    const columns = columnsOf(row);
    const width = 360 / columns;
    const first = Math.floor((longitude - span + 180) / width);
    const last = Math.floor((longitude + span + 180) / width);
    for (let column = first; column <= Math.min(last, first + columns - 1); column++) {
      // the longitude wraps at the antimeridian
      const wrapped = ((column % columns) + columns) % columns;
      keys.add(TAKEOFF_LOCK_CLASS * 2 ** 37 + row * 2 ** 19 + wrapped);
    }
  }
  return [...keys].sort((x, y) => x - y);
}

/** What holds a take-off back: a neighbour (tried again after `retryMs`), or the execution moved meanwhile. */
export type TakeoffHeld =
  { cause: 'task.condition.takeoffLock'; retryMs: number } | { cause: 'task.statusMoved'; final: true };

/**
 * Two docks within TAKEOFF_AREA_M never start a take-off at the same moment: under the advisory locks of
 * the dock's cell and its neighbours (every instance; takeoffCells), a neighbour whose take-off (`at`, now or
 * a flight prepared ahead's planned time) lies within TAKEOFF_GUARD_MS of this one's holds it back; otherwise
 * this execution claims its take-off time and position. The
 * neighbours are found in SQL by the positions the executions claimed with, so a decision costs one query
 * whatever the number of docks taking off.
 */
export async function claimTakeoff(
  ctx: Ctx,
  execution: ExecutionRow,
  dockSn: string,
  osd: DockOsd,
  at: number,
): Promise<TakeoffHeld | null> {
  const { longitude, latitude } = osd;
  const placed = longitude !== undefined && latitude !== undefined;
  return inTransaction(ctx, async (tx) => {
    if (placed) {
      // one statement: the keys are sorted, unnest yields them in that order
      const keys = takeoffCells(longitude, latitude).map((cell) => String(cell));
      await tx.db.execute(
        sql`select pg_advisory_xact_lock(k) from unnest(${`{${keys.join(',')}}`}::bigint[]) as k`,
      );
      const span = lonSpan(latitude);
      const near = await tx.db
        .select({ longitude: taskExecution.takeoffLongitude, latitude: taskExecution.takeoffLatitude })
        .from(taskExecution)
        .where(
          and(
            inArray(taskExecution.taskStatus, [0, 1, 2]),
            between(
              taskExecution.startTime,
              new Date(at - TAKEOFF_GUARD_MS),
              new Date(at + TAKEOFF_GUARD_MS),
            ),
            ne(taskExecution.id, execution.id),
            sql`${taskExecution.hangarSn} is not null and ${taskExecution.hangarSn} <> ${dockSn}`,
            between(taskExecution.takeoffLatitude, latitude - TAKEOFF_ROW_DEG, latitude + TAKEOFF_ROW_DEG),
            // near the antimeridian the band of latitude alone (the distance below decides)
            Math.abs(longitude) + span < 180
              ? between(taskExecution.takeoffLongitude, longitude - span, longitude + span)
              : undefined,
          ),
        );
      if (near.some((o) => haversineM([longitude, latitude], [o.longitude!, o.latitude!]) < TAKEOFF_AREA_M))
        return { cause: 'task.condition.takeoffLock', retryMs: TAKEOFF_RETRY_MS } satisfies TakeoffHeld;
    }
    const [claimed] = await tx.db
      .update(taskExecution)
      .set({
        startTime: new Date(at),
        hangarSn: dockSn,
        flightId: execution.id,
        takeoffLongitude: placed ? longitude : null,
        takeoffLatitude: placed ? latitude : null,
      })
      .where(
        and(
          eq(taskExecution.id, execution.id),
          eq(taskExecution.taskStatus, execution.taskStatus),
          isNull(taskExecution.startTime),
        ),
      )
      .returning({ id: taskExecution.id });
    // moved meanwhile (cancelled, started elsewhere): nothing to start, nothing to refuse
    return claimed ? null : ({ cause: 'task.statusMoved', final: true } satisfies TakeoffHeld);
  });
}
