import type {
  ControlContext,
  DeviceData,
  LiveDevice,
  Operator,
  Refusal,
  RemoteActionName,
} from '@aos/contract';
import { REMOTE_ACTIONS, remoteActionRefusal } from '@aos/contract/rules';
import { useCallback, useMemo } from 'react';
import { useMenuRoutes } from '../../../navigation/route-titles';
import { useSession } from '../../../store/session';

/** What the control groups read: the dock's live state (known), its type, its drone and that one's SN. */
export interface LiveControlContext extends ControlContext {
  dock: LiveDevice;
  /** the dock's drone serial number (as the dock reports it), null when unknown */
  droneSn: string | null;
}

/** The drone of a dock: the one its OSD names, else the first device of its topology. */
export function droneSnOf(dock: LiveDevice | null | undefined): string | null {
  if (!dock) return null;
  const sub = dock.osd.sub_device as DeviceData | undefined;
  const reported = sub && typeof sub.device_sn === 'string' ? sub.device_sn : '';
  return reported || dock.subDevices[0] || null;
}

/** The refusal when the predicates would allow a drone command but no drone is known to send it to. */
export const NO_DRONE: Refusal = { key: 'device.droneNotBound', status: 400 };

/** The signed-in user as the server checks a route's permission: a menu of theirs or a button code. */
export function useOperator(): Operator {
  const routes = useMenuRoutes();
  const permission = useSession((state) => state.permission);
  return useMemo(
    () => ({
      may: (code) => permission[code] === true || routes.some((route) => route.code === code),
    }),
    [permission, routes],
  );
}

/**
 * Why `action` cannot be sent now, or null: the contract's remoteActionRefusal (the user's permission, then
 * the live state), the very check the server makes; a drone or camera action also needs a known drone.
 */
export function useActionRefusal(context: LiveControlContext): (action: RemoteActionName) => Refusal | null {
  const operator = useOperator();
  return useCallback(
    (action) =>
      remoteActionRefusal(action, context, operator) ??
      (REMOTE_ACTIONS[action].target === 'dock' || context.droneSn ? null : NO_DRONE),
    [context, operator],
  );
}
