// The servers under test, in their own process so the load generator (bench/run.mjs) does not run on the
// same event loop. Started by run.mjs with child_process.fork; talks to it over IPC:
//
//   child  -> parent  { type: 'ready', port, database, cache }     the platform API is listening
//   parent -> child   { type: 'bare', body }                        start the bare Fastify app with this body
//   child  -> parent  { type: 'bare-ready', port }
//   parent -> child   { type: 'seed-users', count, password }       seed the user-page scenarios (below)
//   child  -> parent  { type: 'seeded', account, users, depts, branches, scopedTotal, millis }
//   parent -> child   { type: 'record-pages', paths, headers }       record the SQL of each user-page call
//   child  -> parent  { type: 'recorded', queries, groups }          (see recordPages), served at /bare-page/:i
//   parent -> child   { type: 'usage' }                              CPU time of this process so far
//   child  -> parent  { type: 'usage', micros }                      (user + system, all threads, µs)
//   parent -> child   { type: 'close' }                             close both apps, then exit
//   child  -> parent  { type: 'closed' }
//   child  -> parent  { type: 'error', message, stack }            anything that failed
//
// The app's settings come in the environment (BENCH_* variables below), set by run.mjs.
import { and, eq, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import {
  dept,
  menu,
  role,
  roleMenu,
  roleScope,
  scopeData,
  user,
} from '../apps/server/dist/db/schema/index.js';
import { newId } from '../apps/server/dist/lib/ids.js';
import { hashPassword, md5Hex } from '../apps/server/dist/lib/password.js';

if (!process.send) {
  console.error('bench/server.mjs is started by bench/run.mjs (it needs an IPC channel)');
  process.exit(2);
}

const send = (message) => new Promise((resolve) => process.send(message, () => resolve()));

let app;
let bare;

async function fail(error) {
  await send({ type: 'error', message: error?.message ?? String(error), stack: error?.stack });
  await shutdown().catch(() => undefined);
  process.exit(1);
}

async function shutdown() {
  // Leave nothing behind under the bench cache prefix (Redis is shared with whatever else runs here).
  if (app?.cache?.kind === 'redis') {
    const keys = await app.cache.keys('').catch(() => []);
    if (keys.length) await app.cache.del(...keys).catch(() => undefined);
  }
  await Promise.allSettled([app?.close(), bare?.close()]);
}

async function start() {
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CAPTCHA_ENABLED: 'false',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
    REDIS_URL: process.env.BENCH_REDIS_URL || undefined,
    CACHE_PREFIX: 'aos-bench:',
    JWT_SECRET: process.env.BENCH_JWT_SECRET,
    ADMIN_PASSWORD: process.env.BENCH_ADMIN_PASSWORD,
    PASSWORD_HASH_COST: process.env.BENCH_HASH_COST,
  };
  const config = loadConfig(env);
  app = await buildApp({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await send({
    type: 'ready',
    port: app.server.address().port,
    database: app.database.kind,
    cache: app.cache.kind,
  });
}

async function startBare(body) {
  // The same JSON the platform answered, parsed once: Fastify serializes it per request as the app does its
  // envelope, so the comparison leaves only authentication, the principal lookup and the app's hooks.
  const payload = JSON.parse(body);
  bare = Fastify();
  bare.get('/bare', async () => payload);
  bare.get('/bare-page/:i', async (request) => replayPage(Number(request.params.i)));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  await send({ type: 'bare-ready', port: bare.server.address().port });
}

// ------------------------------------------------------------------------------------------ user seed

const TENANT_ID = '000000';
const BRANCHES = 10;
const TEAMS_PER_BRANCH = 10;
const INSERT_BATCH = 1000;
/** blade_role_scope.scope_category of a data scope; blade_scope_data.scope_type 4 = own dept and below */
const SCOPE_CATEGORY_DATA = 1;
const OWN_DEPT_AND_BELOW = 4;
const SCOPED_ACCOUNT = 'bench_scoped';

/**
 * Real names as people have them (pinyin, so the trigram index sees letters in any locale): a surname and a
 * given name. A run of 100 users (one per team) shares a surname, so each surname is held by 1 % of the users,
 * spread over every team: 10 per team, 100 per branch at 100,000 users. FILTER_SURNAMES (one per branch, the
 * name filter of the filtered pages) are no part of another surname.
 */
const FILTER_SURNAMES = ['Zhang', 'Huang', 'Zhao', 'Zhou', 'Yang', 'Wang', 'Song', 'Tang', 'Feng', 'Deng'];
const SURNAMES = [
  ...FILTER_SURNAMES,
  ...(
    'Li Liu Chen Wu Xu Sun Hu Zhu Gao Lin He Guo Ma Luo Liang Zheng Xie Han Cao Peng Xiao Tian Dong Pan Yuan ' +
    'Cai Jiang Yu Du Ye Wei Su Lu Ding Ren Shen Yao Jin Fu Qiu Qin Jia Xue Yan Lei Bai Long Duan Hao Kong Shao ' +
    'Shi Mao Chang Wan Gu Lai Wen Kang Qian Niu Hong Gong Tao Fan Mo Geng Ying Bao Hou Meng Qi Rui Xiong Nie ' +
    'Ning Ke Shu Ling Ai Zuo Mu Tong Ji'
  ).split(' '),
].slice(0, 100);
const GIVEN_NAMES = (
  'Wei Fang Na Min Jing Li Qiang Lei Jun Yang Yong Yan Jie Juan Tao Ming Chao Xiulan Xia Ping Gang Gui Hua ' +
  'Hui Jian Bo Yu Dan Lin Bin Hao Kai Xin Rui Ning Tian Yi Zhen Peng Xiang Long Cheng Feng'
).split(' ');
const realName = (i) =>
  `${SURNAMES[Math.floor(i / 100) % SURNAMES.length]} ${GIVEN_NAMES[i % GIVEN_NAMES.length]}`;

async function insertBatches(tx, table, rows) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await tx.insert(table).values(rows.slice(i, i + INSERT_BATCH));
  }
}

