import type { DockOption, OnlineDrone } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../../api/http';

/** The tenant's docks as pickers see them (names, serial numbers, visibility). */
export const dockOptions = () =>
  requestData<DockOption[]>({ url: '/api/cloud-equipment/uavhangar/listForTenant' });

/** The tenant's online drones (names of the drones the live map shows). */
export const onlineDrones = () =>
  requestData<OnlineDrone[]>({ url: '/api/cloud-task/project-management/getOnlineUavList' });

const DRONE_REFRESH_MS = 30_000;

export function useDockOptions() {
  return useQuery({ queryKey: ['live', 'docks'], queryFn: dockOptions });
}

/** Online drones, refreshed every 30 s (a drone that powers on gets its name within that). */
export function useOnlineDrones() {
  return useQuery({
    queryKey: ['live', 'online-drones'],
    queryFn: onlineDrones,
    refetchInterval: DRONE_REFRESH_MS,
  });
}
