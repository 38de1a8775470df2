import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { logApi, logError, logUsual } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';

export type UsualRow = Omit<typeof logUsual.$inferInsert, 'id'>;
export type ApiRow = Omit<typeof logApi.$inferInsert, 'id'>;
export type ErrorRow = Omit<typeof logError.$inferInsert, 'id'>;

const TABLES = { usual: logUsual, api: logApi, error: logError } as const;
type Kind = keyof typeof TABLES;

/** Rows written in one insert. */
const BATCH = 200;
/** How long a row may wait for its batch. */
const DELAY_MS = 500;
/** Beyond this many waiting rows (database down, flood), new rows are dropped and counted. */
const MAX_WAITING = 20_000;

export interface WriteProblem {
  (error: unknown, context: { kind: Kind; rows: number; dropped?: number }): void;
}

/** What the writer did with the rows it was given, since start (read by tests and the health of the logs). */
export interface LogWriterStats {
  written: number;
  /** rows changed to fit their table: NUL characters removed, text cut to its column's length */
  cleaned: number;
  /** rows lost: the queue full, or a row the database refused on its own */
  dropped: number;
}

/** PostgreSQL text cannot hold NUL (U+0000): a request carrying one would fail its whole batch. */
const NUL = '\u0000';

/** Each table's string columns with their length limit (null: text, no limit). */
const LIMITS: Record<Kind, Array<[string, number | null]>> = Object.fromEntries(
  Object.entries(TABLES).map(([kind, table]) => [
    kind,
    Object.entries(getTableColumns(table) as Record<string, PgColumn>)
      .filter(([, column]) => column.dataType === 'string')
      .map(([key, column]) => [key, (column as PgColumn & { length?: number }).length ?? null]),
  ]),
) as Record<Kind, Array<[string, number | null]>>;

/** The row made storable: NUL removed from every string, text cut to its column's length. Answers whether it changed. */
function clean(kind: Kind, row: Record<string, unknown>): boolean {
  let changed = false;
  for (const [key, limit] of LIMITS[kind]) {
    const value = row[key];
    if (typeof value !== 'string') continue;
    let next = value.includes(NUL) ? value.replaceAll(NUL, '') : value;
    if (limit !== null && next.length > limit) next = next.slice(0, limit);
    if (next !== value) {
      row[key] = next;
      changed = true;
    }
  }
  return changed;
}

/**
 * Log rows are queued and inserted in batches, off the request's path: a request never waits for its log
 * row and never fails because of it. Each row is made storable first (no NUL, text within its column); a
 * batch the database still refuses is written again row by row, so only a row refused on its own is lost,
 * reported and counted (logs must not pile up in memory either: past MAX_WAITING rows new ones are dropped
 * and counted).
 */
export class LogWriter {
  private readonly queues: Record<Kind, Array<Record<string, unknown>>> = { usual: [], api: [], error: [] };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private dropped = 0;
  private closed = false;
  readonly stats: LogWriterStats = { written: 0, cleaned: 0, dropped: 0 };

  /** told of every lost batch (the app sets it to its logger) */
  onProblem: WriteProblem = () => undefined;

  constructor(private readonly db: Db) {}

  usual(row: UsualRow) {
    this.enqueue('usual', row);
  }
  api(row: ApiRow) {
    this.enqueue('api', row);
  }
  error(row: ErrorRow) {
    this.enqueue('error', row);
  }

  private enqueue(kind: Kind, row: object): void {
    const waiting = this.queues.usual.length + this.queues.api.length + this.queues.error.length;
    if (waiting >= MAX_WAITING) {
      this.dropped++;
      this.stats.dropped++;
      return;
    }
    const queued: Record<string, unknown> = { ...row, id: newId(), createTime: new Date() };
    if (clean(kind, queued)) this.stats.cleaned++;
    this.queues[kind].push(queued);
    if (this.queues[kind].length >= BATCH) void this.flush();
    else if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.flush(), DELAY_MS);
      this.timer.unref();
    }
  }

  /** Write everything queued so far; resolves when it is in the database (or reported as lost). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.running.then(() => this.drain());
    return this.running;
  }

  /** Flush and stop the timer for good (app close). Rows logged afterwards are still written on flush. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private async drain(): Promise<void> {
    for (const kind of Object.keys(TABLES) as Kind[]) {
      while (this.queues[kind].length) {
        const rows = this.queues[kind].splice(0, BATCH);
        try {
          await this.db.insert(TABLES[kind]).values(rows as never);
          this.stats.written += rows.length;
        } catch {
          await this.oneByOne(kind, rows);
        }
      }
    }
    if (this.dropped) {
      const dropped = this.dropped;
      this.dropped = 0;
      this.onProblem(new Error('log queue full'), { kind: 'api', rows: 0, dropped });
    }
  }

  /** A refused batch, row by row: the good rows are written, each refused one is reported and counted. */
  private async oneByOne(kind: Kind, rows: Array<Record<string, unknown>>): Promise<void> {
    for (const row of rows) {
      try {
        await this.db.insert(TABLES[kind]).values(row as never);
        this.stats.written++;
      } catch (error) {
        this.stats.dropped++;
        this.onProblem(error, { kind, rows: 1, dropped: 1 });
      }
    }
  }
}
