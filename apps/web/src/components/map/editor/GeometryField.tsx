import type { Geometry, GeometryType } from '@aos/contract';
import { GeometryEditor } from './GeometryEditor';

export interface GeometryFieldProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  types?: readonly GeometryType[];
  disabled?: boolean;
  /** the name exported files carry */
  name?: string;
  height?: number;
}

/**
 * The geometry editor as a CrudPage `custom` field (`renderInput`): the form holds the contract's Geometry
 * object (what submit sends and detail returns) and the column's `schema` (e.g. AreaGeometry) checks it.
 */
export function GeometryField({ value, onChange, types, disabled, name, height = 320 }: GeometryFieldProps) {
  return (
    <GeometryEditor
      value={isGeometry(value) ? value : null}
      onChange={(next) => onChange?.(next ?? undefined)}
      types={types}
      disabled={disabled}
      name={name}
      height={height}
      testId="field-geometry"
    />
  );
}

function isGeometry(value: unknown): value is Geometry {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}
