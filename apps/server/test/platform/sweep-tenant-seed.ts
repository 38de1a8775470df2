import { and, eq, getTableColumns, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { OIL_LAYERS } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import * as schema from '../../src/db/schema/index.js';
import { platformCtx } from '../../src/lib/context.js';
import { newId } from '../../src/lib/ids.js';
import { md5Hex } from '../../src/lib/password.js';
import { ADMIN_PASSWORD, multipartForm } from '../helper.js';
import type { TenantSide } from '../tenants.js';

/**
 * The rows of the tenant sweep (sweep-tenant.test.ts): one tenant's row of every tenant-owned resource, made
 * through the API where the API makes them (and written as the server writes them where only the server
 * does: the error log, telemetry samples and flights), every text field carrying the tenant's marker.
 */

export type Row = Record<string, unknown>;
type AnyTable = PgTable & Record<string, unknown>;

/** Every table of the schema by its SQL name. */
export const TABLES: Map<string, AnyTable> = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is AnyTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);

/** The tenant-owned tables: every table of the schema with a `tenant_id` column. */
export const TENANT_TABLES: string[] = [...TABLES]
  .filter(([, table]) => Object.values(getTableColumns(table)).some((column) => column.name === 'tenant_id'))
  .map(([name]) => name)
  .sort();

/**
 * Link tables without a tenant column whose rows belong to a tenant through a tenant-owned row (a role's
 * grants, a top menu's menus): snapshotted with their owner's rows. Column (in the link table) → owner table.
 */
export const LINK_TABLES: Record<string, { column: string; owner: string }> = {
  blade_role_menu: { column: 'roleId', owner: 'blade_role' },
  blade_role_scope: { column: 'roleId', owner: 'blade_role' },
  blade_top_menu_setting: { column: 'topMenuId', owner: 'blade_top_menu' },
};

/**
 * Tables a refused call may still add to: the logs that record the call itself, the sign-in records and
 * telemetry (written by the server, not by a request).
 */
export const RECORD_TABLES = new Set([
  'blade_log_api',
  'blade_log_usual',
  'blade_log_error',
  'blade_login_log',
  'blade_refresh_token',
  'aos_telemetry_sample',
  'aos_flight_track',
]);

/**
 * A digest of every row of `tenantId` in the tables a request writes (not RECORD_TABLES), link rows
 * included, in one statement: equal digests, equal rows.
 */
export async function fingerprint(app: FastifyInstance, tenantId: string): Promise<string> {
  if (!/^\w+$/.test(tenantId)) throw new Error(`not a tenant id: ${tenantId}`);
  const digest = (name: string, where: string) =>
    `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as digest ` +
    `from ${name} t where ${where}`;
  const parts = TENANT_TABLES.filter((name) => !RECORD_TABLES.has(name)).map((name) =>
    digest(name, `t.tenant_id = '${tenantId}'`),
  );
  for (const [name, link] of Object.entries(LINK_TABLES)) {
    const column = getTableColumns(TABLES.get(name)!)[link.column]!.name;
    parts.push(digest(name, `t.${column} in (select id from ${link.owner} where tenant_id = '${tenantId}')`));
  }
  const result = (await app.database.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: Array<{ name: string; digest: string }>;
  };
  return result.rows.map((row) => `${row.name} ${row.digest}`).join('\n');
}

/** Every row of `tenantId` in every tenant-owned table (and their link rows), ordered by id. */
export async function snapshot(app: FastifyInstance, tenantId: string): Promise<Record<string, Row[]>> {
  await app.services.logs.flush();
  const db = app.database.db;
  const rows: Record<string, Row[]> = {};
  for (const name of TENANT_TABLES) {
    const table = TABLES.get(name)!;
    const found = (await db
      .select()
      .from(table)
      .where(eq(table.tenantId as never, tenantId))) as Row[];
    rows[name] = found.sort((x, y) => String(x.id).localeCompare(String(y.id)));
  }
  for (const [name, link] of Object.entries(LINK_TABLES)) {
    const table = TABLES.get(name)!;
    const owners = rows[link.owner]!.map((row) => String(row.id));
    const found = owners.length
      ? ((await db
          .select()
          .from(table)
          .where(inArray(table[link.column] as never, owners))) as Row[])
      : [];
    rows[name] = found.sort((x, y) => String(x.id).localeCompare(String(y.id)));
  }
  return rows;
}

