import type { DockOption, OnlineUav } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../../api/http';

/** The tenant's docks as pickers see them (names, serial numbers, visibility). */
export const hangarOptions = () =>
  requestData<DockOption[]>({ url: '/api/cloud-equipment/uavhangar/listForTenant' });

/** The tenant's online aircraft (names of the drones the live map shows). */
export const onlineUavs = () =>
  requestData<OnlineUav[]>({ url: '/api/cloud-task/project-management/getOnlineUavList' });

const UAV_REFRESH_MS = 30_000;

export function useHangarOptions() {
  return useQuery({ queryKey: ['live', 'hangars'], queryFn: hangarOptions });
}

/** Online drones, refreshed every 30 s (a drone that powers on gets its name within that). */
export function useOnlineUavs() {
  return useQuery({
    queryKey: ['live', 'online-uavs'],
    queryFn: onlineUavs,
    refetchInterval: UAV_REFRESH_MS,
  });
}
