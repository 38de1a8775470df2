import {
  DEFAULT_TENANT_ID,
  DEVICE_TYPE_AIRCRAFT,
  deviceModel,
  DeviceSubmit,
  DOCK_TYPE_MULTIROTOR,
  DockSubmit,
  BrandSubmit,
  splitIds,
} from '@aos/contract';
import { type DeviceCredentials, gridPositions, type SimDockConfig } from '@aos/device-sim';
import { eq } from 'drizzle-orm';
import { device, dock, brand } from '../../db/schema/index.js';
import { type Ctx, platformCtx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import type { Services } from '../../area.js';

/**
 * The embedded demo fleet (issue 6): three docks of the default tenant, each with its aircraft, registered
 * through the fleet services like any other and simulated in-process, so that a newcomer who signs in as
 * admin sees docks online at once. The names are data; the serial numbers identify the demo's devices.
 */
export const DEMO_FLEET = [1, 2, 3].map((index) => ({
  dockSn: `DEMO-DOCK-${index}`,
  dockName: `演示机库 ${index}`,
  droneSn: `DEMO-UAV-${index}`,
  droneName: `演示无人机 ${index}`,
}));

/** Around Shenzhen's Nanshan district, 3 km apart. */
const CENTRE = { latitude: 22.54, longitude: 113.95 };
const SPACING_M = 3000;
const DOCK_MODEL = 'dji-dock2';
const DRONE_MODEL = 'dji-m3td';
const BRAND = { name: 'DJI', codes: ['dji', 'dji-demo'], signs: ['aircraft', 'dock'] };

export interface DemoLogger {
  info(message: string): void;
  warn(data: unknown, message: string): void;
}

/** A brand of the tenant making aircraft and docks: the tenant's DJI brand, or a new one. */
async function demoBrand(services: Services, ctx: Ctx): Promise<string> {
  const brands = await ctx.db
    .select({ id: brand.id, code: brand.code, signs: brand.entitySigns })
    .from(brand)
    .where(scope(ctx, brand));
  const fits = brands.find(
    (brand) =>
      BRAND.codes.includes(brand.code.toLowerCase()) &&
      BRAND.signs.every((sign) => brand.signs.split(',').includes(sign)),
  );
  if (fits) return fits.id;
  const taken = new Set(brands.map((brand) => brand.code.toLowerCase()));
  const code = BRAND.codes.find((candidate) => !taken.has(candidate)) ?? `dji-demo-${Date.now()}`;
  const created = await services.brands.add(
    ctx,
    BrandSubmit.parse({ name: BRAND.name, code, type: 4, entitySigns: BRAND.signs.join(',') }),
  );
  return created.id;
}

async function findId(ctx: Ctx, table: typeof device | typeof dock, sn: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(scope(ctx, table, eq(table.serialNumber, sn)))
    .limit(1);
  return row?.id ?? null;
}

const credentials = (credential: { serialNumber: string; username: string; password: string }) =>
  ({
    sn: credential.serialNumber,
    username: credential.username,
    password: credential.password,
  }) satisfies DeviceCredentials;

/**
 * Make sure the demo docks and aircraft exist in tenant 000000 (created through the fleet services when
 * missing, the aircraft bound to its dock), issue new MQTT credentials for each (only their hash is kept,
 * so every start resets them) and answer the simulator's configuration. A dock whose serial number another
 * tenant holds is left out with a warning.
 */
export async function provisionDemoFleet(
  services: Services,
  db: Ctx['db'],
  log: DemoLogger,
): Promise<SimDockConfig[]> {
  const ctx = platformCtx(db, DEFAULT_TENANT_ID);
  const brandId = await demoBrand(services, ctx);
  const droneModel = deviceModel(DRONE_MODEL)!;
  const positions = gridPositions(CENTRE, DEMO_FLEET.length, SPACING_M);
  const docks: SimDockConfig[] = [];
  for (const [index, entry] of DEMO_FLEET.entries()) {
    const position = positions[index]!;
    try {
      let droneId = await findId(ctx, device, entry.droneSn);
      if (!droneId) {
        const added = await services.devices.add(
          ctx,
          DeviceSubmit.parse({
            name: entry.droneName,
            serialNumber: entry.droneSn,
            type: DEVICE_TYPE_AIRCRAFT,
            modelId: DRONE_MODEL,
            manufacturerId: brandId,
            flightSpeed: droneModel.maxSpeed,
            takeoffWeight: droneModel.maxTakeoffWeight,
          }),
        );
        droneId = added.id;
      }
      const alternate = {
        alternateLatitude: Number((position.latitude + 0.0004).toFixed(7)),
        alternateLongitude: Number((position.longitude + 0.0004).toFixed(7)),
      };
      let dockId = await findId(ctx, dock, entry.dockSn);
      if (!dockId) {
        const added = await services.docks.submit(
          ctx,
          DockSubmit.parse({
            name: entry.dockName,
            type: DOCK_TYPE_MULTIROTOR,
            serialNumber: entry.dockSn,
            modelId: DOCK_MODEL,
            manufacturerId: brandId,
            droneIds: droneId,
            ...alternate,
          }),
        );
        dockId = added.id;
      } else {
        await bindDrone(services, ctx, dockId, droneId);
      }
      const dockCredential = await services.docks.resetCredential(ctx, dockId);
      const drone = await services.devices.resetCredential(ctx, droneId);
      docks.push({
        dock: credentials(dockCredential),
        drone: credentials(drone),
        latitude: position.latitude,
        longitude: position.longitude,
        height: 25 + index * 8,
        dockModel: { type: 2, subType: 0 },
        droneModel: { type: droneModel.type, subType: droneModel.subType },
      });
    } catch (error) {
      log.warn({ err: error, sn: entry.dockSn }, 'demo dock left out');
    }
  }
  return docks;
}

/** The dock exists (a previous start): bind the demo aircraft again if someone unbound it. */
async function bindDrone(services: Services, ctx: Ctx, dockId: string, droneId: string): Promise<void> {
  const saved = await services.docks.detail(ctx, dockId);
  const bound = splitIds(saved.droneIds);
  if (bound.includes(droneId)) return;
  await services.docks.submit(ctx, DockSubmit.parse({ ...saved, droneIds: [...bound, droneId].join(',') }));
}

/** Where the platform serves the demo docks' test-pattern video (SIMULATOR_VIDEO). */
export const DEMO_VIDEO_PATH = '/api/demo-video';

/**
 * Point each demo dock's outside camera at its address in `addresses` (SIMULATOR_VIDEO), or clear an address
 * an earlier demo set (one under DEMO_VIDEO_PATH) when it has none; addresses an operator entered are kept.
 */
export async function setDemoStreams(
  services: Services,
  db: Ctx['db'],
  addresses: ReadonlyMap<string, string>,
): Promise<void> {
  const ctx = platformCtx(db, DEFAULT_TENANT_ID);
  for (const { dockSn } of DEMO_FLEET) {
    const id = await findId(ctx, dock, dockSn);
    if (!id) continue;
    const saved = await services.docks.detail(ctx, id);
    const current = saved.streamOutside ?? '';
    const wanted = addresses.get(dockSn) ?? (current.includes(`${DEMO_VIDEO_PATH}/`) ? '' : current);
    if (wanted === current) continue;
    await services.docks.submit(ctx, DockSubmit.parse({ ...saved, streamOutside: wanted }));
  }
}