export interface Seeded {
  /** the tenant's marker, in every text field of its seeded rows */
  mark: string;
  /** the body (or query) each seeding call sent, by `METHOD url` */
  payloads: Map<string, Row>;
  /** serial numbers of the tenant's drone and dock, its flight's track id, its business dictionary's code */
  droneSn: string;
  dockSn: string;
  trackId: string;
  dictCode: string;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** One tenant's rows of every resource, made by its administrator `side`; `mark` starts every text. */
export async function seedTenant(app: FastifyInstance, side: TenantSide, mark: string): Promise<Seeded> {
  const db = app.database.db;
  const payloads = new Map<string, Row>();
  const lower = mark.toLowerCase();
  /** one phone per tenant: SMS codes to one phone are rate limited */
  const phone = `1380013${side.tenantId.slice(-4)}`;

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Row): Promise<Row> {
    const [path] = url.split('?');
    // the last call of a route is its fullest (the drone after the payload, the team with its manager)
    if (payload) payloads.set(`${method} ${path}`, payload);
    if (!payload && url.includes('?')) {
      payloads.set(`${method} ${path}`, Object.fromEntries(new URLSearchParams(url.split('?')[1])));
    }
    const response = await side.send(method, url, payload);
    if (response.statusCode !== 200) {
      throw new Error(
        `seeding ${side.tenantId}: ${method} ${url} answered ${response.statusCode} ${response.body}`,
      );
    }
    return response.json() as Row;
  }
  /** The id of the tenant's row of `table` whose `column` is `value`. */
  async function idOf(name: string, column: string, value: string): Promise<string> {
    const table = TABLES.get(name)!;
    const [row] = (await db
      .select()
      .from(table)
      .where(and(eq(table.tenantId as never, side.tenantId), eq(table[column] as never, value)))) as Row[];
    if (!row) throw new Error(`seeding ${side.tenantId}: no ${name} row with ${column} = ${value}`);
    return String(row.id);
  }

  // organisation
  const [root] = (await call('GET', '/api/blade-system/dept/tree')).data as Row[];
  await call('POST', '/api/blade-system/dept/submit', {
    parentId: root!.id,
    deptName: `${mark}-dept`,
    fullName: `${mark}-dept-full`,
    deptCategory: 1,
    sort: 1,
    remark: `${mark}-remark`,
  });
  const dept = await idOf('blade_dept', 'deptName', `${mark}-dept`);
  await call('POST', '/api/blade-system/post/submit', {
    category: 1,
    postCode: `${mark}-post`,
    postName: `${mark}-post`,
    sort: 1,
    remark: `${mark}-remark`,
  });
  const post = await idOf('blade_post', 'postCode', `${mark}-post`);
  await call('POST', '/api/blade-system/role/submit', {
    parentId: '0',
    roleName: `${mark}-role`,
    roleAlias: `${mark}-role`,
    sort: 1,
  });
  const role = await idOf('blade_role', 'roleName', `${mark}-role`);
  const menus = (
    await db
      .select({ id: schema.menu.id })
      .from(schema.menu)
      .where(inArray(schema.menu.code, ['dept', 'post', 'notice']))
  ).map((row) => row.id);
  await call('POST', '/api/blade-system/role/grant', {
    roleIds: [role],
    menuIds: menus,
    dataScopeIds: [],
    apiScopeIds: [],
  });
  await call('POST', '/api/blade-user/submit', {
    account: `${lower}-user`,
    name: `${mark}-user`,
    realName: `${mark}-real`,
    code: `${mark}-c`,
    email: `${lower}@example.com`,
    phone,
    sex: 1,
    birthday: '1990-01-01',
    education: `${mark}-edu`,
    roleId: role,
    deptId: dept,
    postId: post,
    userType: 1,
    password: md5Hex(ADMIN_PASSWORD),
    password2: md5Hex(ADMIN_PASSWORD),
  });
  const user = await idOf('blade_user', 'account', `${lower}-user`);
  await call('POST', '/api/blade-system/dept/submit', {
    parentId: dept,
    deptName: `${mark}-team`,
    fullName: `${mark}-team-full`,
    deptCategory: 2,
    sort: 2,
    managerId: user,
    remark: `${mark}-remark`,
  });
  await call('POST', '/api/blade-system/topmenu/submit', {
    code: `${mark}-top`,
    name: `${mark}-top`,
    nameEn: `${mark}-top-en`,
    source: `${mark}-icon`,
    path: `/${lower}`,
    sort: 1,
  });
  const topMenu = await idOf('blade_top_menu', 'code', `${mark}-top`);
  await call('POST', '/api/blade-system/topmenu/grant', { topMenuIds: [topMenu], menuIds: menus });

