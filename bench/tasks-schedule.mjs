// Task scheduling benchmark (issue 17 "Benchmarks", first item): 10,000 periodic tasks on 1,000 simulated docks
// over a simulated week, two server instances on the machine's PostgreSQL, Redis and Mosquitto.
//
//   npx tsc -b packages/contract packages/wpml apps/device-sim apps/server
//   node bench/tasks-schedule.mjs [--docks 1000] [--tasks-per-dock 10] [--days 7] [--lead 420] [--write]
//
// A week cannot run in real time, so it is compressed in two honest parts (README.md "Tasks"):
//
// 1. The peak, at real time: one task per dock repeats daily at the same minute P (the fleet's "08:00"), a
//    minute or two after the tasks are submitted; both instances run as `npm start` runs them (the job queue's
//    start job per execution: `flighttask_prepare` with `execute_time` PREPARE_LEAD_MS ahead, then the
//    conditions, the take-off lock and `flighttask_execute` EXECUTE_LEAD_MS ahead), the docks download the
//    KMZ, answer, wait for `execute_time` and fly a short flight. Measured: delay from P to each dock's
//    take-off (p50/p99, target p99 < 2 s), how far ahead of P the prepares and executes arrived, each
//    execution prepared once, the instances' CPU and memory over the prepares and the take-offs.
// 2. The week, at a simulated clock: the planning step of the minute timer (tasksToPlan, planTask, the start
//    jobs) runs on BOTH instances at once at the simulated instants start + 1 day, + 2 days, ... + `days`,
//    one instance walking the tasks forwards and the other backwards. Measured: executions created against
//    the schedules' own count (computed here independently), no (task, plan time) twice, the time and CPU.
import { parseArgs } from 'node:util';
import os from 'node:os';
import { Histogram, markdownTable, textTable, writeBlock } from './lib/live.mjs';
import { IdGenerator } from '../apps/server/dist/lib/ids.js';
import { PREPARE_LEAD_MS } from '../apps/server/dist/modules/task/task.dispatch.js';
import { TaskDocks } from './lib/task-docks.mjs';
import {
  benchDb,
  closeServers,
  cores,
  mb,
  prepareServices,
  registerFleet,
  releaseServices,
  sampleServers,
  sleep,
  split,
  startDocks,
  startServers,
} from './lib/tasks.mjs';

const { values: args } = parseArgs({
  options: {
    docks: { type: 'string', default: '1000' },
    'tasks-per-dock': { type: 'string', default: '10' },
    days: { type: 'string', default: '7' },
    lead: { type: 'string', default: '420' },
    'step-hours': { type: 'string', default: '24' },
    concurrency: { type: 'string', default: '8' },
    write: { type: 'boolean', default: false },
  },
});
const DOCKS = Number(args.docks);
const PER_DOCK = Math.min(10, Math.max(1, Number(args['tasks-per-dock'])));
const DAYS = Number(args.days);
const LEAD_S = Number(args.lead);
const STEP_H = Number(args['step-hours']);
const PLAN_CONCURRENCY = Number(args.concurrency);
const ZONE_OFFSET_MS = 8 * 3_600_000; // Asia/Shanghai, the server's TIME_ZONE: no daylight saving
const DAY = 86_400_000;

/** The q-quantile of `values` (q = 0: the least), NaN when none. */
function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
}

const log = (text) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const pad = (n) => String(n).padStart(2, '0');
/** local (UTC+8) parts of an instant */
const local = (ms) => {
  const d = new Date(ms + ZONE_OFFSET_MS);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    weekday: ((d.getUTCDay() + 6) % 7) + 1,
    day: d.getUTCDate(),
  };
};

/**
 * The nine background schedules of a dock (and the peak one), all in the dock's zone, from today for 30
 * days. Their times lie 2 to 21 hours after the start, so that none falls in the real-time part of the run.
 */
