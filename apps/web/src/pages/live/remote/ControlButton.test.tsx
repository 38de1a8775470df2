// @vitest-environment happy-dom
import type { DeviceData, LiveDevice } from '@aos/contract';
import type * as Antd from 'antd';
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../store/session';
import type { LiveControlContext } from './context';
import { ControlButton } from './ControlButton';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));
// The tooltip's text shows beside the button (antd draws it only on hover).
vi.mock('antd', async (original) => ({
  ...(await original<typeof Antd>()),
  Tooltip: ({ title, children }: { title: ReactNode; children: ReactNode }) => (
    <span data-tooltip={String(title)}>{children}</span>
  ),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const device = (sn: string, kind: LiveDevice['kind'], osd: DeviceData, online = true): LiveDevice => ({
  sn,
  kind,
  ownerId: '1',
  tenantId: '000000',
  online,
  lastSeen: 1,
  gatewaySn: null,
  subDevices: [],
  osd,
  osdAt: 1,
  state: {},
  stateAt: null,
  jobs: [],
});

/** A dock in remote debug mode with its hatch closed and its drone in it, powered off. */
function context(dockOsd: DeviceData = {}, online = true): LiveControlContext {
  return {
    dock: device('DOCK', 'dock', { mode_code: 2, cover_state: 0, drone_in_dock: 1, ...dockOsd }, online),
    drone: null,
    dockType: 0,
    droneSn: null,
  };
}

let root: Root;
let host: HTMLDivElement;
const onClick = vi.fn();

function render(action: 'cover_open' | 'takeoff', given: LiveControlContext) {
  act(() => root.render(<ControlButton action={action} context={given} label="go" onClick={onClick} />));
  return host.querySelector<HTMLButtonElement>(`[data-testid="control-${action}"]`)!;
}

describe('ControlButton', () => {
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    onClick.mockClear();
    useSession.setState({
      permission: { remote_hangar_control: true, uav_control: true },
      menu: [],
      language: 'en-US',
    });
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('is enabled when the contract’s predicate allows the action', () => {
    const button = render('cover_open', context());
    expect(button.disabled).toBe(false);
    expect(button.dataset.refusal).toBe('');
    expect(host.querySelector('[data-tooltip]')).toBeNull();
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled with the refusal as its tooltip, in the user’s language', () => {
    const cases: Array<[ReturnType<typeof context>, string, string]> = [
      [context({}, false), 'device.dockOffline', 'Hangar is offline'],
      [context({ cover_state: 1 }), 'device.already', 'the device is already in that state'],
      [context({ mode_code: 0 }), 'device.remoteDebugRequired', 'turn on remote debug mode first'],
    ];
    for (const [given, key, text] of cases) {
      const button = render('cover_open', given);
      expect(button.disabled).toBe(true);
      expect(button.dataset.refusal).toBe(key);
      expect(host.querySelector('[data-tooltip]')?.getAttribute('data-tooltip')).toBe(text);
    }
    useSession.setState({ language: 'zh-CN' });
    render('cover_open', context({}, false));
    expect(host.querySelector('[data-tooltip]')?.getAttribute('data-tooltip')).toBe('机库离线');
  });

  it('is disabled for a user without the action’s permission, and for a drone action without a drone', () => {
    useSession.setState({ permission: { uav_control: true } });
    const dockButton = render('cover_open', context());
    expect(dockButton.disabled).toBe(true);
    expect(dockButton.dataset.refusal).toBe('device.noPermission');
    expect(host.querySelector('[data-tooltip]')?.getAttribute('data-tooltip')).toBe(
      'you do not have the permission for this action',
    );
    // a drone powered on (the dock says so) but no drone serial number known to send the command to
    const takeoff = render('takeoff', context({ mode_code: 0, sub_device: { device_online_status: 1 } }));
    expect(takeoff.dataset.refusal).toBe('device.droneNotBound');
    act(() => takeoff.click());
    expect(onClick).not.toHaveBeenCalled();
  });
});
