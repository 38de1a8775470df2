import { type LogLevel, type Page, type PageQuery, PLATFORM_TENANT_ID } from '@aos/contract';
import { and, desc, eq, getTableColumns, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { logApi, logError, logUsual } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { sortOrder } from '../../lib/crud.js';
import { notFound } from '../../lib/errors.js';
import { parseDateTime } from '../../lib/time.js';
import { LogWriter } from './log.writer.js';
import { tenantErrorMessage } from '../../lib/redact.js';
import { requestOrigin, serverOrigin, whereThrown } from '../../lib/request-info.js';

const TABLES = { usual: logUsual, api: logApi, error: logError } as const;
export type LogKind = keyof typeof TABLES;

type FilterMode = 'like' | 'eq' | 'upper';
const COMMON_FILTERS: Record<string, FilterMode> = {
  serviceId: 'eq',
  requestUri: 'like',
  method: 'upper',
  remoteIp: 'like',
  createBy: 'like',
};
const FILTERS: Record<LogKind, Record<string, FilterMode>> = {
  usual: { ...COMMON_FILTERS, logLevel: 'eq', logId: 'like' },
  api: { ...COMMON_FILTERS, title: 'like', status: 'eq' },
  error: { ...COMMON_FILTERS, exceptionName: 'like' },
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * The usual, API and error logs: written through a batching queue (LogWriter) so that no request waits for
 * them, read back page by page. A tenant reads its own logs; the platform tenant reads all (filter tenantId).
 */
export class LogService {
  readonly writer: LogWriter;

  constructor(db: Db) {
    this.writer = new LogWriter(db);
  }

  /** A usual log: what other services call to note an event (`logs.usual(ctx, 'info', 'oss.enable', text)`). */
  usual(ctx: Ctx, level: LogLevel, logId: string, message: string, request?: FastifyRequest): void {
    this.safely(() => {
      const origin = request ? requestOrigin(request) : serverOrigin(ctx.tenantId, ctx.user?.account ?? null);
      this.writer.usual({
        ...origin,
        tenantId: ctx.tenantId,
        createBy: origin.createBy ?? ctx.user?.account ?? null,
        logLevel: level,
        logId: logId.slice(0, 100),
        logData: message,
      });
    });
  }

  /** A usual log of a sign-in: the caller is not signed in yet, so tenant and account come from the answer. */
  signIn(request: FastifyRequest, tenantId: string, account: string, message: string): void {
    this.safely(() =>
      this.writer.usual({
        ...requestOrigin(request),
        params: null,
        tenantId: tenantId.slice(0, 12),
        createBy: account.slice(0, 64),
        logLevel: 'info',
        logId: 'auth.signIn',
        logData: message,
      }),
    );
  }

  /** An API log of a finished call. */
  apiCall(request: FastifyRequest, status: number, milliseconds: number): void {
    this.safely(() => {
      const summary = request.routeOptions.schema?.summary;
      this.writer.api({
        ...requestOrigin(request),
        type: status < 400 ? 1 : 2,
        title: typeof summary === 'string' ? summary.slice(0, 255) : null,
        time: Math.max(0, Math.round(milliseconds)),
        status,
      });
    });
  }

  /** An error log of a call that failed with a 500: the stack stays here, the client gets none. */
  serverError(request: FastifyRequest, error: unknown): void {
    this.safely(() => {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.writer.error({
        ...requestOrigin(request),
        stackTrace: failure.stack?.slice(0, 20_000) ?? null,
        exceptionName: (failure.constructor?.name || failure.name || 'Error').slice(0, 255),
        message: failure.message.slice(0, 4000),
        ...whereThrown(failure.stack),
      });
    });
  }

  /** Logging never fails the work it records. */
  private safely(write: () => void): void {
    try {
      write();
    } catch (error) {
      this.writer.onProblem(error, { kind: 'usual', rows: 1 });
    }
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  close(): Promise<void> {
    return this.writer.close();
  }

  private where(kind: LogKind, ctx: Ctx, query: Record<string, unknown>): SQL | undefined {
    const table = TABLES[kind];
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const conditions: Array<SQL | undefined> = [];
    if (ctx.tenantId !== PLATFORM_TENANT_ID) conditions.push(eq(table.tenantId, ctx.tenantId));
    else if (typeof query.tenantId === 'string' && query.tenantId) {
      conditions.push(eq(table.tenantId, query.tenantId));
    }
    if (typeof query.createTimeBegin === 'string') {
      conditions.push(gte(table.createTime, parseDateTime(query.createTimeBegin)));
    }
    if (typeof query.createTimeEnd === 'string') {
      conditions.push(lte(table.createTime, parseDateTime(query.createTimeEnd)));
    }
    for (const [field, mode] of Object.entries(FILTERS[kind])) {
      const value = query[field];
      const column = columns[field];
      if (value === undefined || value === null || value === '' || !column) continue;
      if (mode === 'like') conditions.push(ilike(column, `%${escapeLike(String(value))}%`));
      else conditions.push(eq(column, mode === 'upper' ? String(value).toUpperCase() : value));
    }
    return and(...conditions);
  }

  private order(kind: LogKind, query: Partial<PageQuery>): SQL[] {
    const table = TABLES[kind];
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const byName = new Map<string, PgColumn>();
    for (const [key, column] of Object.entries(columns)) byName.set(key, column).set(column.name, column);
    return sortOrder(query, (name) => byName.get(name), [desc(table.createTime), desc(table.id)]);
  }

  async page(kind: LogKind, ctx: Ctx, query: PageQuery & Record<string, unknown>): Promise<Page<unknown>> {
    const table = TABLES[kind];
    const where = this.where(kind, ctx, query);
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(table)
      .where(where);
    const total = counted?.total ?? 0;
    const records = await ctx.db
      .select()
      .from(table)
      .where(where)
      .orderBy(...this.order(kind, query))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      records: records.map((row) => shown(kind, ctx, row)),
      total,
      size: query.size,
      current: query.current,
      pages: Math.ceil(total / query.size),
    };
  }

  async detail(kind: LogKind, ctx: Ctx, id: string): Promise<unknown> {
    const table = TABLES[kind];
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(
        and(
          eq(table.id, id),
          ctx.tenantId === PLATFORM_TENANT_ID ? undefined : eq(table.tenantId, ctx.tenantId),
        ),
      )
      .limit(1);
    if (!row) throw notFound();
    return shown(kind, ctx, row);
  }
}

/**
 * A log row as the caller may see it. The platform tenant sees everything. A tenant's administrator sees what
 * happened, to which call and when, but nothing of the server: no host or address of ours, and for an error no
 * stack, file, line, parameters, or SQL in its message.
 */
function shown(kind: LogKind, ctx: Ctx, row: Record<string, unknown>): Record<string, unknown> {
  if (ctx.tenantId === PLATFORM_TENANT_ID) return row;
  const safe: Record<string, unknown> = { ...row, serverHost: null, serverIp: null };
  if (kind === 'error') {
    Object.assign(safe, {
      stackTrace: null,
      fileName: null,
      lineNumber: null,
      params: null,
      message: tenantErrorMessage(row.message as string | null),
    });
  }
  return safe;
}
