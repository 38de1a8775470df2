import type { MessageKey } from '@aos/contract';

/**
 * A failure the client should see: HTTP status and envelope code agree, the message is a catalog key
 * translated to the caller's language, `data` carries details such as `{errors: {field: message}}`.
 */
export class AppError extends Error {
  constructor(
    /** 502-504: a device or the device link failed; not a fault of this server, so not an error log */
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 500 | 502 | 503 | 504,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(400, key, params);
export const notFound = () => new AppError(404, 'common.notFound');
export const forbidden = (key: MessageKey = 'common.forbidden') => new AppError(403, key);
export const unauthorized = (key: MessageKey = 'common.unauthorized') => new AppError(401, key);

/** A field-level validation failure raised by a service rule (not by a schema). */
export function fieldError(
  field: string,
  key: MessageKey,
  params?: Record<string, string | number>,
): AppError {
  return new AppError(400, key, { field, ...params }, { field });
}

/** OAuth2 token-endpoint failure: answered as plain `{error, error_description}` (PROTOCOLS.md §1). */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type',
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}
