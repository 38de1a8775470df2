import {
  AimOutlined,
  CaretRightOutlined,
  HomeOutlined,
  PauseOutlined,
  RocketOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { DroneAction } from '@aos/contract';
import { runningFlight } from '@aos/contract/rules';
import { App, Progress, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LonLat } from '../../../components/map/coordinates';
import { droneControl } from './api';
import { useCommand } from './commands';
import type { LiveControlContext } from './context';
import { ControlButton } from './ControlButton';
import { type FlightTarget, TargetDialog } from './TargetDialog';

const ICONS: Record<DroneAction, ReactNode> = {
  takeoff: <RocketOutlined />,
  fly_to: <AimOutlined />,
  return_home: <HomeOutlined />,
  pause: <PauseOutlined />,
  resume: <CaretRightOutlined />,
  emergency_stop: <StopOutlined />,
};

function pointOf(osd: Record<string, unknown> | undefined): LonLat | undefined {
  const { longitude, latitude } = osd ?? {};
  return typeof longitude === 'number' && typeof latitude === 'number' && (longitude || latitude)
    ? [longitude, latitude]
    : undefined;
}

/**
 * Flight (uavControl): take off or fly to a point chosen in a dialog, return home, pause, resume,
 * emergency stop; a running flight shows its progress.
 */
export function DroneControls({ context }: { context: LiveControlContext }) {
  const { t } = useTranslation();
  const { pending, run } = useCommand();
  const { message } = App.useApp();
  const [target, setTarget] = useState<'takeoff' | 'fly_to' | null>(null);
  const flight = runningFlight(context.dock.jobs);
  const droneSn = context.droneSn;

  const send = (action: DroneAction, target?: FlightTarget) =>
    droneControl({ serialNumber: droneSn!, action, ...target });

  const button = (action: DroneAction, danger = false) => {
    const label = t(`remote.actions.${action}`);
    return (
      <ControlButton
        action={action}
        context={context}
        label={label}
        icon={ICONS[action]}
        danger={danger}
        pending={pending === action}
        block
        onClick={() =>
          action === 'takeoff' || action === 'fly_to'
            ? setTarget(action)
            : run(action, action, label, () => send(action))
        }
      />
    );
  };

  return (
    <div className="remote-controls" data-testid="drone-controls">
      {flight && (
        <div className="remote-controls__flight" data-testid="flight-progress">
          <Typography.Text>
            {t('remote.flightRunning')} · {t(`dockState.jobs.${flight.method}`, flight.method)}
          </Typography.Text>
          <Progress
            percent={flight.percent ?? 0}
            size="small"
            status={flight.status === 'paused' ? 'normal' : 'active'}
          />
        </div>
      )}
      <div className="remote-controls__grid">
        {button('takeoff')}
        {button('fly_to')}
        {button('return_home')}
        {button('pause')}
        {button('resume')}
        {button('emergency_stop', true)}
      </div>
      <TargetDialog
        open={target !== null}
        mode={target ?? 'takeoff'}
        start={pointOf(context.drone?.osd) ?? pointOf(context.dock.osd)}
        onCancel={() => setTarget(null)}
        onOk={async (values) => {
          const action = target!;
          // The dialog is the confirmation: its OK button sends at once.
          await send(action, values).then(
            () => {
              setTarget(null);
              void message.success(t('remote.sent', { action: t(`remote.actions.${action}`) }));
            },
            // a refusal is shown by the HTTP layer; the dialog stays open to adjust the point
            () => undefined,
          );
        }}
      />
    </div>
  );
}
