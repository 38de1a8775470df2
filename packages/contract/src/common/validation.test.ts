import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IdList, keyFilter, num, PageQuery, text } from './schemas.js';
import { translate } from '../messages.js';
import {
  isEmail,
  isEmpty,
  isStrongPassword,
  phoneError,
  positiveValueError,
  radiusError,
  timeRangeError,
} from '../rules.js';
import { Email, optionalTenantUrl, parseTenantUrl, Radius, tenantUrl, Url } from './validation.js';

describe('spec §5 empty check', () => {
  it('treats null, undefined, the strings null/undefined, empty string, [] and {} as empty', () => {
    for (const value of [null, undefined, 'null', 'undefined', '', [], {}])
      expect(isEmpty(value), String(value)).toBe(true);
  });
  it('never treats numbers or booleans as empty', () => {
    for (const value of [0, false, true, Number.NaN, ' ', [0], { a: 1 }])
      expect(isEmpty(value), String(value)).toBe(false);
  });
});

describe('spec §5 phone', () => {
  it('gives phoneEmptyError for an empty phone', () => {
    expect(phoneError('')).toBe('phoneEmptyError');
    expect(phoneError(null)).toBe('phoneEmptyError');
  });
  it('accepts mobiles (1, then 3-9, then 9 digits) and landlines (0 + 2-3 digits, optional hyphen, 3-8 digits)', () => {
    for (const phone of [
      '13812345678',
      '19900000000',
      '010-12345678',
      '0755-1234567',
      '021123',
      '02112345678',
    ]) {
      expect(phoneError(phone), phone).toBeUndefined();
    }
  });
  it('gives phoneFormatError otherwise', () => {
    for (const phone of ['12812345678', '1381234567', '138123456789', '10-1234567', '0755-12', 'abc']) {
      expect(phoneError(phone), phone).toBe('phoneFormatError');
    }
  });
});

describe('spec §5 passwords, URL, text and time', () => {
  it('wants 6 to 16 characters with upper, lower case and digits', () => {
    expect(isStrongPassword('Abc123')).toBe(true);
    expect(isStrongPassword('Abcdef1234567890')).toBe(true);
    for (const weak of ['Ab12', 'abc123', 'ABC123', 'Abcdef', 'Abcdef12345678901'])
      expect(isStrongPassword(weak), weak).toBe(false);
  });
  it('agrees with the server on email addresses', () => {
    for (const email of ['pilot@example.com', 'a.b@c.cn']) {
      expect(isEmail(email), email).toBe(true);
      expect(Email.safeParse(email).success, email).toBe(true);
    }
    for (const email of ['pilot', 'a@b', 'a b@c.cn']) expect(isEmail(email), email).toBe(false);
  });
  it('wants URLs to start with http or https', () => {
    expect(Url.safeParse('https://example.com').success).toBe(true);
    expect(Url.safeParse('HTTP://example.com').success).toBe(true);
    expect(Url.safeParse('ftp://example.com').success).toBe(false);
  });
  it('refuses text that is all spaces or over the limit', () => {
    expect(text().safeParse('   ').success).toBe(false);
    expect(text().safeParse('a'.repeat(200)).success).toBe(true);
    expect(text().safeParse('a'.repeat(201)).success).toBe(false);
    expect(text(300).safeParse('a'.repeat(300)).success).toBe(true);
  });
  it('wants both times chosen and the start before the end', () => {
    expect(timeRangeError('', '2026-01-01 00:00:00')).toBe('timeRequired');
    expect(timeRangeError('2026-01-02 00:00:00', '2026-01-01 00:00:00')).toBe('timeOrder');
    expect(timeRangeError('2026-01-01 00:00:00', '2026-01-01 00:00:00')).toBe('timeOrder');
    expect(timeRangeError('2026-01-01 00:00:00', '2026-01-02 00:00:00')).toBeUndefined();
  });
});

describe('spec §5 radius and values', () => {
  it('wants a radius, and at least 5', () => {
    expect(radiusError(undefined)).toBe('radiusEmpty');
    expect(radiusError('  ')).toBe('radiusEmpty');
    expect(radiusError('abc')).toBe('radiusEmpty');
    expect(radiusError(4.9)).toBe('radiusMin');
    expect(radiusError('5')).toBeUndefined();
    expect(Radius.safeParse(4).success).toBe(false);
    expect(Radius.safeParse('12').success).toBe(true);
  });
  it('wants a value, and at least 1', () => {
    expect(positiveValueError('')).toBe('valueEmpty');
    expect(positiveValueError(0)).toBe('valueMin1');
    expect(positiveValueError(1)).toBeUndefined();
  });
});

