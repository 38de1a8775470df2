import type {
  ControlResult,
  DockControlBody,
  DockOption,
  DockPlayStream,
  PodControlBody,
  PodControlStatus,
  DroneControlBody,
} from '@aos/contract';
import { requestData } from '../../../api/http';

const DOCKS = '/api/cloud-equipment/uavhangar';
const MANAGEMENT = '/api/cloud-equipment/equipment-management';

/**
 * Remote-control calls (spec §7). A refused command answers 400/404 with the predicate's message, which the
 * HTTP layer shows; a device that refuses or does not answer gives 502/504 with its message the same way.
 */

/** A dock remote-debug action; VTOL docks (dock type 2) go through vtolHangarControl. */
export const dockControl = (body: DockControlBody, vtol: boolean) =>
  requestData<ControlResult>({
    url: `${DOCKS}/${vtol ? 'vtolHangarControl' : 'hangarControl'}`,
    method: 'POST',
    data: body,
  });

export const droneControl = (body: DroneControlBody) =>
  requestData<ControlResult>({ url: `${MANAGEMENT}/uavControl`, method: 'POST', data: body });

export const podControl = (body: PodControlBody) =>
  requestData<ControlResult>({ url: `${MANAGEMENT}/podControl`, method: 'POST', data: body });

export const podControlStatus = (serialNumber: string) =>
  requestData<PodControlStatus>({ url: `${MANAGEMENT}/getPodControlStatus`, params: { serialNumber } });

export const dockStreams = (serialNumber: string) =>
  requestData<DockPlayStream>({ url: `${DOCKS}/getPlayStream`, params: { serialNumber } });

/** The signed-in tenant's docks, for the picker. */
export const tenantDocks = () => requestData<DockOption[]>({ url: `${DOCKS}/listForTenant` });
