import { type Language, translate } from '@aos/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError, OAuthError } from '../lib/errors.js';
import { isUnavailable } from '../lib/unavailable.js';
import { toWire, type Wire } from '../lib/wire.js';
import { isConsoleRoute } from './console.js';
import type { Envelope } from './types.js';

/** Marks an error built by our validator so the handler can name the fields. */
export class SchemaValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('validation failed');
  }
}

/**
 * A query string without its empty values. Spring binds `deptId=` (what axios sends for an unset filter, as the
 * BladeX Saber console does on every list screen) as an absent parameter, and so do we: an optional filter is
 * then not applied, and a required parameter says it is required. No query parameter gives '' a meaning.
 */
export function withoutEmptyValues(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      const values = value.filter((item) => item !== '');
      if (values.length) kept[key] = values;
    } else if (value !== '') {
      kept[key] = value;
    }
  }
  return kept;
}

/**
 * Where the first string holding NUL (U+0000) is in a request's query or body, or null. No text we keep may
 * hold one (PostgreSQL's text cannot), so every such input is refused at the door, naming its field, before
 * any schema or service sees it. Other control characters are text like any other.
 */
export function nulPath(
  data: unknown,
  path: Array<string | number> = [],
  depth = 0,
): Array<string | number> | null {
  if (typeof data === 'string') return data.includes('\u0000') ? path : null;
  if (!data || typeof data !== 'object' || depth > 16) return null;
  for (const [key, value] of Object.entries(data)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulPath(value, [...path, Array.isArray(data) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Validate with the contract's zod schemas, keeping each issue's input so its message can be localized.
 * Every query string loses its empty values first (see withoutEmptyValues); a NUL anywhere is refused (nulPath).
 */
export function validatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zodSchema = schema as z.ZodType;
  const prepare = httpPart === 'querystring' ? withoutEmptyValues : (data: unknown) => data;
  return (data: unknown) => {
    // query and body: a path's own parameters keep their route's answer (a file path with NUL is a 404)
    const nul = httpPart === 'querystring' || httpPart === 'body' ? nulPath(data) : null;
    if (nul) {
      return {
        error: new SchemaValidationError([
          { code: 'custom', path: nul, message: 'validation.nul', input: undefined } as z.core.$ZodIssue,
        ]),
      };
    }
    const result = zodSchema.safeParse(prepare(data), { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new SchemaValidationError(result.error.issues) };
  };
}

const zodLocales = { 'zh-CN': z.locales.zhCN(), 'en-US': z.locales.en() };

/** One message per field: our catalog keys are translated, zod's own messages come in the caller's language. */
export function fieldErrors(
  issues: z.core.$ZodIssue[],
  language: Language,
  context: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : context;
    if (errors[field]) continue;
    const raw = issue as z.core.$ZodIssue & { input?: unknown; maximum?: unknown; minimum?: unknown };
    const params = { field, maximum: String(raw.maximum ?? ''), minimum: String(raw.minimum ?? '') };
    if (issue.code === 'invalid_type' && raw.input === undefined) {
      errors[field] = translate(language, 'validation.required', params);
    } else if (issue.message.includes('.') && translate(language, issue.message, params) !== issue.message) {
      errors[field] = translate(language, issue.message, params);
    } else {
      const localized = zodLocales[language].localeError(raw as never);
      errors[field] = typeof localized === 'string' ? localized : (localized?.message ?? issue.message);
    }
  }
  return errors;
}

/** Plain JSON: `reply.ok` already put times in the API's format; response schemas document, not re-check. */
export function serialize(payload: unknown): string {
  return JSON.stringify(payload);
}

/** Envelope, error mapping and serialization (ARCHITECTURE.md "API conventions", PROTOCOLS.md §1). */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.decorateReply('ok', function ok<
    T,
  >(this: { request: { language: Language } }, data: T, message = 'common.ok') {
    const body: Envelope<Wire<T>> = {
      code: 200,
      success: true,
      data: toWire(data),
      msg: translate(this.request.language, message),
    };
    return body;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => serialize);
  app.setReplySerializer(serialize);

  app.setNotFoundHandler(async (request, reply) => {
    // A console route (/login, /system/user/index...) is the single-page app's: it answers index.html.
    if (isConsoleRoute(request.method, request.url)) return reply.consolePage();
    return reply
      .status(404)
      .send(
        fail(
          404,
          translate(request.language, 'common.routeNotFound', { path: request.url.split('?')[0] ?? '' }),
        ),
      );
  });

  app.setErrorHandler(async (error: FastifyError | AppError | OAuthError, request, reply) => {
    const language = request.language;
    if (error instanceof OAuthError) {
      return reply
        .status(error.status)
        .send({ error: error.error, error_description: translate(language, error.messageKey, error.params) });
    }
    if (error instanceof AppError) {
      // a 500, or an outside service's failure whose cause the administrator needs (a store failure)
      if (error.status === 500 || error.cause !== undefined) {
        request.log.error({ err: error }, 'request failed');
        app.services.logs.serverError(request, error);
      }
      const msg = translate(language, error.messageKey, error.params);
      const field = error.params.field;
      const data = field ? { errors: { [field]: msg } } : error.data;
      return reply.status(error.status).send(fail(error.status, field ? `${field}: ${msg}` : msg, data));
    }
    if (error instanceof SchemaValidationError) {
      const context = (error as unknown as { validationContext?: string }).validationContext ?? 'body';
      const errors = fieldErrors(error.issues, language, context);
      const [first] = Object.entries(errors);
      return reply.status(400).send(fail(400, first ? `${first[0]}: ${first[1]}` : '', { errors }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 && isUnavailable(error)) {
      // PostgreSQL or Redis is restarting: the client may try again; logged without a stack, not an error log
      request.log.warn(
        { reason: (error as Error).message },
        'request failed: a backing service is unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(fail(503, translate(language, 'common.unavailable')));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      app.services.logs.serverError(request, error);
      return reply.status(500).send(fail(500, translate(language, 'common.serverError')));
    }
    const known: Record<string, Parameters<typeof translate>[1]> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'common.badJson',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'common.badJson',
      FST_ERR_CTP_BODY_TOO_LARGE: 'common.tooLarge',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'common.unsupportedMediaType',
    };
    const key = known[error.code];
    const code = status === 413 ? 400 : status;
    return reply.status(code).send(fail(code, key ? translate(language, key) : error.message));
  });
});

export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, success: false, data, msg };
}
