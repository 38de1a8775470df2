import type { DeviceCredential, Device, DeviceKind, DeviceModel, Brand, Page } from '@aos/contract';
import { getDictionary, restApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { Option } from '../../../components/crud/types';

const BASE = '/api/cloud-equipment/equipment-management';

/** Device calls (spec §7 Equipment): page, detail, add (POST), update (PUT), remove (DELETE with ids). */
export const deviceApi = restApi<Device>(BASE);

/** A new MQTT password for a device (the old one stops working at once); answered once. */
export const resetDeviceCredential = (id: string) =>
  requestData<DeviceCredential>({ url: `${BASE}/resetCredential`, method: 'POST', params: { id } });

/** The model catalogue, named in the caller's language (`findEquipmentModel`). */
export const deviceModels = () => requestData<DeviceModel[]>({ url: `${BASE}/findEquipmentModel` });

/** The tenant's devices of one `device_type` (pickers: payloads, data links, drones to bind). */
export async function devicesOfType(type: number): Promise<Device[]> {
  const page = await requestData<Page<Device>>({
    url: `${BASE}/page`,
    params: { type, current: 1, size: 9999 },
  });
  return page.records;
}

/** The tenant's brands (the manufacturer page answers all of them by default). */
export async function brands(): Promise<Brand[]> {
  const page = await requestData<Page<Brand>>({ url: '/api/cloud-equipment/manufacturer/page' });
  return page.records;
}

/** Whether a brand may be chosen for a thing of `kind`: its entity signs say what it makes. */
export const makes = (brand: Brand, kind: DeviceKind | undefined): boolean =>
  kind !== undefined && brand.entitySigns.split(',').includes(kind);

/**
 * A system dictionary's entries with numeric values (the registry's `status`, `type` and action fields are
 * numbers in the contract, so the form keeps them numbers), optionally only some keys.
 */
export async function numericDictionary(code: string, keep?: readonly number[]): Promise<Option[]> {
  const items = await getDictionary(code);
  return items
    .map((item) => ({ value: Number(item.dictKey), label: item.dictValue }))
    .filter((option) => !keep || keep.includes(option.value));
}
