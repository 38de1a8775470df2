import { canMove, occurrencesOf, TASK_STATUSES, TaskSchedule, type TaskStatus } from '@aos/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task, taskExecution, taskTimeline } from '../../src/db/schema/index.js';
import { platformCtx } from '../../src/lib/context.js';
import { AppError } from '../../src/lib/errors.js';
import { newId } from '../../src/lib/ids.js';
import { planTask } from '../../src/modules/task/task.planner.js';
import { moveExecution } from '../../src/modules/task/task.status.js';
import { registerDock } from '../device-helper.js';
import { createTestApp, login } from '../helper.js';
import { addRoute, executionsOf, hangarTask, inMinutes, ok, submitTask } from './helper.js';

/**
 * The status machine persisted (spec §4; issue 17): every pair of statuses, compare-and-set between movers,
 * expiry; and a schedule's occurrences created once whatever the number of instances (two apps on one
 * PostgreSQL in CI's second pass, two planners on one PGlite here).
 */

let first: FastifyInstance;
let second: FastifyInstance;
let token: string;
let taskId: string;

beforeAll(async () => {
  first = await createTestApp();
  second = process.env.DATABASE_URL
    ? await createTestApp(
        {},
        {
          database: first.database.target,
          jwtSecret: first.config.JWT_SECRET,
          cachePrefix: first.config.CACHE_PREFIX,
        },
      )
    : first;
  await second.ready();
  token = (await login(first)).access_token;
  const dock = await registerDock(first, token);
  const routeId = await addRoute(first, token, dock.id);
  const saved = await ok(
    await submitTask(first, token, hangarTask(dock.id, routeId, { mode: 'once', at: inMinutes(24 * 60) })),
  );
  taskId = saved.id as string;
}, 120_000);
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
});

const ctx = () => platformCtx(first.database.db, '000000');

let minute = 0;
async function executionIn(status: TaskStatus): Promise<string> {
  minute += 1;
  const [row] = await first.database.db
    .insert(taskExecution)
    .values({
      id: newId(),
      tenantId: '000000',
      taskId,
      planAt: new Date(Date.UTC(2030, 0, 1) + minute * 60_000),
      planLocal: '2030-01-01 08:00',
      windowEnd: new Date(Date.UTC(2030, 0, 2)),
      taskStatus: status,
    })
    .returning();
  return row!.id;
}

const statusOf = async (id: string) =>
  (await first.database.db.select().from(taskExecution).where(eq(taskExecution.id, id)))[0]!.taskStatus;
const movesOf = async (id: string) =>
  first.database.db
    .select()
    .from(taskTimeline)
    .where(and(eq(taskTimeline.executionId, id), eq(taskTimeline.kind, 'status')));

