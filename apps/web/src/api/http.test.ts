import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildUrl,
  configureHttp,
  fieldErrors,
  HttpError,
  request,
  requestFile,
  TransportError,
} from './http';

const shown: string[] = [];
let unauthorized = 0;
let whiteList: number[] = [];

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

function setup(fetcher: typeof fetch, token = 'T') {
  configureHttp(
    {
      basicAuth: () => 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
      token: () => token,
      tenantId: () => '000000',
      language: () => 'en-US',
      statusWhiteList: () => whiteList,
      showError: (message) => shown.push(message),
      unknownError: () => 'unknown error',
      onUnauthorized: () => unauthorized++,
    },
    fetcher,
  );
}

beforeEach(() => {
  shown.length = 0;
  unauthorized = 0;
  whiteList = [];
});

describe('HTTP layer: headers', () => {
  it('sends client Basic auth, the bearer token, the tenant and the language', async () => {
    const fetcher = respond(200, { code: 200, success: true, data: 1, msg: '' });
    setup(fetcher as unknown as typeof fetch);
    await request({ url: '/api/x', params: { a: 1, empty: '', none: undefined } });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x?a=1');
    expect(init.headers).toMatchObject({
      Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
      'Blade-Auth': 'bearer T',
      'Tenant-Id': '000000',
      'Accept-Language': 'en-US',
    });
  });

  it('leaves the token out of anonymous calls', async () => {
    const fetcher = respond(200, { access_token: 'x' });
    setup(fetcher as unknown as typeof fetch);
    await request({ url: '/api/token', anonymous: true });
    const [, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Blade-Auth');
  });
});

describe('HTTP layer: spec §8 request handling', () => {
  it('resolves code 200 with the body', async () => {
    setup(respond(200, { code: 200, data: { id: '1' } }) as unknown as typeof fetch);
    await expect(request({ url: '/api/x' })).resolves.toEqual({ code: 200, data: { id: '1' } });
    expect(shown).toEqual([]);
  });

  it('takes the code from the body before the status', async () => {
    setup(respond(200, { code: 400, msg: 'bad field' }) as unknown as typeof fetch);
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ code: 400, message: 'bad field' });
    expect(shown).toEqual(['bad field']);
  });

  it('uses the status when the body has no code, and shows error_description', async () => {
    setup(
      respond(400, {
        error: 'invalid_grant',
        error_description: 'wrong password',
      }) as unknown as typeof fetch,
    );
    await expect(request({ url: '/api/token' })).rejects.toMatchObject({ code: 400 });
    expect(shown).toEqual(['wrong password']);
  });

  it("shows 'unknown error' when there is neither msg nor error_description", async () => {
    setup(respond(500, 'boom') as unknown as typeof fetch);
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(HttpError);
    expect(shown).toEqual(['unknown error']);
  });

  it("shows a field error without the API's field prefix; the form marks the field itself", async () => {
    const body = { code: 400, success: false, msg: 'postCode: the post code already exists' };
    setup(respond(400, { ...body, data: { errors: { postCode: 'the post code already exists' } } }) as never);
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(HttpError);
    setup(respond(400, body) as never);
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(HttpError);
    expect(shown).toEqual(['the post code already exists', 'postCode: the post code already exists']);
  });

  it('gives the fields a 400 names, for the form to mark them', async () => {
    const errors = { postCode: 'the post code already exists' };
    setup(respond(400, { code: 400, msg: 'postCode: taken', data: { errors } }) as never);
    const refused = await request({ url: '/api/x' }).catch((error: unknown) => error);
    expect(fieldErrors(refused)).toEqual(errors);
    setup(respond(400, { code: 400, msg: 'bad' }) as never);
    expect(fieldErrors(await request({ url: '/api/x' }).catch((error: unknown) => error))).toBeUndefined();
    expect(fieldErrors(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('answers a file with its name, and an error answer of a file call like any other', async () => {
    const file = vi.fn(
      async () =>
        new Response('xlsx bytes', {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': "attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx",
          },
        }),
    );
    setup(file as unknown as typeof fetch);
    const answer = await requestFile({ url: '/api/export' });
    expect(answer.fileName).toBe('用户.xlsx');
    expect(await answer.blob.text()).toBe('xlsx bytes');
    setup(respond(403, { code: 403, success: false, msg: 'no permission' }) as never);
    await expect(requestFile({ url: '/api/export' })).rejects.toBeInstanceOf(HttpError);
    expect(shown).toEqual(['no permission']);
  });

  it('logs out on 401 without a message', async () => {
    setup(respond(401, { code: 401, msg: 'expired' }) as unknown as typeof fetch);
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ code: 401 });
    expect(unauthorized).toBe(1);
    expect(shown).toEqual([]);
  });

  it('rejects a white-listed status silently', async () => {
    whiteList = [403];
    setup(respond(403, { code: 403, msg: 'nope' }) as unknown as typeof fetch);
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ code: 403, shown: false });
    expect(shown).toEqual([]);
  });

  it('treats statuses above 500 and network failures as transport errors without a message', async () => {
    setup(respond(502, 'bad gateway') as unknown as typeof fetch);
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(TransportError);
    setup(vi.fn(async () => Promise.reject(new TypeError('failed to fetch'))) as unknown as typeof fetch);
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(TransportError);
    expect(shown).toEqual([]);
  });

  it('gives up after the timeout without a message', async () => {
    const hanging = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    setup(hanging as unknown as typeof fetch);
    await expect(request({ url: '/api/x', timeout: 20 })).rejects.toBeInstanceOf(TransportError);
    expect(shown).toEqual([]);
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/a', { x: 'b c', y: null, z: 0 })).toBe('/a?x=b+c&z=0');
    expect(buildUrl('/a?k=1', { x: 2 })).toBe('/a?k=1&x=2');
  });
});