  // dictionaries, notices
  // a code, not a row: B may use the same code for its own dictionary, so it carries no marker
  const dictCode = `dict_${side.tenantId}`;
  await call('POST', '/api/blade-system/dict-biz/submit', {
    parentId: '0',
    code: dictCode,
    dictKey: '-1',
    dictValue: `${mark}-dict`,
    dictValueEn: `${mark}-dict-en`,
    sort: 1,
    isSealed: 0,
    remark: `${mark}-remark`,
  });
  const dict = await idOf('blade_dict_biz', 'dictValue', `${mark}-dict`);
  await call('POST', '/api/blade-system/dict-biz/submit', {
    parentId: dict,
    code: dictCode,
    dictKey: '1',
    dictValue: `${mark}-entry`,
    dictValueEn: `${mark}-entry-en`,
    sort: 1,
    isSealed: 0,
    remark: `${mark}-remark`,
  });
  await call('POST', '/api/blade-desk/notice/submit', {
    title: `${mark}-notice`,
    category: 1,
    releaseTime: '2026-01-01 08:00:00',
    content: `${mark}-content`,
  });

  // resources: storage, SMS, a file
  await call('POST', '/api/blade-resource/oss/submit', {
    category: 0,
    ossCode: `${mark}-oss`,
    remark: `${mark}-remark`,
  });
  const oss = await idOf('blade_oss', 'ossCode', `${mark}-oss`);
  await call('POST', `/api/blade-resource/oss/enable?id=${oss}`);
  // an S3-compatible configuration (not enabled: uploads stay on the disk) keeps a version of its location
  await call('POST', '/api/blade-resource/oss/submit', {
    category: 1,
    ossCode: `${mark}-minio`,
    endpoint: 'https://minio.example.com',
    accessKey: `${mark}-access`,
    secretKey: `${mark}-secret`,
    bucketName: `${lower}-bucket`,
    region: `${lower}-region`,
    remark: `${mark}-remark`,
  });
  await call('POST', '/api/blade-resource/sms/submit', {
    category: 0,
    smsCode: `${mark}-sms`,
    templateId: `${mark}-tpl`,
    signName: `${mark}-sign`,
    remark: `${mark}-remark`,
  });
  const sms = await idOf('blade_sms', 'smsCode', `${mark}-sms`);
  await call('POST', `/api/blade-resource/sms/enable?id=${sms}`);
  await call('POST', `/api/blade-resource/sms/endpoint/send-validate?phone=${phone}`);
  const form = await multipartForm([
    { name: 'file', filename: `${mark}-file.json`, type: 'application/json', content: `{"mark":"${mark}"}` },
  ]);
  const uploaded = await side.post('/api/blade-resource/oss/endpoint/upload-file', form);
  if (uploaded.statusCode !== 200) throw new Error(`seeding ${side.tenantId}: upload ${uploaded.body}`);

