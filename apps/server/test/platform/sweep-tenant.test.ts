import * as XLSX from '@e965/xlsx';
import { LANGUAGES, translate } from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, menu } from '../../src/db/schema/index.js';
import { isApiPath } from '../../src/plugins/auth.js';
import type { RouteEntry } from '../../src/plugins/types.js';
import { createTestApp, login } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { twoTenants } from '../tenants.js';
import {
  fingerprint,
  type Row,
  type Seeded,
  seedTenant,
  snapshot,
  TENANT_TABLES,
} from './sweep-tenant-seed.js';

/**
 * The cross-tenant sweep, generated from the route table: tenant A owns a row of every tenant-owned table
 * (every table of the schema with a `tenant_id` column, so a new area's table fails here until A gets one),
 * each text carrying A's marker. Tenant B's administrator, holding every grant a tenant can hold, calls every
 * API route with A's ids in every id and reference field the route's schema declares (path, query, body),
 * each field alone (the others B's own, so the call is otherwise valid) and all at once. No answer is a 5xx,
 * no successful answer carries A's marker or ids, A's rows are byte-for-byte what they were, and no row of B
 * refers to A's. `SWEEP_TENANT_REPORT=1` prints every call's answer (to see which check each call reached).
 */
const A = '810001';
const B = '810002';
const MARK_A = 'ZZAQX';
const MARK_B = 'ZZBQX';

let app: FastifyInstance;
let seeds: { a: Seeded; b: Seeded };
let before: Record<string, Row[]>;
let rowsOfB: Record<string, Row[]>;
let routes: RouteEntry[];
let tokenB: string;

beforeAll(async () => {
  app = await createTestApp();
  const { mine, theirs } = await twoTenants(app, { mine: A, theirs: B });
  seeds = { a: await seedTenant(app, mine, MARK_A), b: await seedTenant(app, theirs, MARK_B) };
  tokenB = theirs.token;
  before = await snapshot(app, A);
  rowsOfB = await snapshot(app, B);
  routes = app.routeTable.filter((route) => isApiPath(route.url) && route.method !== 'HEAD');
}, 300_000);
afterAll(async () => {
  await app?.close();
});

