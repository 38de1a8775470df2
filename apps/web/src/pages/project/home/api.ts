import type {
  Page,
  Project,
  ProjectCurrentUser,
  ProjectDetail,
  ProjectFlyingTask,
  ProjectMachine,
  ProjectMachineKind,
  ProjectMember,
  ProjectOption,
  SameArea,
  UseEquipment,
} from '@aos/contract';
import { restApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const BASE = '/api/cloud-task/project-management';
const MEMBERS = '/api/item-manager-config';

/**
 * Project calls (spec §7 project-management, item-manager-config; docs/project.md): GET page and detail, POST
 * add, PUT update, DELETE remove; members and machines through item-manager-config.
 */
export const projectApi = restApi<Project>(BASE);

export const projectDetail = (id: string) =>
  requestData<ProjectDetail>({ url: `${BASE}/detail`, params: { id } });

export const projectOptions = () => requestData<ProjectOption[]>({ url: `${BASE}/select-list` });

export const sameArea = (longitude: number, latitude: number, id?: string) =>
  requestData<SameArea>({ url: `${BASE}/checkSameArea`, params: { longitude, latitude, id } });

export const usableEquipment = (projectId?: string, kind?: ProjectMachineKind) =>
  requestData<UseEquipment[]>({
    url: `${BASE}/getUseEquipmentList`,
    method: 'POST',
    data: { projectId, kind },
  });

export const onlineAircraft = (projectId: string) =>
  requestData<unknown[]>({ url: `${BASE}/getOnlineUavList`, params: { projectId } });

export const projectMembers = (projectId: string) =>
  requestData<Page<ProjectMember>>({ url: `${MEMBERS}/user`, params: { projectId, current: 1, size: 500 } });

export const projectMachines = (projectId: string) =>
  requestData<Page<ProjectMachine>>({
    url: `${MEMBERS}/page-equipment`,
    params: { projectId, current: 1, size: 500 },
  });

export const currentUser = (projectId: string) =>
  requestData<ProjectCurrentUser>({ url: `${MEMBERS}/current-user`, params: { projectId } });

export const modifyMember = (projectId: string, userId: string, role: number) =>
  requestData<ProjectMember>({
    url: `${MEMBERS}/modify-member`,
    method: 'POST',
    data: { projectId, userId, role },
  });

export const unbindMember = (projectId: string, userId: string) =>
  requestData<number>({
    url: `${MEMBERS}/unbind-member`,
    method: 'POST',
    data: { projectId, userIds: userId },
  });

export const bindMachines = (projectId: string, kind: ProjectMachineKind, ids: string[]) =>
  requestData<ProjectMachine[]>({
    url: `${MEMBERS}/bind-machine`,
    method: 'POST',
    data: { projectId, kind, ids: ids.join(',') },
  });

export const unbindMachine = (projectId: string, kind: ProjectMachineKind, id: string) =>
  requestData<number>({
    url: `${MEMBERS}/unbind-machine`,
    method: 'POST',
    data: { projectId, kind, ids: id },
  });

interface UserOption {
  id: string;
  account: string;
  realName: string | null;
}

/** The tenant's users as picker options ("real name (account)"). */
export async function userOptions(): Promise<TreeOption[]> {
  const users = await requestData<UserOption[]>({ url: '/api/blade-user/user-list' });
  return users.map((user) => ({
    value: user.id,
    title: user.realName ? `${user.realName} (${user.account})` : user.account,
    isLeaf: true,
  }));
}

interface DeptNode {
  id: string;
  deptName: string;
  children?: DeptNode[];
}

/** The tenant's depts (the whole tree). */
export async function deptOptions(): Promise<TreeOption[]> {
  const toOption = (node: DeptNode): TreeOption => ({
    value: node.id,
    title: node.deptName,
    children: node.children?.length ? node.children.map(toOption) : undefined,
  });
  return (await requestData<DeptNode[]>({ url: '/api/blade-system/dept/tree' })).map(toOption);
}

/** The tenant's machines of one kind as picker options ("name (serial number)"). */
export function machineOptions(kind: ProjectMachineKind) {
  return async (): Promise<TreeOption[]> =>
    (await usableEquipment(undefined, kind)).map((machine) => ({
      value: machine.id,
      title: `${machine.name} (${machine.serialNumber})`,
      isLeaf: true,
    }));
}

/** The project's flights now (`getFlyingTask`): its tasks' executions received or in progress. */
export const projectFlying = (projectId: string) =>
  requestData<ProjectFlyingTask[]>({ url: `${BASE}/getFlyingTask`, method: 'POST', params: { projectId } });