  // fleet
  await call('POST', '/api/cloud-equipment/supplier-config/add', {
    name: `${mark}-supplier`,
    code: `${mark}-sup`,
    baseUrl: 'https://fh.dji.com/openapi',
    appKey: `${mark}-key`,
    appSecret: `${mark}-secret`,
    remark: `${mark}-remark`,
  });
  await call('POST', '/api/cloud-equipment/manufacturer/add', {
    name: `${mark}-brand`,
    code: `${mark}-brand`,
    type: 1,
    address: `${mark}-address`,
    phone: '010-12345678',
    entitySigns: 'aircraft,payload,datalink,remote_controller,dock',
    remark: `${mark}-remark`,
  });
  const brand = await idOf('aos_brand', 'code', `${mark}-brand`);
  await call('POST', '/api/cloud-equipment/equipment-management/add', {
    name: `${mark}-payload`,
    serialNumber: `${mark}PL1`,
    type: 2,
    modelId: 'dji-h20',
    manufacturerId: brand,
    remark: `${mark}-remark`,
  });
  const payload = await idOf('aos_device', 'serialNumber', `${mark}PL1`);
  await call('POST', '/api/cloud-equipment/equipment-management/add', {
    name: `${mark}-datalink`,
    serialNumber: `${mark}DL1`,
    type: 3,
    manufacturerId: brand,
    remark: `${mark}-remark`,
  });
  const datalink = await idOf('aos_device', 'serialNumber', `${mark}DL1`);
  const droneSn = `${mark}UAV1`;
  await call('POST', '/api/cloud-equipment/equipment-management/add', {
    name: `${mark}-drone`,
    serialNumber: droneSn,
    type: 1,
    modelId: 'dji-m3td',
    manufacturerId: brand,
    payloadIds: payload,
    datalinkId: datalink,
    iotCard: `${mark}-iot`,
    fingerprint: `${mark}-fp`,
    address: `${mark}-address`,
    remark: `${mark}-remark`,
  });
  const drone = await idOf('aos_device', 'serialNumber', droneSn);
  const dockSn = `${mark}DOCK1`;
  await call('POST', '/api/cloud-equipment/uavhangar/submit', {
    name: `${mark}-dock`,
    type: 1,
    deptId: dept,
    serialNumber: dockSn,
    manufacturerId: brand,
    modelId: 'dji-dock2',
    droneIds: drone,
    remark: `${mark}-remark`,
  });
  const dock = await idOf('aos_dock', 'serialNumber', dockSn);
  await call('POST', '/api/cloud-equipment/hangarbasicset/submit', {
    hangarId: dock,
    alternateLongitude: 116.39,
    alternateLatitude: 39.91,
    safeLandHeight: 40,
    lowBattery: 35,
    ultraLowBattery: 25,
    rthAltitude: 120,
    outOfControlAction: 0,
  });
  await call('POST', '/api/cloud-user/fly-operator/add', {
    userId: user,
    name: `${mark}-pilot`,
    phone,
    licenceNumber: `${mark}-licence`,
    licenceExpiry: day(365),
    remark: `${mark}-remark`,
  });
  await call('POST', '/api/aos-gisservice/basestation/submit', {
    name: `${mark}-station`,
    type: 1,
    address: `${mark}-address`,
    stationIp: '10.0.0.1',
    port: 8080,
    lonLat: '116.397128,39.916527',
  });
  // map directories and marks (also the DJI element routes), oil-field layers, inspection objects
  const point = { type: 'Point', coordinates: [116.39, 39.91] };
  const line = {
    type: 'LineString',
    coordinates: [
      [116.39, 39.91],
      [116.4, 39.92],
    ],
  };
  const polygon = {
    type: 'Polygon',
    coordinates: [
      [
        [116.39, 39.91],
        [116.4, 39.91],
        [116.4, 39.92],
        [116.39, 39.91],
      ],
    ],
  };
  await call('POST', '/api/aos-gisservice/mapdir/submit', { name: `${mark}-dir`, remark: `${mark}-remark` });
  const topDir = await idOf('aos_map_dir', 'name', `${mark}-dir`);
  await call('POST', '/api/group_element/add', { name: `${mark}-group`, parent_id: topDir });
  await call('POST', '/api/aos-gisservice/mapdir/submit', {
    name: `${mark}-subdir`,
    parentId: topDir,
    remark: `${mark}-remark`,
  });
  const dir = await idOf('aos_map_dir', 'name', `${mark}-subdir`);
  for (const [path, geometry] of [
    ['mapmarkline', line],
    ['mapmarkpolygon', polygon],
    ['mapmarkpoint', point],
  ] as const) {
    await call('POST', `/api/aos-gisservice/${path}/submit`, {
      dirId: dir,
      name: `${mark}-${path}`,
      icon: `${mark}-icon`,
      remark: `${mark}-remark`,
      geometry,
    });
  }
  await call('POST', '/api/element/add', {
    group_id: dir,
    name: `${mark}-element`,
    resource: { type: 0, content: { type: 'Feature', properties: { color: '#2D8CF0' }, geometry: point } },
  });
  for (const { layer, geometry } of OIL_LAYERS) {
    await call('POST', `/api/aos-gisservice/${layer}/submit`, {
      name: `${mark}-${layer}`,
      code: `${mark}-code`,
      geometry: geometry === 'Point' ? point : line,
      attributes: { note: `${mark}-attribute` },
      remark: `${mark}-remark`,
    });
    await call('POST', `/api/aos-gisservice/${layer}/advancedSet`, {
      color: '#00AA00',
      icon: `${mark}-icon`,
      labelField: `${lower}label`,
    });
  }
  await call('POST', '/api/aos-gisservice/inspectionobject/submit', {
    name: `${mark}-object`,
    type: 1,
    code: `${mark}-code`,
    geometry: polygon,
    remark: `${mark}-remark`,
  });

