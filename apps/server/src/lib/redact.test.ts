import { describe, expect, it } from 'vitest';
import { PARAMS_MAX, paramsText, redact, tenantErrorMessage } from './redact.js';

describe('redact', () => {
  it('hides passwords, tokens, secrets and captcha answers at any depth', () => {
    expect(
      redact({
        account: 'ada',
        password: 'x',
        oldPassword: 'y',
        newPassword1: 'z',
        refresh_token: 't',
        nested: { secretKey: 's', accessKey: 'AKIA', list: [{ clientSecret: 'c' }] },
        captchaCode: 'ab12',
      }),
    ).toEqual({
      account: 'ada',
      password: '***',
      oldPassword: '***',
      newPassword1: '***',
      refresh_token: '***',
      nested: { secretKey: '***', accessKey: 'AKIA', list: [{ clientSecret: '***' }] },
      captchaCode: '***',
    });
  });

  it('hides a numeric verification code but keeps a dictionary code', () => {
    expect(redact({ code: '123456', value: 654321 })).toEqual({ code: '***', value: '***' });
    expect(redact({ code: 'notice', dictKey: '1' })).toEqual({ code: 'notice', dictKey: '1' });
  });
});

describe('paramsText', () => {
  it('keeps query and body as JSON, null when both are empty', () => {
    expect(paramsText({ ids: ['1', '2'] }, { name: 'a', password: 'p' })).toBe(
      '{"query":{"ids":["1","2"]},"body":{"name":"a","password":"***"}}',
    );
    expect(paramsText({}, undefined)).toBeNull();
  });

  it('cuts long parameters', () => {
    const text = paramsText({}, { remark: 'x'.repeat(10_000) })!;
    expect(text).toHaveLength(PARAMS_MAX);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('tenantErrorMessage', () => {
  it('keeps what happened, never SQL, parameters or the server’s paths', () => {
    expect(tenantErrorMessage('connection refused')).toBe('connection refused');
    expect(tenantErrorMessage('Failed query: select * from "blade_user"\nparams: 1')).toBe(
      'A database query failed',
    );
    expect(tenantErrorMessage('syntax near: UPDATE blade_user SET x = 1 WHERE id = 2')).toBe(
      'A database query failed',
    );
    expect(tenantErrorMessage("ENOENT: no such file, open '/srv/aos/data/files/x.png'")).toBe(
      "ENOENT: no such file, open '[path]'",
    );
    expect(tenantErrorMessage('first line\n    at handler (/srv/aos/dist/app.js:1:1)')).toBe('first line');
    expect(tenantErrorMessage(null)).toBeNull();
  });
});
