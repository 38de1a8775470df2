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

/**
 * Log rows are queued and inserted in batches, off the request's path: a request never waits for its log
 * row and never fails because of it. A failed batch is reported and dropped (logs must not pile up in memory).
 */
export class LogWriter {
  private readonly queues: Record<Kind, Array<Record<string, unknown>>> = { usual: [], api: [], error: [] };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private dropped = 0;
  private closed = false;

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
      return;
    }
    this.queues[kind].push({ ...row, id: newId(), createTime: new Date() });
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
        } catch (error) {
          this.onProblem(error, { kind, rows: rows.length });
        }
      }
    }
    if (this.dropped) {
      const dropped = this.dropped;
      this.dropped = 0;
      this.onProblem(new Error('log queue full'), { kind: 'api', rows: 0, dropped });
    }
  }
}