function schedules(start, peak) {
  const hour = Math.floor((start + ZONE_OFFSET_MS) / 3_600_000) * 3_600_000 - ZONE_OFFSET_MS;
  const t = (h) => local(hour + h * 3_600_000).time;
  const today = local(start).date;
  const endDate = local(start + 30 * DAY).date;
  const repeat = (frequency, times, extra = {}) => ({
    mode: 'repeat',
    frequency,
    interval: 1,
    times,
    startDate: today,
    endDate,
    ...extra,
  });
  return [
    repeat('daily', [peak]),
    repeat('daily', [t(3)]),
    repeat('daily', [t(6)]),
    repeat('daily', [t(9)]),
    repeat('weekly', [t(12)], { weekdays: [1, 4] }),
    repeat('weekly', [t(14)], { weekdays: [2, 5] }),
    repeat('weekly', [t(16)], { weekdays: [3, 6, 7] }),
    repeat('daily', [t(18), t(20)]),
    repeat('monthly', [t(4)], { monthDays: [local(start + 2 * DAY).day, local(start + 5 * DAY).day] }),
    { mode: 'dates', dates: [1, 3, 6].map((d) => local(start + d * DAY).date), times: [t(8)] },
  ];
}

/**
 * How many occurrences a schedule has in [from, until), counted here from its own fields (whole local days,
 * UTC+8), not with the server's code: the reference the planner's executions are checked against.
 */
function expectedCount(schedule, from, until) {
  let count = 0;
  const dates =
    schedule.mode === 'dates'
      ? schedule.dates
      : (() => {
          const list = [];
          for (let ms = Date.parse(`${schedule.startDate}T00:00:00Z`); ; ms += DAY) {
            const date = new Date(ms).toISOString().slice(0, 10);
            if (date > schedule.endDate) break;
            list.push(date);
          }
          return list;
        })();
  for (const date of dates) {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const d = new Date(midnight);
    const weekday = ((d.getUTCDay() + 6) % 7) + 1;
    if (schedule.frequency === 'weekly' && !schedule.weekdays.includes(weekday)) continue;
    if (schedule.frequency === 'monthly' && !schedule.monthDays.includes(d.getUTCDate())) continue;
    for (const time of schedule.times) {
      const [h, m] = time.split(':').map(Number);
      const at = midnight + (h * 60 + m) * 60_000 - ZONE_OFFSET_MS;
      if (at >= from && at < until) count += 1;
    }
  }
  return count;
}

const ms = (value) => `${value.toFixed(0)} ms`;
const int = (value) => value.toLocaleString('en-US');

