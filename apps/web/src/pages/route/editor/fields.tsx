import { Form, InputNumber } from 'antd';
import type { ReactNode } from 'react';

/**
 * How the editor's panels draw a field: its label, the message of the problem at its path (the server's
 * refusal first, then the live planners'), and number inputs that show the same problem.
 */
export interface FieldKit {
  problem(path: string): string | undefined;
  item(label: ReactNode, path: string, control: ReactNode, testId?: string): ReactNode;
  number(
    path: string,
    value: unknown,
    onChange: (value: number | null) => void,
    testId: string,
    extra?: { min?: number; max?: number; step?: number },
  ): ReactNode;
}

export function fieldKit(problem: (path: string) => string | undefined, readOnly: boolean): FieldKit {
  return {
    problem,
    item(label, path, control, testId) {
      const text = problem(path);
      return (
        <Form.Item label={label} validateStatus={text ? 'error' : undefined} help={text} data-testid={testId}>
          {control}
        </Form.Item>
      );
    },
    number(path, value, onChange, testId, extra) {
      return (
        <InputNumber
          style={{ width: '100%' }}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          data-testid={testId}
          disabled={readOnly}
          {...extra}
          aria-invalid={problem(path) ? true : undefined}
        />
      );
    },
  };
}

/** Setters of the design's planner parameters, waypoint defaults and mission settings. */
export interface DesignSetters {
  setParam(name: string, value: unknown): void;
  setDefault(name: string, value: unknown): void;
  setMission(patch: Record<string, unknown>, key: string): void;
}
