import { isMessageKey, type Language, translate } from '@aos/contract';
import type { ZodType } from 'zod';

/**
 * Check one form value with the contract's zod schema of that field and return the message to show, in
 * the user's language, or undefined when the value passes. The same schema checks the submit on the
 * server, so both sides refuse the same input with the same words.
 */
export function schemaProblem(
  schema: ZodType,
  value: unknown,
  language: Language,
  label: string,
): string | undefined {
  const input = value === '' || value === null ? undefined : value;
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0] as (typeof result.error.issues)[0] & {
    maximum?: unknown;
    minimum?: unknown;
  };
  const params = { field: label, maximum: String(issue.maximum ?? ''), minimum: String(issue.minimum ?? '') };
  if (issue.code === 'invalid_type' && input === undefined)
    return translate(language, 'validation.required', params);
  if (isMessageKey(issue.message)) return translate(language, issue.message, params);
  return translate(language, 'validation.invalid', params);
}