async function main() {
  const benchStarted = Date.now();
  const loadBefore = os.loadavg();
  log(`load average before: ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`);
  const services = await prepareServices();
  const prefix = `R${services.runId}`;
  let servers = [];
  let docks;
  try {
    servers = await startServers(services);
    log(`two instances up on ports ${servers.map((s) => s.port).join(', ')}`);
    const apiUrls = servers.map((s) => `http://127.0.0.1:${s.port}`);

    let t0 = Date.now();
    const pairs = await registerFleet(servers, DOCKS, prefix);
    log(`registered ${pairs.length} docks with their drones in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const fleet = pairs.map((pair) => ({ ...pair.dock, drone: pair.drone }));
    const placer = new TaskDocks({ docks: fleet, url: '', apiUrls });
    docks = await startDocks({ url: services.env.BENCH_MQTT_URL, apiUrls, docks: fleet, osdMs: 2000 });
    log(`${fleet.length} docks connected in ${docks.millis} ms`);
    await sleep(3000); // every dock's first OSD in

    t0 = Date.now();
    const routeAnswers = await split(
      servers,
      fleet.map((dock, index) => ({ id: dock.id, ...placer.place(index) })),
      (part) => ({ type: 'routes', docks: part }),
      'routed',
    );
    const routeIds = routeAnswers.flatMap((answer) => answer.ids);
    log(`${routeIds.length} routes in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    // the background schedules (nine per dock), submitted through the API by both instances at once
    const start = Date.now();
    const body = (dockIndex, k, schedule) => ({
      name: `Bench ${k} ${fleet[dockIndex].sn}`,
      type: 3,
      hangarId: fleet[dockIndex].id,
      routeId: routeIds[dockIndex],
      schedule,
      confirmSpacing: true,
    });
    // The background schedules (nine per dock): dock 1's nine are submitted through the API, the other docks'
    // are copies of those rows (a SQL insert ... select, with their own id, code, dock and route, and no
    // horizon yet), which the planner then plans like any new task: submitting 9,000 tasks one by one through
    // the API would take a quarter of an hour on this machine, and the API's planning is the same planTask.
    t0 = Date.now();
    const kinds = schedules(start, '00:00');
    const templates = await servers[0].request(
      {
        type: 'submit',
        tasks: Array.from({ length: PER_DOCK - 1 }, (_, j) => body(0, j + 1, kinds[j + 1])),
      },
      'submitted',
    );
    if (templates.failures) throw new Error(`template tasks refused: ${templates.firstFailures.join(' | ')}`);
    const db = await benchDb();
    const columns = (
      await db.query(
        "select column_name from information_schema.columns where table_name = 'aos_task' order by ordinal_position",
      )
    ).rows.map((row) => row.column_name);
    const own = {
      id: 'u.new_id',
      hangar_id: 'u.hangar',
      route_id: 'u.route',
      code: "t.code || '-' || u.n",
      name: "left(t.name, 80) || ' ' || u.n",
      planned_until: 'null',
      next_time: 'null',
    };
    const select = columns.map((column) => own[column] ?? `t.${column}`).join(', ');
    const idGenerator = new IdGenerator();
    let seeded = 0;
    for (const templateId of templates.ids) {
      const others = fleet.slice(1);
      const result = await db.query(
        `insert into aos_task (${columns.join(', ')})
         select ${select} from aos_task t,
           unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::int[]) as u(new_id, hangar, route, n)
         where t.id = $5`,
        [
          others.map(() => idGenerator.next()),
          others.map((dock) => dock.id),
          routeIds.slice(1),
          others.map((_, i) => i + 2),
          templateId,
        ],
      );
      seeded += result.rowCount;
    }
    const background = { length: seeded + templates.ids.length };
    const backgroundFailures = 0;
    const submitSeconds = (Date.now() - t0) / 1000;
    log(
      `${templates.ids.length} template tasks submitted, ${seeded} copies written in ${submitSeconds.toFixed(0)} s`,
    );
    const dayZero = await Promise.all([
      servers[0].request(
        { type: 'plan', now: Date.now(), reverse: false, concurrency: PLAN_CONCURRENCY },
        'planned',
      ),
      servers[1].request(
        { type: 'plan', now: Date.now(), reverse: true, concurrency: PLAN_CONCURRENCY },
        'planned',
      ),
    ]);
    log(
      `  first plan of the copies (now, both instances): ${dayZero.map((d) => `${d.tasks} tasks, ${d.created} executions, ${d.millis} ms`).join('; ')}`,
    );

    // the peak: every dock's daily flight at the same minute P, submitted a minute or so ahead
    const peakAt = Math.ceil((Date.now() + LEAD_S * 1000) / 60_000) * 60_000;
    const peakLocal = local(peakAt).time;
    const peakSchedule = { ...schedules(start, peakLocal)[0] };
    t0 = Date.now();
    const peakSubmitted = await split(
      servers,
      fleet.map((_, i) => body(i, 0, peakSchedule)),
      (part) => ({ type: 'submit', tasks: part }),
      'submitted',
    );
    const peakFailures = peakSubmitted.reduce((sum, answer) => sum + answer.failures, 0);
    log(
      `${DOCKS} peak tasks (daily at ${peakLocal} local) submitted in ${((Date.now() - t0) / 1000).toFixed(0)} s` +
        ` (${peakFailures} refused); the peak is in ${((peakAt - Date.now()) / 1000).toFixed(0)} s`,
    );
    if (peakAt - Date.now() < 5000) throw new Error('the peak tasks were submitted too late: raise --lead');
    // from just before the prepares (PREPARE_LEAD_MS ahead of the peak) when the lead leaves time for it
    await sleep(
      Math.max(0, Math.min(peakAt - Date.now() - 5000, peakAt - PREPARE_LEAD_MS - 10_000 - Date.now())),
    );
    const peakSampler = sampleServers(servers, 1000);
    const loadAtPeak = os.loadavg();
    // until every dock was prepared and has flown, or 4 minutes
    const deadline = peakAt + 240_000;
    let stats;
    for (;;) {
      await sleep(5000);
      stats = await docks.request({ type: 'stats' });
      const peakPrepared = stats.prepares.length;
      log(`  ${peakPrepared} prepared, ${stats.completed} flown`);
      if ((peakPrepared >= DOCKS && stats.completed >= DOCKS) || Date.now() > deadline) break;
    }
    const peakUsage = await peakSampler.stop();

    // the delays, from each execution's planned time in the database
    const histogram = new Histogram();
    const prepareLead = [];
    const executeLead = [];
    const ids = stats.prepares.map(([id]) => id);
    const planned = new Map(
      (
        await db.query('select id::text, plan_at from aos_task_execution where id::text = any($1)', [ids])
      ).rows.map((row) => [row.id, row.plan_at.getTime()]),
    );
    let preparedTwice = 0;
    let unknown = 0;
    for (const [id, , at, count] of stats.prepares) {
      if (count > 1) preparedTwice += 1;
      const plan = planned.get(id);
      if (plan === undefined) unknown += 1;
      else prepareLead.push(plan - at);
    }
    let notFlown = 0;
    for (const [id, executeAt, takeoffAt] of stats.takeoffs) {
      const plan = planned.get(id);
      if (plan === undefined) continue;
      histogram.add(takeoffAt - plan);
      executeLead.push(plan - executeAt);
    }
    notFlown = planned.size - stats.takeoffs.filter(([id]) => planned.has(id)).length;
    // the server's record of the flights: settled once none is received or executing (or a minute on)
    for (let waited = 0; waited < 60_000; waited += 2000) {
      const open = (
        await db.query(
          'select count(*)::int as n from aos_task_execution where plan_at = $1 and task_status in (1, 2)',
          [new Date(peakAt)],
        )
      ).rows[0].n;
      if (open === 0) break;
      await sleep(2000);
    }
    const peakRows = (
      await db.query(
        `select e.task_status, count(*)::int as n from aos_task_execution e where e.plan_at = $1 group by 1 order by 1`,
        [new Date(peakAt)],
      )
    ).rows;
    const causes = (
      await db.query(
        `select cause_key, count(*)::int as n from aos_task_execution
          where plan_at = $1 and cause_key is not null group by 1 order by 2 desc`,
        [new Date(peakAt)],
      )
    ).rows;
    const peakStatuses =
      peakRows.map((row) => `${row.n} × status ${row.task_status}`).join(', ') +
      (causes.length ? ` (causes: ${causes.map((row) => `${row.cause_key} ${row.n}`).join(', ')})` : '');
    log(
      `peak: take-off delay p50 ${histogram.quantile(0.5)} ms, p99 ${histogram.quantile(0.99)} ms; ` +
        `prepare ahead min ${ms(quantile(prepareLead, 0))}, execute ahead min ${ms(quantile(executeLead, 0))}; ${peakStatuses}`,
    );

    // the simulated week: both instances plan at once, a simulated day at a time
    const weekSampler = sampleServers(servers, 2000);
    const days = [];
    t0 = Date.now();
    const steps = [];
    for (let hours = STEP_H; hours < DAYS * 24; hours += STEP_H) steps.push(hours);
    steps.push(DAYS * 24);
    for (const [index, hours] of steps.entries()) {
      // a minute later each step, so that the horizon has run out (the timer plans below half of it)
      const now = start + hours * 3_600_000 + (index + 1) * 60_000 + 17_321;
      const [a, b] = await Promise.all([
        servers[0].request({ type: 'plan', now, reverse: false, concurrency: PLAN_CONCURRENCY }, 'planned'),
        servers[1].request({ type: 'plan', now, reverse: true, concurrency: PLAN_CONCURRENCY }, 'planned'),
      ]);
      days.push({ hours, a, b });
      log(
        `  simulated +${hours} h: A planned ${a.tasks} tasks (${a.created} executions, ${a.millis} ms), ` +
          `B ${b.tasks} (${b.created}, ${b.millis} ms)`,
      );
    }
    const weekMillis = Date.now() - t0;
    const weekUsage = await weekSampler.stop();

    // exactly once: every (task, plan time) once, every task's count as its schedule says
    const duplicates = (
      await db.query(
        'select count(*)::int as n from (select task_id, plan_at from aos_task_execution group by 1, 2 having count(*) > 1) d',
      )
    ).rows[0].n;
    const tasks = (
      await db.query(
        `select t.id::text, t.schedule, t.planned_until, count(e.id)::int as executions
           from aos_task t left join aos_task_execution e on e.task_id = t.id
          where t.is_deleted = 0 group by t.id`,
      )
    ).rows;
    const from = start - 30 * 60_000;
    const weekEnd = start + DAYS * DAY;
    let expected = 0;
    let created = 0;
    let wrongTasks = 0;
    let short = 0;
    let weekExpected = 0;
    for (const row of tasks) {
      const until = row.planned_until.getTime();
      if (until < weekEnd) short += 1;
      const want = expectedCount(row.schedule, from, until);
      expected += want;
      created += row.executions;
      weekExpected += expectedCount(row.schedule, from, weekEnd);
      if (want !== row.executions) wrongTasks += 1;
    }
    const weekCreated = (
      await db.query('select count(*)::int as n from aos_task_execution where plan_at < $1', [
        new Date(weekEnd),
      ])
    ).rows[0].n;
    const jobs = (
      await db.query(
        `select count(*)::int as jobs, count(distinct split_part(singleton_key, ':', 1))::int as keys
           from pgboss.job where name = 'task.start'`,
      )
    ).rows[0];
    const executionsTotal = (await db.query('select count(*)::int as n from aos_task_execution')).rows[0].n;
    await db.end();

    const loadAfter = os.loadavg();
    const p50 = histogram.quantile(0.5);
    const p99 = histogram.quantile(0.99);
    const rows = [
      ['Measure', 'Value'],
      ['Docks (simulated) / periodic tasks', `${int(DOCKS)} / ${int(tasks.length)}`],
      [
        'Tasks through the API / copied rows (background) ; refused',
        `${int(DOCKS + PER_DOCK - 1)} / ${int(background.length - (PER_DOCK - 1))}; ${backgroundFailures + peakFailures}`,
      ],
      [`Peak: executions planned at the same minute (${peakLocal} local)`, int(DOCKS)],
      [
        'Peak: prepares received by the docks (of no known execution)',
        `${int(stats.prepares.length)} (${unknown})`,
      ],
      ['Peak: executions prepared more than once', int(preparedTwice)],
      ['Peak: KMZ download or MD5 failures at the docks', int(stats.downloadFailures)],
      ['Peak: statuses after the flights', peakStatuses],
      [
        '`flighttask_prepare` at the dock ahead of the planned time: least / p1 / p50',
        [0, 0.01, 0.5].map((q) => ms(quantile(prepareLead, q))).join(' / '),
      ],
      [
        '`flighttask_execute` at the dock ahead of the planned time: least / p1 / p50',
        [0, 0.01, 0.5].map((q) => ms(quantile(executeLead, q))).join(' / '),
      ],
      ['Peak: executions that never took off', int(notFlown)],
      ['Peak: delay planned time → take-off at the dock, p50', ms(p50)],
      ['Peak: … p99 (target < 2 s)', `**${ms(p99)}** (${p99 < 2000 ? 'met' : 'not met'})`],
      ['Peak: … max', ms(histogram.max)],
      ...Object.entries(peakUsage.servers).map(([name, u]) => [
        `Peak: instance ${name} CPU (cores) / RSS peak / heap`,
        `${cores(u.cores)} / ${mb(u.rssPeakMb)} / ${mb(u.heapMb)}`,
      ]),
      [
        'Week: first plan of the copied tasks at the real time (A / B: tasks walked, executions created, s)',
        dayZero.map((d) => `${int(d.tasks)}, ${int(d.created)}, ${(d.millis / 1000).toFixed(0)}`).join(' / '),
      ],
      [
        `Week: planning steps at simulated instants (both instances at once, ${PLAN_CONCURRENCY} tasks at a time each)`,
        `+${steps.join(', +')} h in ${(weekMillis / 1000).toFixed(0)} s`,
      ],
      [
        'Week: tasks walked / executions created per step (A + B)',
        days.map((d) => `${int(d.a.tasks + d.b.tasks)} / ${int(d.a.created + d.b.created)}`).join('; '),
      ],
      [
        'Week: executions created (whole horizon) / expected from the schedules',
        `${int(created)} / ${int(expected)}`,
      ],
      ['Week: tasks whose count differs from their schedule', int(wrongTasks)],
      ['Week: tasks not planned to the end of the week', int(short)],
      ['Week: executions within the simulated week / expected', `${int(weekCreated)} / ${int(weekExpected)}`],
      ['Week: (task, plan time) pairs more than once', int(duplicates)],
      [
        'Week: `task.start` jobs / distinct executions they name / executions',
        `${int(jobs.jobs)} / ${int(jobs.keys)} / ${int(executionsTotal)}`,
      ],
      ...Object.entries(weekUsage.servers).map(([name, u]) => [
        `Week: instance ${name} CPU (cores) / RSS peak`,
        `${cores(u.cores)} / ${mb(u.rssPeakMb)}`,
      ]),
      [
        'Server log lines at warn / error (A, B)',
        Object.values(weekUsage.servers)
          .map((u) => `${u.logs.warn} / ${u.logs.error}`)
          .join(', '),
      ],
    ];
    console.log(`\n${textTable(rows)}`);
    for (const u of Object.values(weekUsage.servers))
      for (const line of u.logs.first) console.log(`  ${line}`);
    const ok =
      preparedTwice === 0 &&
      duplicates === 0 &&
      wrongTasks === 0 &&
      short === 0 &&
      stats.prepares.length === DOCKS &&
      notFlown === 0 &&
      peakRows.every((row) => row.task_status === 3) &&
      created === expected;
    if (!ok) process.exitCode = 1;
    if (args.write) {
      const notes = [
        `- Date: ${new Date(benchStarted).toISOString().slice(0, 16).replace('T', ' ')} UTC; ` +
          `Node.js ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}), ` +
          `${Math.round(os.totalmem() / 2 ** 30)} GB; load average before ${loadBefore[0].toFixed(2)}, ` +
          `at the peak ${loadAtPeak[0].toFixed(2)}, at the end ${loadAfter[0].toFixed(2)} (other helpers' ` +
          'work shares the machine)',
        `- Command: \`node bench/tasks-schedule.mjs --docks ${DOCKS} --tasks-per-dock ${PER_DOCK} --days ${DAYS} --step-hours ${STEP_H} --concurrency ${PLAN_CONCURRENCY} --write\``,
        `- Checks: ${ok ? 'all passed' : 'FAILED (see the rows)'}`,
      ];
      writeBlock(
        '## Tasks: periodic tasks on 1,000 docks over a simulated week, two instances (bench/tasks-schedule.mjs)',
        'tasks-schedule',
        `${markdownTable(rows)}\n\n${notes.join('\n')}`,
      );
    }
  } finally {
    if (docks) await docks.request({ type: 'stop' }, 'stopped').catch(() => docks.child.kill());
    await closeServers(servers);
    await releaseServices(services);
  }
}

main().then(
  () => process.exit(),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