/**
 * The data of the user-page scenarios, in tenant 000000, written straight into the database (the services
 * would hash one password per user): a dept tree of 1 root, 10 branches and 10 teams per branch with
 * `ancestors` as DeptService writes them (the ids from the top down to the parent, starting with `0`);
 * `count` users spread evenly over the teams, holding the preset `user` role and sharing one password hash,
 * created a minute apart (so the page's order by create_time is not a tie); a role holding the `user` menu
 * (with its parent menus, as the grant dialog sends them) and a data-scope rule on resource `user` of type 4
 * (own dept and below) granted through blade_role_scope; and one user in the first branch holding that role.
 * The scoped user sees the branch and its teams: count / 10 users (rounded as spread) plus itself.
 */
async function seedUsers(count, password) {
  const started = Date.now();
  const { db } = app.database;
  const hash = await hashPassword(md5Hex(password), app.config.PASSWORD_HASH_COST);
  let scopedTotal = 0;
  let branchIds = [];
  await db.transaction(async (tx) => {
    const [userRole] = await tx
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, TENANT_ID), eq(role.roleAlias, 'user'), eq(role.isDeleted, 0)));
    if (!userRole) throw new Error(`tenant ${TENANT_ID} has no preset 'user' role`);

    // The dept tree.
    const root = { id: newId(), parentId: '0', ancestors: '0', deptName: 'Bench' };
    const branches = [];
    const teams = [];
    for (let b = 0; b < BRANCHES; b++) {
      const branch = {
        id: newId(),
        parentId: root.id,
        ancestors: `${root.ancestors},${root.id}`,
        deptName: `Bench branch ${b + 1}`,
      };
      branches.push(branch);
      for (let t = 0; t < TEAMS_PER_BRANCH; t++) {
        teams.push({
          id: newId(),
          parentId: branch.id,
          ancestors: `${branch.ancestors},${branch.id}`,
          deptName: `Bench team ${b + 1}.${t + 1}`,
          branch: b,
        });
      }
    }
    branchIds = branches.map((branch) => branch.id);
    const deptRows = [root, ...branches, ...teams].map(({ id, parentId, ancestors, deptName }, sort) => ({
      id,
      tenantId: TENANT_ID,
      parentId,
      ancestors,
      deptCategory: 1,
      deptName,
      fullName: deptName,
      sort: sort + 1,
    }));
    await tx.insert(dept).values(deptRows);

    // The users, newest first by index, one minute apart, round-robin over the teams.
    const now = Date.now();
    const userRows = [];
    for (let i = 0; i < count; i++) {
      const team = teams[i % teams.length];
      if (team.branch === 0) scopedTotal++;
      const number = String(i + 1).padStart(6, '0');
      const createTime = new Date(now - (i + 1) * 60_000);
      userRows.push({
        id: newId(),
        tenantId: TENANT_ID,
        account: `bench${number}`,
        password: hash,
        name: `bench${number}`,
        realName: realName(i),
        email: `bench${number}@example.com`,
        phone: `138${String(i + 1).padStart(8, '0')}`,
        sex: (i % 2) + 1,
        userType: 1,
        roleId: userRole.id,
        deptId: team.id,
        createTime,
        updateTime: createTime,
      });
    }
    await insertBatches(tx, user, userRows);

    // The scoped role: the `user` menu and the menus above it, and the data-scope rule on that menu.
    const menus = await tx
      .select({ id: menu.id, parentId: menu.parentId, code: menu.code })
      .from(menu)
      .where(eq(menu.isDeleted, 0));
    const byId = new Map(menus.map((row) => [row.id, row]));
    const userMenu = menus.find((row) => row.code === 'user');
    if (!userMenu) throw new Error("blade_menu has no live menu with code 'user'");
    const granted = [];
    for (let row = userMenu; row; row = byId.get(row.parentId)) granted.push(row.id);

    const roleId = newId();
    await tx.insert(role).values({
      id: roleId,
      tenantId: TENANT_ID,
      parentId: '0',
      roleName: 'Bench scoped',
      roleAlias: 'bench_scoped',
      sort: 100,
    });
    await tx.insert(roleMenu).values(granted.map((menuId) => ({ id: newId(), roleId, menuId })));
    const scopeId = newId();
    await tx.insert(scopeData).values({
      id: scopeId,
      menuId: userMenu.id,
      resourceCode: 'user',
      scopeName: 'Bench: own dept and below',
      scopeColumn: 'dept_id',
      scopeType: OWN_DEPT_AND_BELOW,
    });
    await tx.insert(roleScope).values({ id: newId(), scopeCategory: SCOPE_CATEGORY_DATA, scopeId, roleId });
    await tx.insert(user).values({
      id: newId(),
      tenantId: TENANT_ID,
      account: SCOPED_ACCOUNT,
      password: hash,
      name: SCOPED_ACCOUNT,
      realName: 'Bench scoped user',
      userType: 1,
      roleId,
      deptId: branches[0].id,
    });
    scopedTotal++;

    const inserted = await tx
      .select({ n: sql`count(*)::int` })
      .from(user)
      .where(
        and(
          eq(user.tenantId, TENANT_ID),
          inArray(
            user.deptId,
            teams.map((team) => team.id),
          ),
        ),
      );
    if (inserted[0]?.n !== count) throw new Error(`seeded ${inserted[0]?.n} users, expected ${count}`);
  });
  // Fresh statistics and visibility map, as a table that has been in use would have them, and no autovacuum
  // of the new rows in the middle of a measured run.
  for (const table of [
    'blade_user',
    'blade_dept',
    'blade_role_menu',
    'blade_role_scope',
    'blade_scope_data',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  await send({
    type: 'seeded',
    account: SCOPED_ACCOUNT,
    users: count,
    depts: 1 + BRANCHES + BRANCHES * TEAMS_PER_BRANCH,
    branches: branchIds,
    surnames: FILTER_SURNAMES,
    scopedTotal,
    millis: Date.now() - started,
  });
}

// ------------------------------------------------------------------------------- the bare user page

/**
 * The bare comparison of the user pages: the same SQL through the same pool, without the app. For each page
 * path the app is called once to warm its caches (the principal, the data scope), then twice more while every
 * query sent to the pool is recorded: the query object Drizzle built (with its row mode and type parsers) and
 * its values, grouped as the app ran them (a query that starts while another is in flight joins its group).
 * Two recordings in a row must send the same statements, which shows nothing else (a timer, a device
 * signing in) queried the pool meanwhile. The bare route `/bare-page/:i` runs page i's groups one after the other, each group's queries at
 * once, on `app.database.db.$client` (the app's pg pool), and answers the body the app answered.
 */
const recordedPages = [];

async function recordCall(pool, path, headers) {
  const query = pool.query;
  const groups = [];
  let inFlight = 0;
  pool.query = function recordingQuery(config, values, ...rest) {
    if (typeof config !== 'object' || typeof values === 'function')
      return query.call(this, config, values, ...rest);
    if (inFlight === 0) groups.push([]);
    groups.at(-1).push({ config, values });
    inFlight++;
    const settle = () => void inFlight--;
    const result = query.call(this, config, values, ...rest);
    result.then(settle, settle);
    return result;
  };
  try {
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200)
      throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return { groups, payload: response.json() };
  } finally {
    pool.query = query;
  }
}

