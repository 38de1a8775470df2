import type { RemoteActionName } from '@aos/contract';
import { Button, type ButtonProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useRefusalText } from './commands';
import { type LiveControlContext, useActionRefusal } from './context';

export interface ControlButtonProps {
  /** the action it sends (its permission and predicate come from REMOTE_ACTIONS) */
  action: RemoteActionName;
  /** the test id `control-<id>`; the action's name by default (the gimbal's nudges have their own) */
  id?: string;
  context: LiveControlContext;
  label: ReactNode;
  icon?: ReactNode;
  pending?: boolean;
  /** drawn red (an emergency stop, a reboot) */
  danger?: boolean;
  type?: ButtonProps['type'];
  block?: boolean;
  onClick: () => void;
}

/**
 * A command button: enabled only when the contract's remoteActionRefusal allows the action (the user's
 * permission and the live state), with the reason as its tooltip otherwise: the same words the server would
 * refuse with.
 */
export function ControlButton(props: ControlButtonProps) {
  const refusalText = useRefusalText();
  const refusal = useActionRefusal(props.context)(props.action);
  const reason = refusalText(refusal);
  const button = (
    <Button
      icon={props.icon}
      danger={props.danger}
      type={props.type}
      block={props.block}
      loading={props.pending}
      disabled={Boolean(reason)}
      onClick={props.onClick}
      data-testid={`control-${props.id ?? props.action}`}
      data-refusal={refusal?.key ?? ''}
    >
      {props.label}
    </Button>
  );
  if (!reason) return button;
  // A disabled button gets no pointer events: the wrapper carries the tooltip.
  return (
    <Tooltip title={reason} placement="left">
      <span className="remote-control__disabled" style={props.block ? { display: 'block' } : undefined}>
        {button}
      </span>
    </Tooltip>
  );
}
