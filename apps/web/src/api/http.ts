import { REQUEST_TIMEOUT_MS, TOKEN_HEADER } from '@aos/contract/rules';

/**
 * The one HTTP layer every call goes through (spec §7 conventions, §8 "Request handling"): client Basic auth,
 * `Blade-Auth: bearer`, `Tenant-Id`, `Accept-Language`, a 30 s timeout, and the error rules:
 * - statuses 200 to 500 reach the handler; anything else is a transport error;
 * - the code is the body's `code`, else the HTTP status;
 * - a status on the white list is rejected silently;
 * - 401 logs out and goes to /login;
 * - any other code but 200 shows `msg` or `error_description` (else 'unknown error') and fails;
 * - transport errors (network, timeout) fail without a message.
 */
export interface HttpEnvironment {
  basicAuth: () => string;
  token: () => string | undefined;
  tenantId: () => string | undefined;
  language: () => string;
  statusWhiteList: () => number[];
  showError: (message: string) => void;
  unknownError: () => string;
  onUnauthorized: () => void;
}

export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body: unknown,
    /** true when a message was already shown to the user */
    readonly shown: boolean,
  ) {
    super(message);
  }
}

export class TransportError extends Error {}

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  /** milliseconds; 0 = none (uploads) */
  timeout?: number;
  /** leave out the bearer token (sign-in) */
  anonymous?: boolean;
  /** fail without showing the error to the user (a background call whose caller says what it means) */
  quiet?: boolean;
}

/** A file the API answered with (`requestFile`). */
export interface FileAnswer {
  blob: Blob;
  /** the name from `Content-Disposition` (`filename*=UTF-8''...`), if any */
  fileName?: string;
}

let environment: HttpEnvironment | undefined;
let fetchImpl: typeof fetch = (...args) => fetch(...args);

export function configureHttp(next: HttpEnvironment, fetcher?: typeof fetch): void {
  environment = next;
  if (fetcher) fetchImpl = fetcher;
}

export function buildUrl(url: string, params?: Record<string, unknown>): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

export function request<T = unknown>(options: RequestOptions): Promise<T> {
  return send<T>(options, false);
}

/**
 * A call that answers with a file (exports, templates, attachments): same headers and the same error rules
 * as every other call (an error answer is JSON), the file otherwise.
 */
export function requestFile(options: RequestOptions): Promise<FileAnswer> {
  return send<FileAnswer>(options, true);
}

async function send<T>(options: RequestOptions, file: boolean): Promise<T> {
  const env = environment;
  if (!env) throw new Error('configureHttp was not called');
  const headers: Record<string, string> = {
    Authorization: env.basicAuth(),
    'Accept-Language': env.language(),
    ...options.headers,
  };
  const token = env.token();
  if (token && !options.anonymous) headers[TOKEN_HEADER] = `bearer ${token}`;
  const tenantId = env.tenantId();
  if (tenantId && !headers['Tenant-Id']) headers['Tenant-Id'] = tenantId;
  let body: BodyInit | undefined;
  if (options.data instanceof FormData) body = options.data;
  else if (options.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.data);
  }

  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = timeout > 0 ? setTimeout(() => controller.abort(), timeout) : undefined;
  let response: Response;
  try {
    response = await fetchImpl(buildUrl(options.url, options.params), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
  } catch (error) {
    throw new TransportError((error as Error).message || 'network error');
  } finally {
    if (timer) clearTimeout(timer);
  }
  if (response.status < 200 || response.status > 500) throw new TransportError(`HTTP ${response.status}`);

  const type = response.headers.get('content-type') ?? '';
  if (file && response.status === 200 && !type.includes('application/json')) {
    const match = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '');
    const answer: FileAnswer = {
      blob: await response.blob(),
      fileName: match?.[1] && decodeURIComponent(match[1]),
    };
    return answer as T;
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  const record = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  const code = typeof record.code === 'number' ? record.code : response.status;
  if (env.statusWhiteList().includes(code)) throw new HttpError('', code, parsed, false);
  if (code === 401) {
    env.onUnauthorized();
    throw new HttpError(messageOf(record) ?? env.unknownError(), code, parsed, false);
  }
  if (code !== 200) {
    const message = messageOf(record) ?? env.unknownError();
    if (!options.quiet) env.showError(message);
    throw new HttpError(message, code, parsed, !options.quiet);
  }
  return parsed as T;
}

function messageOf(record: Record<string, unknown>): string | undefined {
  const message = record.msg || record.error_description;
  if (typeof message !== 'string' || !message) return undefined;
  // A 400 names its field for API clients ("postCode: ..."); people see the field marked in the form.
  const errors = (record.data as { errors?: Record<string, unknown> } | null | undefined)?.errors;
  if (errors && typeof errors === 'object') {
    for (const [field, text] of Object.entries(errors)) {
      if (message === `${field}: ${String(text)}`) return String(text);
    }
  }
  return message;
}

/** The fields a refused submit names (a 400's `data.errors`, field → message), for the form to mark. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  return (error.body as { data?: { errors?: Record<string, string> } } | null | undefined)?.data?.errors;
}

/** The envelope's data, for the common case. */
export async function requestData<T>(options: RequestOptions): Promise<T> {
  const body = await request<{ data: T }>(options);
  return body.data;
}