const statements = (groups) =>
  groups.map((group) => group.map(({ config }) => config.text).join('\n')).join('\n--\n');

async function recordPages(paths, headers) {
  if (app.database.kind !== 'postgres')
    throw new Error('the bare user page needs PostgreSQL (--db postgres)');
  const pool = app.database.db.$client;
  for (const path of paths) {
    await app.inject({ method: 'GET', url: path, headers });
    // Something else may query the pool during a call (a device signing in): record until two agree.
    let previous = await recordCall(pool, path, headers);
    let current = await recordCall(pool, path, headers);
    for (let attempt = 0; statements(previous.groups) !== statements(current.groups); attempt++) {
      if (attempt === 5) {
        throw new Error(
          `${path}: the calls kept sending different statements:\n${statements(current.groups)}`,
        );
      }
      [previous, current] = [current, await recordCall(pool, path, headers)];
    }
    recordedPages.push(current);
  }
  const queries = recordedPages.map((page) => page.groups.flat().length);
  await send({
    type: 'recorded',
    queries: [Math.min(...queries), Math.max(...queries)],
    groups: recordedPages[0].groups.map((group) => group.length),
  });
}

async function replayPage(index) {
  const page = recordedPages[index];
  const pool = app.database.db.$client;
  for (const group of page.groups) {
    await Promise.all(group.map(({ config, values }) => pool.query(config, values)));
  }
  return page.payload;
}

process.on('message', (message) => {
  if (message?.type === 'bare') startBare(message.body).catch(fail);
  else if (message?.type === 'seed-users') seedUsers(message.count, message.password).catch(fail);
  else if (message?.type === 'record-pages') recordPages(message.paths, message.headers).catch(fail);
  else if (message?.type === 'usage') {
    const { user, system } = process.cpuUsage();
    send({ type: 'usage', micros: user + system });
  } else if (message?.type === 'close') {
    shutdown()
      .then(() => send({ type: 'closed' }))
      .then(() => process.exit(0), fail);
  }
});
// The parent went away without saying goodbye: do not linger.
process.on('disconnect', () => {
  shutdown().finally(() => process.exit(0));
});

start().catch(fail);
