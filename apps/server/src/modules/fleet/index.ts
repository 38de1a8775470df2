import { defineArea, type Services } from '../../area.js';
import {
  brand,
  device,
  deviceCredential,
  devicePayload,
  dock,
  dockDrone,
  flyOperator,
  supplierConfig,
} from '../../db/schema/index.js';
import { platformCtx } from '../../lib/context.js';
import type { Platform } from '../../platform.js';
import brandRoutes from './brand.routes.js';
import { BrandService } from './brand.service.js';
import { DeviceCredentialService } from './device-credential.service.js';
import deviceRoutes from './device.routes.js';
import { DeviceService } from './device.service.js';
import { DockBasicSetService } from './dock-basic-set.service.js';
import dockRoutes from './dock.routes.js';
import { DockService } from './dock.service.js';
import flyOperatorRoutes from './fly-operator.routes.js';
import { FlyOperatorService } from './fly-operator.service.js';
import supplierConfigRoutes from './supplier-config.routes.js';
import { SupplierConfigService } from './supplier-config.service.js';

function buildServices({
  events,
  storage,
}: Platform): Pick<
  Services,
  'brands' | 'deviceCredentials' | 'devices' | 'docks' | 'dockBasicSets' | 'supplierConfigs' | 'flyOperators'
> {
  const deviceCredentials = new DeviceCredentialService(events);
  return {
    brands: new BrandService(events),
    deviceCredentials,
    devices: new DeviceService(deviceCredentials),
    docks: new DockService(deviceCredentials),
    dockBasicSets: new DockBasicSetService(),
    supplierConfigs: new SupplierConfigService(storage.guard),
    flyOperators: new FlyOperatorService(),
  };
}

declare module '../../area.js' {
  /** the fleet area's */
  interface Services {
    brands: BrandService;
    /** MQTT credentials and the platform-wide register of serial numbers */
    deviceCredentials: DeviceCredentialService;
    devices: DeviceService;
    docks: DockService;
    dockBasicSets: DockBasicSetService;
    supplierConfigs: SupplierConfigService;
    flyOperators: FlyOperatorService;
  }
}

/**
 * The fleet registry (spec §7 cloud-equipment, equipment-manager, cloud-user/fly-operator): brands, devices,
 * docks and their settings, supplier configuration, fly operators, and the MQTT credentials devices sign in
 * with. A brand a device or dock still references cannot be removed: both registers answer
 * `fleet.brandsRemoving`.
 */
export default defineArea({
  name: 'fleet',
  services: buildServices,
  subscribe(events, { devices, docks }, { database }) {
    events.on('fleet.brandsRemoving', ({ tenantId, ids }) =>
      devices.brandsInUse(platformCtx(database.db, tenantId), ids),
    );
    events.on('fleet.brandsRemoving', ({ tenantId, ids }) =>
      docks.brandsInUse(platformCtx(database.db, tenantId), ids),
    );
  },
  routes: [brandRoutes, supplierConfigRoutes, deviceRoutes, dockRoutes, flyOperatorRoutes],
  tables: [brand, supplierConfig, device, devicePayload, dock, dockDrone, deviceCredential, flyOperator],
  permissions: ['manufacturer', 'supplier', 'device', 'hangar', 'fly_operator'],
});
