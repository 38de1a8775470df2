import { z } from 'zod';
import { AuditFields, Id, optionalText } from '../common/schemas.js';

/**
 * Schemas of the param area (spec §3 Parameter, §5, §7): platform-wide settings read by key. The table has no
 * tenant: every tenant reads the same values and only the platform tenant changes them.
 */

/** Keys the server itself reads: they cannot be removed or renamed. */
export const PARAM_KEYS = {
  /** the password a reset sets (spec §5 "Password reset sets the password to a fixed default") */
  initPassword: 'account.initPassword',
} as const;
export const BUILT_IN_PARAM_KEYS: readonly string[] = Object.values(PARAM_KEYS);

export const PARAM_TEXT_MAX = 200;
export const PARAM_VALUE_MAX = 2000;

/** Missing, empty or all spaces gets the field's own message of spec §5. */
function enterText(message: string, max: number) {
  return z.preprocess(
    (value) => value ?? '',
    z.string().trim().min(1, { message }).max(max, { message: 'validation.textMax' }),
  );
}

export const ParamName = enterText('param.nameRequired', PARAM_TEXT_MAX);
export const ParamKey = enterText('param.keyRequired', PARAM_TEXT_MAX);
/** multi-line; kept as typed apart from the surrounding spaces */
export const ParamValue = enterText('param.valueRequired', PARAM_VALUE_MAX);

export const ParamSchema = AuditFields.extend({
  id: Id,
  paramName: z.string(),
  paramKey: z.string(),
  paramValue: z.string(),
  remark: z.string().nullable(),
});
export type Param = z.infer<typeof ParamSchema>;

export const ParamSubmit = z.object({
  id: Id.optional(),
  paramName: ParamName,
  paramKey: ParamKey,
  paramValue: ParamValue,
  remark: optionalText(),
});
export type ParamSubmit = z.infer<typeof ParamSubmit>;

/** paramName and paramKey are searchable (contains); paramValue is not (spec §3). */
export const ParamPageQuery = z.object({
  paramName: z.string().max(PARAM_TEXT_MAX).optional(),
  paramKey: z.string().max(PARAM_TEXT_MAX).optional(),
});
