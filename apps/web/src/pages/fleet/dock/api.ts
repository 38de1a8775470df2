import type {
  DeptNode,
  DeviceCredential,
  Dock,
  DockBasicSet,
  DockBasicSetSubmit,
  DockPlayStream,
} from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const BASE = '/api/cloud-equipment/uavhangar';
const BASIC_SET = '/api/cloud-equipment/hangarbasicset';

/**
 * Dock calls (spec §7 uavhangar): GET page and detail, POST submit (insert without id, update with id; an
 * insert answers the credentials once), POST remove with ids.
 */
export const dockApi = crudApi<Dock>(BASE, { page: `${BASE}/page` });

/** Show (1) or hide (0) a dock on the maps and pickers. */
export const updateVisibility = (id: string, visible: number) =>
  requestData<Dock>({ url: `${BASE}/updateVisibility`, method: 'POST', params: { id, visible } });

export const playStream = (id: string) =>
  requestData<DockPlayStream>({ url: `${BASE}/getPlayStream`, params: { id } });

/** A new MQTT password for a dock (the old one stops working at once); answered once. */
export const resetDockCredential = (id: string) =>
  requestData<DeviceCredential>({ url: `${BASE}/resetCredential`, method: 'POST', params: { id } });

export const basicSetDetail = (hangarId: string) =>
  requestData<DockBasicSet>({ url: `${BASIC_SET}/detail`, params: { hangarId } });

export const submitBasicSet = (values: DockBasicSetSubmit) =>
  requestData<DockBasicSet>({ url: `${BASIC_SET}/submit`, method: 'POST', data: values });

/** The tenant's depts (the whole tree) for the dept picker. */
export async function deptOptions(): Promise<TreeOption[]> {
  const toOption = (node: DeptNode): TreeOption => ({
    value: node.id,
    title: node.deptName,
    children: node.children?.length ? node.children.map(toOption) : undefined,
  });
  return (await requestData<DeptNode[]>({ url: '/api/blade-system/dept/tree' })).map(toOption);
}