describe('request shapes', () => {
  it('pages default to current 1, size 10 and cap the size', () => {
    expect(PageQuery.parse({})).toEqual({ current: 1, size: 10 });
    expect(PageQuery.safeParse({ size: '10000' }).success).toBe(false);
  });
  it('reads comma-separated id lists', () => {
    expect(IdList.parse('1,22, 333')).toEqual(['1', '22', '333']);
    // one parser (splitIds): empty parts are dropped and duplicates removed, as BladeX's Func.toLongList does
    expect(IdList.parse('1,,2, 1')).toEqual(['1', '2']);
    expect(IdList.safeParse(' , ').success).toBe(false);
    expect(IdList.safeParse('1,x').success).toBe(false);
  });
  it('translates message keys with parameters in both languages', () => {
    expect(translate('zh-CN', 'validation.textMax', { maximum: 200 })).toBe('长度不能超过 200 个字符');
    expect(translate('en-US', 'validation.passwordMismatch')).toBe(
      'The password entered twice is inconsistent',
    );
    expect(translate('en-US', 'plain text stays')).toBe('plain text stays');
  });
  it('translates a `rule` parameter that is a message key, with the other parameters', () => {
    const params = {
      number: 3,
      path: 'geometry.coordinates',
      rule: 'gis.selfIntersection',
      at: '116.3,39.9',
    };
    expect(translate('en-US', 'gis.importFeature', params)).toBe(
      'shape 3, geometry.coordinates: the boundary crosses itself; move the nodes (near 116.3,39.9)',
    );
    expect(translate('zh-CN', 'gis.importFeature', params)).toBe(
      '第 3 个图形的 geometry.coordinates 有误：边界自相交，请调整节点（约在 116.3,39.9）',
    );
    // other parameters, and a rule that is plain text, stay as they are
    expect(translate('en-US', 'gis.importFeature', { ...params, rule: 'odd', path: 'gis.shape' })).toBe(
      'shape 3, gis.shape: odd',
    );
  });
});

describe('numbers (num)', () => {
  const sort = num(z.number().int().min(0).max(9999).default(1));
  const required = num(z.number().int());
  it('reads numbers and numeric text; a blank is absent, never 0', () => {
    expect(sort.parse(5)).toBe(5);
    expect(sort.parse(' 7 ')).toBe(7);
    expect(sort.parse('')).toBe(1);
    expect(sort.parse(undefined)).toBe(1);
    expect(required.safeParse('').success).toBe(false);
  });
  it('refuses what is not a number instead of making it 0 or 1', () => {
    for (const value of [null, true, false, [5], {}, 'x', '1x', Infinity]) {
      expect(required.safeParse(value).success, String(value)).toBe(false);
    }
    expect(sort.safeParse(1.5).success).toBe(false);
  });
  it('keeps a key filter within smallint, so no filter can make a query fail', () => {
    expect(keyFilter().parse('2')).toBe(2);
    expect(keyFilter().parse(undefined)).toBeUndefined();
    expect(keyFilter().safeParse('99999999999').success).toBe(false);
  });
});

describe('num: how a number field reads its input', () => {
  const plain = num(z.number({ message: 'own' }).int().optional());
  const own = num(z.number({ message: 'own' }).int().optional(), { ownMessage: true });
  it('reads numeric strings and treats blank as absent, unless the field answers missing with its own message', () => {
    expect(plain.safeParse(' 12 ').data).toBe(12);
    expect(own.safeParse('12').data).toBe(12);
    for (const missing of [undefined, '', '  ']) {
      expect(plain.safeParse(missing), String(missing)).toEqual({ success: true, data: undefined });
      expect(own.safeParse(missing).error?.issues[0]?.message, String(missing)).toBe('own');
    }
    expect(own.safeParse(null).error?.issues[0]?.message).toBe('own');
    expect(own.safeParse(true).success).toBe(false);
    expect(own.safeParse('abc').success).toBe(false);
  });
});