/** The field names of a route's zod schema part (params, querystring, body). */
function fieldsOf(part: unknown): string[] {
  let schema = part as { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined;
  for (let depth = 0; schema && !schema.shape && depth < 8; depth++) {
    const def = schema.def ?? {};
    schema = (def.innerType ?? def.in ?? def.schema ?? def.left) as typeof schema;
  }
  return schema?.shape ? Object.keys(schema.shape) : [];
}

/** Whether a field of a route's zod schema part takes text (optional, defaulted and piped schemas unwrapped). */
function isText(part: unknown, field: string): boolean {
  let schema = part as { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined;
  for (let depth = 0; schema && !schema.shape && depth < 8; depth++) {
    const def = schema.def ?? {};
    schema = (def.innerType ?? def.in ?? def.schema ?? def.left) as typeof schema;
  }
  let value = schema?.shape?.[field] as { def?: Record<string, unknown> } | undefined;
  for (let depth = 0; value && depth < 8; depth++) {
    const def = value.def ?? {};
    if (def.type === 'string') return true;
    value = (def.innerType ?? def.in ?? def.schema) as typeof value;
  }
  return false;
}
/** Query fields of every page: not filters naming anything. */
const PAGING = new Set(['current', 'size', 'ascs', 'descs', 'createTimeBegin', 'createTimeEnd']);

/** Which table a route's own `id`, `ids` and `parentId` name, by its path. */
const ROUTE_TABLES: Array<[RegExp, string]> = [
  [/\/operatorTaskNotice/, 'aos_task_notice'],
  [/\/taskextra\/executionDetails/, 'aos_task_execution'],
  [/\/cloud-task\/(project-task|mission-plan|taskextra|uver\/task)\//, 'aos_task'],
  [/\/manufacturer\//, 'aos_brand'],
  [/\/supplier-config\//, 'aos_supplier_config'],
  [/\/equipment-management\/|\/equipment-manager\//, 'aos_device'],
  [/\/uavhangar\/|\/hangarbasicset\//, 'aos_dock'],
  [/\/fly-operator\//, 'aos_fly_operator'],
  [/\/notice\//, 'blade_notice'],
  [/\/basestation\//, 'aos_base_station'],
  [/\/airspace\//, 'aos_airspace'],
  [/\/civilairport\//, 'aos_civil_airport'],
  [/\/uavairport\//, 'aos_uav_airport'],
  [/\/mapdir\/|\/group_element\//, 'aos_map_dir'],
  [/\/mapmark(point|line|polygon)?\/|\/element\//, 'aos_map_mark'],
  [/\/aos-gisservice\/oil[a-z]+\//, 'aos_oil_feature'],
  [/\/inspectionobject\//, 'aos_inspection_object'],
  [/\/noflyzone\//, 'aos_nofly_zone'],
  [/\/flyzone\//, 'aos_fly_zone'],
  [/\/electronicfence\//, 'aos_fence'],
  [/\/routemanageline\//, 'aos_route_line'],
  [/\/recordtask\//, 'aos_route_record_task'],
  [/\/project-management\//, 'aos_project'],
  [/\/projectauth\//, 'aos_project_auth'],
  // bind-machine and unbind-machine: `ids` are the machines (the seed binds a dock)
  [/\/item-manager-config\//, 'aos_dock'],
  [/\/blade-log\/usual\//, 'blade_log_usual'],
  [/\/blade-log\/api\//, 'blade_log_api'],
  [/\/blade-log\/error\//, 'blade_log_error'],
  [/\/sms\/outbox\//, 'blade_sms_outbox'],
  [/\/oss\//, 'blade_oss'],
  [/\/sms\//, 'blade_sms'],
  [/\/attach\//, 'blade_attach'],
  [/\/topmenu\/|top-tree/, 'blade_top_menu'],
  [/\/role\/|role-tree/, 'blade_role'],
  [/\/dict-biz\//, 'blade_dict_biz'],
  [/\/post\//, 'blade_post'],
  [/\/dept\//, 'blade_dept'],
  [/\/tenant\//, 'blade_tenant'],
  [/\/state-log-message\/|\/uavDataModel\//, 'aos_flight_track'],
];
/** The table a reference field names, by the field's stem (`deptId`, `droneIds` → dept, drone). */
/** The answer to a call whose tenant's enabled object store cannot be reached, in both languages. */
const STORE_FAILED = LANGUAGES.map((language) =>
  translate(language, 'resource.storeFailed').split('{store}'),
);

const FIELD_TABLES: Record<string, string> = {
  dept: 'blade_dept',
  role: 'blade_role',
  post: 'blade_post',
  user: 'blade_user',
  manager: 'blade_user',
  manufacturer: 'aos_brand',
  drone: 'aos_device',
  payload: 'aos_device',
  datalink: 'aos_device',
  aircraft: 'aos_device',
  device: 'aos_device',
  hangar: 'aos_dock',
  dock: 'aos_dock',
  topMenu: 'blade_top_menu',
  oss: 'blade_oss',
  sms: 'blade_sms',
  attach: 'blade_attach',
  notice: 'blade_notice',
  brand: 'aos_brand',
  uavAirport: 'aos_uav_airport',
  dir: 'aos_map_dir',
  project: 'aos_project',
  leader: 'blade_user',
  member: 'blade_user',
  dataLink: 'aos_device',
  operator: 'blade_user',
  route: 'aos_route_line',
  task: 'aos_task',
  execution: 'aos_task_execution',
};
/** Reference fields naming platform-wide rows (menus, scopes, data sources): no tenant's ids to put there. */
const PLATFORM_REFERENCES = new Set(['menuId', 'menuIds', 'dataScopeIds', 'apiScopeIds', 'datasourceId']);
/**
 * Fields named like references that hold a text of the caller's own (a storage app id, an SMS template and
 * region, a catalog model id, an OAuth client and its resources, a log's service and event names), not a
 * row's id.
 */
const NOT_REFERENCES = new Set([
  'appId',
  'templateId',
  'regionId',
  'modelId',
  'clientId',
  'resourceIds',
  'serviceId',
  'logId',
  // catalogue keys of the route area: aircraft and payload models, cameras
  'aircraftModelId',
  'payloadModelId',
  'cameraId',
  // report templates are not built yet: the project area refuses any id in it
  'reportTemplateId',
]);
/** Reference fields the sweep met that it cannot place: each must be named in FIELD_TABLES or above. */
const unplaced = new Set<string>();

/** Routes of platform-wide rows (no tenant's ids to put in their `id`), and the user routes. */
const PLATFORM_ROUTES = /\/blade-system\/(menu|data-scope|scope|api-scope|dict|param|region|client)\//;
const USER_ROUTES = /\/blade-user\/|\/cloud-user\/status$|\/sms\/endpoint\/validate-message$/;

/** The table of a route's own rows; a route of no known table is reported (its ids are then A's users'). */
function tableOfRoute(url: string): string {
  const found = ROUTE_TABLES.find(([pattern]) => pattern.test(url))?.[1];
  if (found) return found;
  if (!PLATFORM_ROUTES.test(url) && !USER_ROUTES.test(url))
    unplaced.add(`id (${url}): name its table in ROUTE_TABLES`);
  return 'blade_user';
}
const isListField = (field: string) => /(^ids|Ids)$/.test(field);

interface Side {
  tenantId: string;
  seed: Seeded;
  rows: Record<string, Row[]>;
}

/**
 * The side's row of `table` it seeded (its text carries the marker), else its first; of a tree, a row below
 * another of its rows (the team under the department, the entry of the dictionary), as the last seeding call
 * of the table made it, so a route's seeding payload and its id describe the same row.
 */
function ownRow(side: Side, table: string): Row | undefined {
  const rows = side.rows[table] ?? [];
  const marked = rows.filter((row) => JSON.stringify(row).includes(side.seed.mark));
  return marked.find((row) => row.parentId !== undefined && row.parentId !== '0') ?? marked[0] ?? rows[0];
}

/** The device a field names: the payload for `payloadIds`, the data link for `datalinkId`, else the drone (the dock holds it, it has a flight). */
function deviceRow(side: Side, field: string): Row | undefined {
  const rows = side.rows.aos_device ?? [];
  if (field === 'payloadIds') return rows.find((row) => row.type === 2);
  if (field === 'datalinkId') return rows.find((row) => row.type === 3);
  return rows.find((row) => row.serialNumber === side.seed.droneSn);
}

/**
 * What `side` puts in `field` of `route`: an id (or ids, `all` of them for a list) of its own row of the
 * right kind, its tenant id, serial numbers, track id or dictionary code; undefined for a field that names
 * no tenant's row.
 */
function valueFor(side: Side, route: RouteEntry, field: string, all: boolean): string | undefined {
  if (PLATFORM_REFERENCES.has(field) || NOT_REFERENCES.has(field)) return undefined;
  if (field === 'tenantId') return side.tenantId;
  if (field === 'serialNumber')
    return /uavhangar|hangar/i.test(route.url) ? side.seed.dockSn : side.seed.droneSn;
  if (field === 'hangarSerialNumber') return side.seed.dockSn;
  if (field === 'trackId') return side.seed.trackId;
  if (field === 'code' && route.url.includes('/dict-biz/')) return side.seed.dictCode;
  let table: string | undefined;
  if (field === 'id' || field === 'ids' || field === 'parentId') table = tableOfRoute(route.url);
  else {
    const stem = /^(\w+?)Ids?$/.exec(field)?.[1];
    if (!stem) return undefined;
    table = FIELD_TABLES[stem];
    if (!table) {
      unplaced.add(`${field} (${route.method} ${route.url})`);
      table = tableOfRoute(route.url);
    }
  }
  if (field === 'parentId' && !/dept|role|dict_biz|map_dir/.test(table)) return undefined;
  if (all && isListField(field)) {
    const ids = (side.rows[table] ?? []).map((row) => String(row.id));
    return ids.length ? ids.join(',') : undefined;
  }
  const row = table === 'aos_device' ? deviceRow(side, field) : ownRow(side, table);
  return row ? String(row.id) : undefined;
}

/** Routes answering the same calls under a second path (the Saber console's): their payloads are the first's. */
const ALIASES: Record<string, string> = {
  '/api/equipment-manager': '/api/cloud-equipment/equipment-management',
};

/** The body (or query) B sent for this route when it seeded its own rows, or its sibling add/submit's. */
function basePayload(route: RouteEntry, takesBody: boolean): Row {
  const { payloads } = seeds.b;
  let folder = route.url.slice(0, route.url.lastIndexOf('/'));
  folder = ALIASES[folder] ?? folder;
  const own = payloads.get(`${route.method} ${folder}${route.url.slice(route.url.lastIndexOf('/'))}`);
  if (own) return own;
  if (!takesBody) return {};
  for (const sibling of ['POST add', 'POST submit', 'PUT update']) {
    const [method, verb] = sibling.split(' ');
    const found = payloads.get(`${method} ${folder}/${verb}`);
    if (found) return found;
  }
  return {};
}

/**
 * Values that make a call valid besides its references, for fields no seeding payload gives: the control
 * routes' actions, a flag's value, a new name.
 */
function extraValue(route: RouteEntry, field: string): unknown {
  switch (field) {
    case 'action':
      if (route.url.endsWith('/uavControl')) return 'return_home';
      if (route.url.endsWith('/podControl')) return 'photo';
      return 'debug_mode_open';
    case 'visible':
    case 'status':
    case 'userType':
    case 'noFlyAuthority':
      return 1;
    case 'originalName':
      return `${MARK_B}-renamed.json`;
    case 'parentKey':
      return '-1';
    default:
      return undefined;
  }
}

let serial = 0;
/** B's own texts made unique per call, so a unique code or serial number B already has is no obstacle. */
function fresh(payload: Row, references: Set<string>): Row {
  const n = ++serial;
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      typeof value === 'string' && !references.has(key)
        ? value.replaceAll(MARK_B, `ZB${n}X`).replaceAll(MARK_B.toLowerCase(), `zb${n}x`)
        : value,
    ]),
  );
}

const OWN = 'B’s own';

interface Variant {
  name: string;
  query: Row;
  body: Row | undefined;
}

/** The calls B makes to one route: each reference field alone with A's ids, then all of them. */
function variants(route: RouteEntry, a: Side, b: Side): Variant[] {
  const params = fieldsOf(route.schema?.params);
  const queryFields = fieldsOf(route.schema?.querystring);
  const bodyFields = fieldsOf(route.schema?.body);
  for (const part of ['params', 'querystring', 'body'] as const) {
    // a schema the sweep cannot read would leave its fields unswept
    if (route.schema?.[part] && !fieldsOf(route.schema[part]).length) {
      unplaced.add(`${part} of ${route.method} ${route.url}: a schema whose fields the sweep cannot read`);
    }
  }
  const takesBody = !['GET', 'DELETE'].includes(route.method);
  const all = [...new Set([...params, ...queryFields, ...bodyFields])];
  const base: Row = { ...basePayload(route, takesBody && bodyFields.length > 0) };
  for (const field of all) {
    const extra = extraValue(route, field);
    if (base[field] === undefined && extra !== undefined) base[field] = extra;
  }
  const references = new Set(all.filter((field) => valueFor(a, route, field, false) !== undefined));
  const shaped = (field: string, value: string) => (Array.isArray(base[field]) ? value.split(',') : value);

  const make = (name: string, values: Row, drop: string[] = []): Variant => {
    const merged: Row = { ...fresh(base, references), ...values };
    for (const field of drop) delete merged[field];
    const query: Row = {};
    const body: Row = {};
    for (const [field, value] of Object.entries(merged)) {
      if (value === undefined) continue;
      if (queryFields.includes(field) || params.includes(field) || !takesBody) query[field] = value;
      if (bodyFields.includes(field) && takesBody) body[field] = value;
    }
    return { name, query, body: takesBody ? body : undefined };
  };
  const own: Row = Object.fromEntries(
    [...references].map((field) => [field, valueFor(b, route, field, false)]),
  );
  // B's own parent is its row's parent (a row cannot be its own parent); a serial number in a body is a new
  // one (B's own is registered already, and a second registration would stop there)
  if ('parentId' in own) own.parentId = ownRow(b, tableOfRoute(route.url))?.parentId ?? '0';
  if (bodyFields.includes('serialNumber') && takesBody) own.serialNumber = `ZB${++serial}SN`;
  const out: Variant[] = [make(OWN, own)];
  for (const field of references) {
    const theirs = shaped(field, valueFor(a, route, field, true)!);
    out.push(make(`${field} of A`, { ...own, [field]: theirs }));
    if (field !== 'id' && references.has('id'))
      out.push(make(`${field} of A, no id`, { ...own, [field]: theirs }, ['id']));
    if (isListField(field) && own[field]) {
      out.push(make(`${field} of B and A`, { ...own, [field]: shaped(field, `${own[field]},${theirs}`) }));
    }
  }
  // the text filters, each naming A's rows by their texts (a filter that reached across tenants would find them)
  const filters = queryFields.filter(
    (field) => !references.has(field) && !PAGING.has(field) && isText(route.schema?.querystring, field),
  );
  if (filters.length && route.method === 'GET') {
    out.push(
      make('filters naming A', { ...own, ...Object.fromEntries(filters.map((field) => [field, MARK_A])) }),
    );
  }
  if (references.size > 1) {
    out.push(
      make(
        'every reference of A',
        Object.fromEntries(
          [...references].map((field) => [field, shaped(field, valueFor(a, route, field, true)!)]),
        ),
      ),
    );
  }
  return out;
}

function request(route: RouteEntry, variant: Variant): InjectOptions {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => String(variant.query[name] ?? '1'));
  const query = Object.entries(variant.query).filter(([name]) => !route.url.includes(`:${name}`));
  const search = new URLSearchParams(
    query.map(([name, value]): [string, string] => [
      name,
      Array.isArray(value) ? value.join(',') : String(value),
    ]),
  );
  return {
    method: route.method as InjectOptions['method'],
    url: search.size ? `${path}?${search}` : path,
    headers: { 'blade-auth': `bearer ${tokenB}`, 'accept-language': 'en-US' },
    ...(variant.body ? { payload: variant.body } : {}),
  };
}

/** Signing out, cancelling the account and changing the password end B's session: they go last. */
const ENDS_SESSION = /\/oauth\/logout$|\/cancellation$|\/update-password$/;
const order = (route: RouteEntry) =>
  route.url.endsWith('/cancellation')
    ? 3
    : ENDS_SESSION.test(route.url)
      ? 2
      : /remove$/.test(route.url)
        ? 1
        : 0;

/** The ids of A's rows, and A's tenant id, as they could appear in an answer. */
function idsOf(rows: Record<string, Row[]>): Set<string> {
  const ids = new Set<string>();
  for (const list of Object.values(rows)) for (const row of list) ids.add(String(row.id));
  return ids;
}
const longNumbers = (text: string) => text.match(/\d{15,20}/g) ?? [];

/** An answer as text: a spreadsheet (the user export) as the CSV of each of its sheets. */
function readable(response: LightMyRequestResponse): string {
  if (!String(response.headers['content-type'] ?? '').includes('spreadsheet')) return response.body;
  const book = XLSX.read(response.rawPayload, { type: 'buffer' });
  return book.SheetNames.map((name) => XLSX.utils.sheet_to_csv(book.Sheets[name]!)).join('\n');
}

/**
 * An answer without the requests B's own logs recorded (their parameters and paths hold what B sent, A's ids
 * included): what is left must not name A.
 */
function withoutRecordedRequests(route: RouteEntry, body: string): string {
  if (!route.url.startsWith('/api/blade-log/')) return body;
  return JSON.stringify(JSON.parse(body), (key, value: unknown) =>
    key === 'params' || key === 'requestUri' ? undefined : value,
  );
}

describe('every API route, called by another tenant with this tenant’s ids', () => {
  it('has a row of tenant A in every tenant-owned table (a new table fails until A gets one)', () => {
    expect(TENANT_TABLES.length).toBeGreaterThan(20);
    const empty = TENANT_TABLES.filter((table) => !before[table]?.length);
    expect(empty, 'tenant-owned tables without a row of A').toEqual([]);
    const owned = TENANT_TABLES.filter((table) => !rowsOfB[table]?.length);
    expect(owned, 'tenant-owned tables without a row of B').toEqual([]);
  });

  it('refuses every call or answers without A’s data, never a 5xx; A’s rows stay as they were', async () => {
    const a: Side = { tenantId: A, seed: seeds.a, rows: before };
    const b: Side = { tenantId: B, seed: seeds.b, rows: rowsOfB };
    const idsOfA = idsOf(before);
    const failures: string[] = [];
    const called = new Set<string>();
    /** routes whose answer named B's own rows: the detector reads what would name A's (spreadsheets too) */
    const namingB = new Set<string>();
    const statuses = new Map<string, string[]>();
    /** routes refused to B's administrator (403): swept again with every code forged into B's grants */
    const forbidden = new Set<RouteEntry>();
    const sweep = async (route: RouteEntry, pass: string) => {
      const key = `${route.method} ${route.url}`;
      for (const variant of variants(route, a, b)) {
        // a refused call changes nothing, not even the caller's own rows named beside A's
        const writes = route.method !== 'GET' && variant.name !== OWN;
        const ownBefore = writes ? await fingerprint(app, B) : '';
        const response = await app.inject(request(route, variant));
        called.add(key);
        if (response.statusCode === 403) forbidden.add(route);
        statuses.set(key, [
          ...(statuses.get(key) ?? []),
          `${pass}${response.statusCode} ${variant.name}: ${response.body.slice(0, 160)}`,
        ]);
        const label = `${pass}${key} (${variant.name}) ${JSON.stringify(variant.query)} ${JSON.stringify(variant.body ?? '')}`;
        // B's own device answering through the device link (none in tests: 503) is the documented answer
        const ownDevice = variant.name === OWN && [502, 503, 504].includes(response.statusCode);
        // so is B's own call through B's own enabled object store when the sweep has just enabled B's
        // unreachable S3 configuration (oss/enable): a 500 `resource.storeFailed` naming the bucket, cause in
        // the error log
        const msg = response.statusCode === 500 ? (response.json().msg as string) : '';
        const ownStore =
          variant.name === OWN &&
          STORE_FAILED.some(([head = '', tail = '']) => msg.startsWith(head) && msg.endsWith(tail));
        if (response.statusCode >= 500 && !ownDevice && !ownStore)
          failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (response.statusCode < 300) {
          const body = withoutRecordedRequests(route, readable(response));
          const leaked = [
            ...(new RegExp(MARK_A, 'i').test(body) ? [MARK_A] : []),
            ...(body.includes(`"${A}"`) ? [A] : []),
            ...longNumbers(body).filter((id) => idsOfA.has(id)),
          ];
          if (/ZZBQX|ZB\d+X/i.test(body)) namingB.add(key);
          if (leaked.length)
            failures.push(
              `${label}: ${response.statusCode} names A's ${leaked.join(', ')}: ${body.slice(0, 300)}`,
            );
        }
        if (writes && response.statusCode >= 400) {
          const ownAfter = await fingerprint(app, B);
          if (ownAfter !== ownBefore)
            failures.push(`${label}: refused (${response.statusCode}) yet changed B's rows`);
        }
        if (ENDS_SESSION.test(route.url)) tokenB = (await login(app, B)).access_token;
      }
    };
    const sorted = [...routes].sort((x, y) => order(x) - order(y));
    const sessionEnding = sorted.filter((route) => order(route) >= 2);
    for (const route of sorted.filter((route) => order(route) < 2)) await sweep(route, '');
    // Defence in depth: what only the platform tenant may do (tenants, clients, the SMS outbox...) stays
    // refused, or blind to A, for a user of B whose role was forged to hold every code there is.
    const codes = (await app.database.db.select({ code: menu.code }).from(menu)).map((row) => row.code);
    const admin = tokenB;
    tokenB = await signInWithGrants(app, B, 'sweep-forged', codes);
    expect(forbidden.size).toBeGreaterThan(5);
    for (const route of [...forbidden]) await sweep(route, 'forged: ');
    tokenB = admin;
    for (const route of sessionEnding) await sweep(route, '');
    if (process.env.SWEEP_TENANT_REPORT) {
      console.log([...statuses].map(([key, codes]) => `${key}:\n  ${codes.join('\n  ')}`).join('\n'));
    }
    expect(routes.filter((route) => !called.has(`${route.method} ${route.url}`))).toEqual([]);
    expect([...unplaced], 'reference fields of no known table: name them in FIELD_TABLES').toEqual([]);
    expect(namingB).toContain('GET /api/blade-user/export-user');
    expect(namingB.size).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  }, 300_000);

  it('leaves every row of A byte for byte as it was, and no row of B refers to A', async () => {
    const after = await snapshot(app, A);
    const changed: string[] = [];
    for (const table of Object.keys(before)) {
      const then = new Map(before[table]!.map((row) => [String(row.id), JSON.stringify(row)]));
      const now = new Map(after[table]!.map((row) => [String(row.id), JSON.stringify(row)]));
      for (const [id, row] of then) {
        if (now.get(id) !== row) changed.push(`${table} ${id}: ${row} → ${now.get(id) ?? 'gone'}`);
      }
      for (const [id, row] of now) if (!then.has(id)) changed.push(`${table} ${id}: new ${row}`);
    }
    expect(changed).toEqual([]);

    const idsOfA = idsOf(before);
    const ofB = await snapshot(app, B);
    const referring: string[] = [];
    for (const [table, rows] of Object.entries(ofB)) {
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          // a log records the request as B sent it, A's ids included: a record of the attempt, not a reference
          if (table.startsWith('blade_log_') && (column === 'params' || column === 'requestUri')) continue;
          const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
          const found = longNumbers(text).filter((id) => idsOfA.has(id));
          if (found.length || new RegExp(MARK_A, 'i').test(text) || text === A) {
            referring.push(`${table} ${String(row.id)} ${column} = ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(referring).toEqual([]);

    // the digest that proves a refused call changed none of B's rows sees a change of one
    const digest = await fingerprint(app, B);
    await app.database.db.update(dept).set({ remark: 'ZB-changed' }).where(eq(dept.tenantId, B));
    expect(await fingerprint(app, B)).not.toBe(digest);
  });
});
