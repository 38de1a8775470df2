/** What a log may keep of a call's parameters: everything but secrets, and not too much of it. */

export const REDACTED = '***';
/** Longest params text kept in a log row. */
export const PARAMS_MAX = 4000;

// Passwords (password, oldPassword, newPassword1...), tokens, client and storage secrets, captcha answers.
const SECRET_KEY = /pass(word|wd)?|secret|token|captcha|credential|private|authorization|signature/i;
// A key like `code` or `value` holding a few digits is a verification code (sms, captcha, social login).
const CODE_KEY = /^(code|value|smscode|validatecode)$/i;
const CODE_VALUE = /^\s*\d{4,8}\s*$/;

function isSecret(key: string, value: unknown): boolean {
  if (SECRET_KEY.test(key)) return true;
  return (
    CODE_KEY.test(key) &&
    (typeof value === 'string' || typeof value === 'number') &&
    CODE_VALUE.test(String(value))
  );
}

/** A copy of `value` with every secret replaced by `***`, at any depth; cycles and odd objects are cut short. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[…]';
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redact(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    copy[key] = isSecret(key, item) ? REDACTED : redact(item, depth + 1);
  }
  return copy;
}

/** `{query, body}` of a call as JSON text, secrets redacted, cut at PARAMS_MAX characters; null when empty. */
export function paramsText(query: unknown, body: unknown): string | null {
  const parts: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length) parts.query = redact(query);
  if (body !== undefined && body !== null && body !== '') {
    parts.body = typeof body === 'string' ? `[${body.length} characters]` : redact(body);
  }
  if (!Object.keys(parts).length) return null;
  let text: string;
  try {
    text = JSON.stringify(parts);
  } catch {
    return null;
  }
  return text.length > PARAMS_MAX ? `${text.slice(0, PARAMS_MAX - 1)}…` : text;
}

// What of an error's message a tenant may read: not the SQL a failed query quotes, nor its parameters, nor a
// path of the server's files. Drizzle's query errors read `Failed query: <sql>\nparams: <values>`; the
// driver's own messages (`duplicate key value violates unique constraint "..."`) name no data but our schema.
const FAILED_QUERY = /^Failed query:[\s\S]*$/;
const QUERY_WORDS = /\b(select|insert\s+into|update|delete\s+from)\b[\s\S]*\b(from|set|values|where)\b/i;
const FILE_PATH = /(?:file:\/\/)?(?:\/[\w.@+-]+){2,}|[A-Za-z]:\\[^\s'"]+/g;

/** The message of a logged error as a tenant's administrator may read it (the platform reads it whole). */
export function tenantErrorMessage(message: string | null): string | null {
  if (!message) return message;
  if (FAILED_QUERY.test(message) || QUERY_WORDS.test(message)) return 'A database query failed';
  return message.replace(FILE_PATH, '[path]').split('\n')[0]!.slice(0, 500);
}