describe('tenant-configured URLs (issue 14)', () => {
  const error = (value: string, query = false) => {
    const parsed = parseTenantUrl(value, { query });
    return 'error' in parsed ? parsed.error : undefined;
  };
  const normalised = (value: string, query = false) => {
    const parsed = parseTenantUrl(value, { query });
    return 'url' in parsed ? parsed.url : parsed.error;
  };

  it('stores the WHATWG-normalised form: numeric hosts as addresses, case, dot segments, a lone slash', () => {
    expect(normalised('HTTPS://S3.Example.COM/')).toBe('https://s3.example.com');
    expect(normalised('http://0x7f000001/')).toBe('http://127.0.0.1');
    expect(normalised('http://2130706433/')).toBe('http://127.0.0.1');
    expect(normalised('http://0177.0.0.1:80/')).toBe('http://127.0.0.1');
    expect(normalised('http://[::ffff:127.0.0.1]:9000')).toBe('http://[::ffff:7f00:1]:9000');
    expect(normalised('https://fh.example.com/a/../openapi/')).toBe('https://fh.example.com/openapi/');
    expect(normalised('https://cdn.example.com/bg.png?v=2', true)).toBe('https://cdn.example.com/bg.png?v=2');
  });

  it('refuses each kind of smuggling with its own message', () => {
    const cases: Array<[string, string]> = [
      ['ftp://example.com', 'validation.url'],
      ['http:/example.com', 'validation.url'],
      ['http:///example.com', 'validation.url'],
      ['//example.com', 'validation.url'],
      ['example.com', 'validation.url'],
      ['http:\\\\127.0.0.1', 'validation.urlCharacters'],
      ['http://exa mple.com', 'validation.urlCharacters'],
      ['http://example.com/\u0000', 'validation.urlCharacters'],
      ['http://example.com/a\tb', 'validation.urlCharacters'],
      ['http://user:pw@example.com', 'validation.urlCredentials'],
      ['http://@example.com', 'validation.urlCredentials'],
      ['http://example.com#', 'validation.urlFragment'],
      ['http://127.0.0.1:9000/any/path?x=#', 'validation.urlFragment'],
      ['http://127.0.0.1:9000/any/path?x=', 'validation.urlQuery'],
      ['http://example.com/?', 'validation.urlQuery'],
      ['http://exa%mple.com', 'validation.urlFormat'],
      ['http://[::1', 'validation.urlFormat'],
      ['http://example.com:99999', 'validation.urlFormat'],
    ];
    for (const [value, key] of cases) expect(error(value), value).toBe(key);
    expect(error('https://cdn.example.com/x.png?v=1#top', true)).toBe('validation.urlFragment');
  });

  it('as a schema: trimmed, normalised, capped before and after normalising, empty allowed only when optional', () => {
    expect(tenantUrl().parse('  http://S3.example.com/  ')).toBe('http://s3.example.com');
    const issue = tenantUrl().safeParse('http://example.com#x').error?.issues[0];
    expect(issue?.message).toBe('validation.urlFragment');
    expect(
      tenantUrl({ max: 20 }).safeParse('http://example.com/' + 'a'.repeat(10)).error?.issues[0]?.message,
    ).toBe('validation.textMax');
    // 'ü' is one character and becomes 'xn--tdaaa' (punycode): longer than the cap once normalised
    expect(tenantUrl({ max: 18 }).safeParse('http://üüü.com').error?.issues[0]).toMatchObject({
      message: 'validation.textMax',
      maximum: 18,
    });
    expect(tenantUrl().safeParse('').success).toBe(false);
    expect(optionalTenantUrl().parse('')).toBe('');
    expect(optionalTenantUrl().parse(null)).toBe(null);
    expect(optionalTenantUrl().parse(undefined)).toBe(undefined);
    expect(optionalTenantUrl().safeParse('   ').success).toBe(true);
    expect(optionalTenantUrl().safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      'validation.url',
    );
  });

  it('has a message in both languages for every refusal', () => {
    for (const key of [
      'validation.url',
      'validation.urlFormat',
      'validation.urlCharacters',
      'validation.urlCredentials',
      'validation.urlFragment',
      'validation.urlQuery',
      'validation.urlPrivate',
    ]) {
      expect(translate('zh-CN', key), key).not.toBe(key);
      expect(translate('en-US', key), key).not.toBe(key);
    }
  });
});