  // GIS: a takeoff/landing point holding the drone, a civil airport, an approved airspace application using
  // both (with the uploaded file as its approval file) and a rejected one
  await call('POST', '/api/aos-gisservice/uavairport/submit', {
    name: `${mark}-point`,
    longitude: 116.41,
    latitude: 39.91,
    altitude: 50,
    type: 1,
    remark: `${mark}-remark`,
  });
  const takeoffPoint = await idOf('aos_uav_airport', 'name', `${mark}-point`);
  await call('POST', '/api/aos-gisservice/uavairport/updateUav', { id: takeoffPoint, droneIds: drone });
  await call('POST', '/api/aos-gisservice/civilairport/submit', {
    name: `${mark}-airport`,
    icaoCode: 'ZBAA',
    iataCode: 'PEK',
    runwayStartLongitude: 116.5901,
    runwayStartLatitude: 40.0925,
    runwayEndLongitude: 116.6063,
    runwayEndLatitude: 40.0621,
    runwayWidth: 60,
    elevation: 35,
    heightLimit: 120,
    remark: `${mark}-remark`,
  });
  const file = await idOf('blade_attach', 'originalName', `${mark}-file.json`);
  const application = (name: string) => ({
    name,
    aircraftId: drone,
    serialNumber: droneSn,
    model: `${mark}-model`,
    registrationNumber: `${mark}-registration`,
    contactPerson: `${mark}-contact`,
    phone,
    startTime: `${day(1)} 08:00:00`,
    endTime: `${day(30)} 18:00:00`,
    applicant: `${mark}-applicant`,
    taskNature: 2,
    ceiling: 120,
    remark: `${mark}-remark`,
    uavAirportIds: takeoffPoint,
    takeoffPositions: [[116.42, 39.92]],
    attachIds: file,
    geometry: { type: 'Circle', center: [116.42, 39.92], radius: 3000 },
  });
  await call('POST', '/api/aos-gisservice/airspace/submit', application(`${mark}-rejected`));
  const rejected = await idOf('aos_airspace', 'name', `${mark}-rejected`);
  await call('POST', '/api/aos-gisservice/airspace/apply', { id: rejected });
  await call('POST', '/api/aos-gisservice/airspace/reject', { id: rejected, reason: `${mark}-reason` });
  await call('POST', '/api/aos-gisservice/airspace/submit', application(`${mark}-airspace`));
  const approved = await idOf('aos_airspace', 'name', `${mark}-airspace`);
  await call('POST', '/api/aos-gisservice/airspace/apply', { id: approved });
  await call('POST', '/api/aos-gisservice/airspace/approve', { id: approved });
  // a route of its brand and dock, not public (the route area: routemanageline), saved before the zones below
  // exist: the checks before saving would refuse it inside the no-fly zone and outside the fly zone
  await call('POST', '/api/aos-gisservice/routemanageline/submit', {
    name: `${mark}-route`,
    aircraftModelId: 'dji-m3e',
    manufacturerId: brand,
    hangarId: dock,
    remark: `${mark}-remark`,
    design: {
      kind: 'waypoint',
      params: { waypoints: [{ position: [116.31, 39.91] }, { position: [116.312, 39.91] }] },
    },
  });
  // a record task recording its drone (the route area: recordtask), still open
  await call('POST', '/api/aos-gisservice/recordtask/submit', {
    name: `${mark}-recording`,
    droneId: drone,
    toleranceM: 2,
    minSpacingM: 5,
  });
  // tasks (the task area, project-task): a manual task whose operator (the administrator) has a notice, then
  // a hangar task flying the route in two days; their executions, timelines and the day's code sequence
  const route = await idOf('aos_route_line', 'name', `${mark}-route`);
  const operator = await idOf('blade_user', 'account', 'admin');
  const at = `${day(2)} 08:00`;
  await call('POST', '/api/cloud-task/project-task/submit', {
    name: `${mark}-manual`,
    type: 4,
    operatorId: operator,
    schedule: { mode: 'once', at },
    remark: `${mark}-remark`,
  });
  await call('POST', '/api/cloud-task/project-task/submit', {
    name: `${mark}-task`,
    type: 2,
    hangarId: dock,
    routeId: route,
    aircraftId: drone,
    operatorId: operator,
    schedule: { mode: 'once', at },
    rthAltitude: 120,
    remark: `${mark}-remark`,
  });

