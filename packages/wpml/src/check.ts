import type { z } from 'zod';

/**
 * A fast yes/no check of a value against a zod schema, compiled once from the schema itself so that it follows
 * the contract: objects, arrays, tuples, optionals, nullables, enums, numbers, strings and booleans are checked
 * by plain loops; anything else (a regex, a refinement, a union, a transform) is handed to zod at that leaf and
 * passes only when zod gives the value back unchanged.
 *
 * Why: `waylineFileSchema.safeParse` of a 1,000-waypoint model (200,000 values) took longer than reading the
 * XML. The reader builds the model with exactly the schema's keys and every default filled, so when this check
 * says yes, the model is what zod would have returned (same keys, same values); when it says no, the reader
 * runs zod as before, which finds the issue and names its path. The check may refuse more than zod (a default
 * left to fill, an unknown key to strip, a kind it does not compile): that only costs the slow path, never a
 * different answer. `check.test.ts` compares the two on values at and beyond every bound.
 */
export type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  entries?: Record<string, string | number>;
}
interface CheckDef {
  check: string;
  format?: string;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** zod itself, at one leaf: passes only when zod takes the value as it is. */
function byZod(schema: z.ZodType): Check {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success && Object.is(result.data, value);
  };
}

export function compileCheck(schema: z.ZodType): Check {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  switch (def.type) {
    case 'optional': {
      const inner = compileCheck(def.innerType!);
      return (value) => value === undefined || inner(value);
    }
    case 'nullable': {
      const inner = compileCheck(def.innerType!);
      return (value) => value === null || inner(value);
    }
    case 'default': {
      // undefined would be replaced by the default: not "unchanged", so zod decides
      const inner = compileCheck(def.innerType!);
      return (value) => value !== undefined && inner(value);
    }
    case 'boolean':
      return checks.length ? byZod(schema) : (value) => typeof value === 'boolean';
    case 'enum': {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return checks.length ? byZod(schema) : (value) => allowed.has(value as string);
    }
    case 'number':
      return numberCheck(schema, checks);
    case 'string': {
      if (checks.some((check) => check.check !== 'min_length' && check.check !== 'max_length')) {
        return byZod(schema);
      }
      const { min, max } = lengths(checks);
      return (value) => typeof value === 'string' && value.length >= min && value.length <= max;
    }
    case 'array': {
      if (checks.some((check) => check.check !== 'min_length' && check.check !== 'max_length')) {
        return byZod(schema);
      }
      const { min, max } = lengths(checks);
      const element = compileCheck(def.element!);
      return (value) => {
        if (!Array.isArray(value) || value.length < min || value.length > max) return false;
        for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
        return true;
      };
    }
    case 'tuple': {
      if (checks.length || def.rest) return byZod(schema);
      const items = def.items!.map(compileCheck);
      return (value) => {
        if (!Array.isArray(value) || value.length !== items.length) return false;
        for (let i = 0; i < items.length; i++) if (!items[i]!(value[i])) return false;
        return true;
      };
    }
    case 'object': {
      // a catch-all (strict, passthrough) or a refinement of the whole object: zod's business
      if (checks.length || def.catchall) return byZod(schema);
      const keys = Object.keys(def.shape!);
      const fields = keys.map((key) => compileCheck(def.shape![key]!));
      const known = new Set(keys);
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const record = value as Record<string, unknown>;
        for (let i = 0; i < keys.length; i++) if (!fields[i]!(record[keys[i]!])) return false;
        // zod would strip a key it does not know: the output would differ
        for (const key in record) if (!known.has(key)) return false;
        return true;
      };
    }
    default:
      return byZod(schema);
  }
}

function lengths(checks: CheckDef[]): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? Infinity);
  }
  return { min, max };
}

function numberCheck(schema: z.ZodType, checks: CheckDef[]): Check {
  let min = -Infinity;
  let minInclusive = true;
  let max = Infinity;
  let maxInclusive = true;
  let integer = false;
  for (const check of checks) {
    if (check.check === 'greater_than' && typeof check.value === 'number') {
      if (check.value > min || (check.value === min && !check.inclusive)) {
        min = check.value;
        minInclusive = check.inclusive === true;
      }
    } else if (check.check === 'less_than' && typeof check.value === 'number') {
      if (check.value < max || (check.value === max && !check.inclusive)) {
        max = check.value;
        maxInclusive = check.inclusive === true;
      }
    } else if (check.check === 'number_format' && check.format === 'safeint') {
      integer = true;
    } else {
      return byZod(schema);
    }
  }
  return (value) =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (minInclusive ? value >= min : value > min) &&
    (maxInclusive ? value <= max : value < max) &&
    (!integer || Number.isSafeInteger(value));
}