describe('the status machine, persisted', () => {
  it('moves along every legal edge with a timeline row, and refuses every other pair', async () => {
    let legal = 0;
    for (const from of TASK_STATUSES)
      for (const to of TASK_STATUSES) {
        const id = await executionIn(from);
        const move = moveExecution(ctx(), { executionId: id, from, to, cause: 'task.timeline.planned' });
        if (canMove(from, to)) {
          legal += 1;
          expect((await move)?.taskStatus, `${from} → ${to}`).toBe(to);
          expect(await movesOf(id)).toMatchObject([{ fromStatus: from, toStatus: to }]);
        } else {
          await expect(move, `${from} → ${to}`).rejects.toBeInstanceOf(AppError);
          expect(await statusOf(id)).toBe(from);
          expect(await movesOf(id)).toHaveLength(0);
        }
      }
    expect(legal).toBe(12);
  });

  it('the task’s own status follows its single execution to the end', async () => {
    const dock = await registerDock(first, token);
    const routeId = await addRoute(first, token, dock.id);
    const saved = await ok(
      await submitTask(first, token, hangarTask(dock.id, routeId, { mode: 'once', at: inMinutes(30 * 60) })),
    );
    expect(saved).toMatchObject({ taskStatus: 0 });
    expect(saved.nextTime).toBeTruthy();
    const [execution] = await executionsOf(first, saved.id as string);
    await moveExecution(ctx(), {
      executionId: execution!.id,
      from: 0,
      to: 2,
      cause: 'task.timeline.executing',
    });
    const [flying] = await first.database.db
      .select()
      .from(task)
      .where(eq(task.id, saved.id as string));
    expect(flying).toMatchObject({ taskStatus: 2, nextTime: null });
    await moveExecution(ctx(), {
      executionId: execution!.id,
      from: 2,
      to: 3,
      cause: 'task.timeline.completed',
    });
    const [done] = await first.database.db
      .select()
      .from(task)
      .where(eq(task.id, saved.id as string));
    expect(done).toMatchObject({ taskStatus: 3, nextTime: null });
  });

  it('compare-and-set: of two movers from one status, exactly one moves it', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await executionIn(0);
      const results = await Promise.all([
        moveExecution(ctx(), { executionId: id, from: 0, to: 1, cause: 'task.timeline.prepared' }),
        moveExecution(platformCtx(second.database.db, '000000'), {
          executionId: id,
          from: 0,
          to: 5,
          cause: 'task.timeline.cancelled',
        }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await movesOf(id)).toHaveLength(1);
    }
  });

  it('a waiting execution past its window expires (the timer’s work, on any instance)', async () => {
    const [row] = await first.database.db
      .insert(taskExecution)
      .values({
        id: newId(),
        tenantId: '000000',
        taskId,
        planAt: new Date(Date.now() - 3_600_000),
        planLocal: 'x',
        windowEnd: new Date(Date.now() - 60_000),
      })
      .returning();
    await Promise.all([first.services.taskDispatch.tick(), second.services.taskDispatch.tick()]);
    expect(await statusOf(row!.id)).toBe(4);
    expect(await movesOf(row!.id)).toMatchObject([
      { fromStatus: 0, toStatus: 4, cause: 'task.timeline.expired' },
    ]);
  });
});

describe('occurrences with two instances', () => {
  it('each occurrence of the horizon is created once, and its start job sent once', async () => {
    const dock = await registerDock(first, token);
    const routeId = await addRoute(first, token, dock.id);
    const startDate = inMinutes(24 * 60).slice(0, 10);
    const endDate = inMinutes(5 * 24 * 60).slice(0, 10);
    const schedule = {
      mode: 'repeat' as const,
      frequency: 'daily' as const,
      times: ['06:00', '12:00', '18:00'],
      startDate,
      endDate,
    };
    const saved = await ok(
      await submitTask(
        first,
        token,
        hangarTask(dock.id, routeId, schedule, { type: 3, confirmSpacing: true }),
      ),
    );
    const id = saved.id as string;
    const created = await executionsOf(first, id);
    // forget them: both instances plan the same task at once, several times
    await first.database.db.delete(taskExecution).where(eq(taskExecution.taskId, id));
    await first.database.db.update(task).set({ plannedUntil: null }).where(eq(task.id, id));
    const [row] = await first.database.db.select().from(task).where(eq(task.id, id));
    const now = Date.now();
    const planners = [first, second, first, second].map((app) =>
      app.database.db.transaction((tx) => planTask(platformCtx(tx, '000000'), row!, now)),
    );
    const answers = await Promise.all(planners);
    const rows = await executionsOf(first, id);
    const expected = occurrencesOf(
      TaskSchedule.parse(schedule),
      'Asia/Shanghai',
      now - 30 * 60_000,
      now + 48 * 3_600_000,
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows.length).toBe(created.length);
    expect(answers.flat()).toHaveLength(expected.length);
    expect(new Set(rows.map((item) => item.planAt.getTime())).size).toBe(rows.length);
    // the timers of both instances add nothing
    await Promise.all([first.services.taskDispatch.tick(), second.services.taskDispatch.tick()]);
    expect(await executionsOf(first, id)).toHaveLength(expected.length);

    // start jobs: sent by both, queued once per execution
    await first.services.taskDispatch.schedule(rows);
    await second.services.taskDispatch.schedule(rows);
    const result = (await first.database.db.execute(
      sql`select singleton_key as key, count(*)::int as n from pgboss.job
          where name = 'task.start' and state in ('created', 'retry') and singleton_key in (${sql.join(
            rows.map((item) => sql`${item.id}`),
            sql`, `,
          )})
          group by singleton_key`,
    )) as unknown as { rows: Array<{ key: string; n: number }> };
    expect(result.rows).toHaveLength(rows.length);
    for (const item of result.rows) expect(item.n).toBe(1);
  });
});