  // a project of its team with every field, its member, machines and files, and its authorisation (the
  // project area: project-management, item-manager-config, projectauth)
  await call('POST', '/api/cloud-task/project-management/add', {
    name: `${mark}-project`,
    type: 1,
    industryType: 1,
    deptId: dept,
    leaderId: user,
    memberIds: user,
    startTime: '2026-01-01 00:00:00',
    endTime: '2099-01-01 00:00:00',
    centerLongitude: 116.39,
    centerLatitude: 39.91,
    screenTitle: `${mark}-screen`,
    attachIds: file,
    remark: `${mark}-remark`,
    aircraftIds: drone,
    payloadIds: payload,
    dataLinkIds: datalink,
    dockIds: dock,
  });
  const projectId = await idOf('aos_project', 'name', `${mark}-project`);
  await call('POST', '/api/item-manager-config/modify-member', { projectId, userId: user, role: 1 });
  await call('POST', '/api/item-manager-config/bind-machine', { projectId, kind: 'dock', ids: dock });
  await call('POST', '/api/cloud-task/projectauth/submit', {
    projectId,
    deptIds: dept,
    userIds: user,
    remark: `${mark}-remark`,
  });

  const range = {
    type: 'Polygon',
    coordinates: [
      [
        [116.3, 39.9],
        [116.4, 39.9],
        [116.4, 40],
        [116.3, 39.9],
      ],
    ],
  };
  await call('POST', '/api/aos-gisservice/noflyzone/submit', {
    name: `${mark}-nofly`,
    type: 1,
    provinces: '11',
    painter: `${mark}-painter`,
    side: 1,
    geometry: range,
    floor: 0,
    ceiling: 500,
    startTime: '2026-01-01 00:00:00',
    endTime: '2099-01-01 00:00:00',
    remark: `${mark}-remark`,
  });
  await call('POST', '/api/aos-gisservice/flyzone/submit', {
    name: `${mark}-flyzone`,
    geometry: { type: 'Circle', center: [116.35, 39.95], radius: 500 },
    remark: `${mark}-remark`,
  });
  await call('POST', '/api/aos-gisservice/electronicfence/submit', {
    name: `${mark}-fence`,
    geometry: range,
    remark: `${mark}-remark`,
  });

  // what only the server writes: an error log, telemetry samples and a flight
  const now = new Date();
  await db.insert(schema.logError).values({
    id: newId(),
    tenantId: side.tenantId,
    serviceId: `${mark}-service`,
    requestUri: `/api/${lower}`,
    method: 'GET',
    params: `${mark}-params`,
    createBy: `${mark}-admin`,
    stackTrace: `${mark}-stack`,
    exceptionName: `${mark}Error`,
    message: `${mark}-message`,
    fileName: `${mark}.ts`,
    lineNumber: 1,
  });
  const trackId = `${mark}-track`;
  await db.insert(schema.telemetrySample).values({
    id: newId(),
    tenantId: side.tenantId,
    serialNumber: droneSn,
    kind: 'device',
    ownerId: drone,
    gatewaySn: dockSn,
    at: now,
    deviceTime: now,
    longitude: 116.39,
    latitude: 39.91,
    height: 50,
    modeCode: 3,
    trackId,
    osd: { mark },
    period: Math.floor(now.getTime() / 1000),
  });
  await db.insert(schema.flightTrack).values({
    id: newId(),
    tenantId: side.tenantId,
    droneSn,
    droneId: drone,
    dockSn,
    trackId,
    startedAt: new Date(now.getTime() - 60_000),
    endedAt: now,
    pointCount: 1,
    distanceM: 10,
    durationS: 60,
    startLongitude: 116.39,
    startLatitude: 39.91,
    endLongitude: 116.39,
    endLatitude: 39.91,
  });
  // an area of the spatial index as its owners put it (until the zone routes seed theirs through the API)
  await app.services.spatial.put(platformCtx(db, side.tenantId), [
    {
      kind: 'nofly',
      refId: newId(),
      name: `${mark}-area`,
      geometry: { type: 'Circle', center: [116.39, 39.91], radius: 100 },
    },
  ]);
  // a dock's custom flight area sync, as the device link's flight_areas_sync_progress writes it
  await db.insert(schema.gisDockAreaSync).values({
    id: newId(),
    tenantId: side.tenantId,
    dockSn,
    status: 'synchronized',
    reason: 0,
    fileName: `${mark}-geofence.json`,
    checksum: null,
    reportTime: now,
  });
  await app.services.logs.flush();
  return { mark, payloads, droneSn, dockSn, trackId, dictCode };
}
