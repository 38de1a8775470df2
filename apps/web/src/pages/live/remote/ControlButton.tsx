import type { Refusal } from '@aos/contract';
import { Button, type ButtonProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useRefusalText } from './commands';

export interface ControlButtonProps {
  /** the action name: test id `control-<id>` */
  id: string;
  label: ReactNode;
  icon?: ReactNode;
  /** the contract predicate's answer for now; null = allowed */
  refusal: Refusal | null;
  /** why the user may not use it at all (missing permission), shown like a refusal */
  forbidden?: string | null;
  pending?: boolean;
  danger?: boolean;
  type?: ButtonProps['type'];
  block?: boolean;
  onClick: () => void;
}

/**
 * A command button: enabled only when the contract's predicate allows the action (and the user holds its
 * permission), with the reason as its tooltip otherwise: the same words the server would refuse with.
 */
export function ControlButton(props: ControlButtonProps) {
  const refusalText = useRefusalText();
  const reason = props.forbidden ?? refusalText(props.refusal);
  const button = (
    <Button
      icon={props.icon}
      danger={props.danger}
      type={props.type}
      block={props.block}
      loading={props.pending}
      disabled={Boolean(reason)}
      onClick={props.onClick}
      data-testid={`control-${props.id}`}
      data-refusal={props.forbidden ? 'forbidden' : (props.refusal?.key ?? '')}
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
