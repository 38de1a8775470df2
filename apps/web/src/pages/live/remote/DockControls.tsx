import { ReloadOutlined } from '@ant-design/icons';
import type { DockAction } from '@aos/contract';
import { dockComponents, DOCK_TYPE_VTOL } from '@aos/contract/rules';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dockControl } from './api';
import { useCommand } from './commands';
import type { LiveControlContext } from './context';
import { ControlButton } from './ControlButton';

/** The dock's switches as rows: what it controls, its state now, and the two actions. */
const ROWS: {
  row: string;
  state: (parts: ReturnType<typeof dockComponents>) => string;
  actions: [DockAction, DockAction];
}[] = [
  {
    row: 'debug',
    state: (p) => (p.remoteDebug ? 'debugOn' : 'debugOff'),
    actions: ['debug_mode_open', 'debug_mode_close'],
  },
  { row: 'hatch', state: (p) => p.hatch, actions: ['cover_open', 'cover_close'] },
  { row: 'wings', state: (p) => p.wings, actions: ['putter_open', 'putter_close'] },
  { row: 'charge', state: (p) => p.charge, actions: ['charge_open', 'charge_close'] },
  { row: 'dronePower', state: (p) => p.aircraftPower, actions: ['drone_open', 'drone_close'] },
  {
    row: 'light',
    state: (p) => (p.lightOn ? 'on' : 'off'),
    actions: ['supplement_light_open', 'supplement_light_close'],
  },
];

/**
 * Dock remote debug (hangarControl, or vtolHangarControl for a VTOL dock): each button enabled by the
 * contract's remoteActionRefusal on the live state, dangerous ones confirmed first.
 */
export function DockControls({ context: given }: { context: LiveControlContext }) {
  const { t } = useTranslation();
  const { pending, run } = useCommand();
  const vtol = given.dockType === DOCK_TYPE_VTOL;
  const context = { ...given, vtol };
  const parts = dockComponents(context.dock, context.drone);

  const button = (
    action: DockAction,
    extra: { danger?: boolean; block?: boolean; icon?: React.ReactNode } = {},
  ) => {
    const label = t(`remote.actions.${action}`);
    return (
      <ControlButton
        key={action}
        action={action}
        context={context}
        label={label}
        pending={pending === action}
        onClick={() =>
          run(action, action, t(`dockState.jobs.${action}`), () =>
            dockControl({ serialNumber: context.dock.sn, action }, vtol),
          )
        }
        {...extra}
      />
    );
  };

  return (
    <div className="remote-controls" data-testid="dock-controls">
      {ROWS.map(({ row, state, actions }) => {
        const now = state(parts);
        return (
          <div className="remote-controls__row" key={row}>
            <div className="remote-controls__label">
              <span>{t(`remote.rows.${row}`)}</span>
              <Typography.Text type="secondary" className="remote-controls__state">
                {t(now === 'on' || now === 'off' ? `dockState.${now}` : `dockState.states.${now}`)}
              </Typography.Text>
            </div>
            <div className="remote-controls__buttons">{actions.map((action) => button(action))}</div>
          </div>
        );
      })}
      {button('device_reboot', { danger: true, block: true, icon: <ReloadOutlined /> })}
    </div>
  );
}
