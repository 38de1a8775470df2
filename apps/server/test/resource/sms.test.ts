import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logApi, sms, smsOutbox } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { signInWithGrants } from '../org-helper.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
let tenantB: string;
const B = '700001';
const SMS = '/api/blade-resource/sms';

type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
  tenantB = theirs.token;
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const submit = (token: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${SMS}/submit`, { payload });
const outbox = (token: string, config: Row = { category: 0, smsCode: 'outbox', signName: 'Drone Cloud' }) =>
  submit(token, config);

async function lastText(phone: string) {
  const [row] = await app.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createTime), desc(smsOutbox.id))
    .limit(1);
  return row;
}
const codeOf = async (phone: string) => JSON.parse((await lastText(phone))!.params!).code as string;

const sendCode = (token: string, phone: string) =>
  as(app, token, 'en-US').post(`${SMS}/endpoint/send-validate?phone=${phone}`);
const check = (token: string, phone: string, value: string, id?: string) =>
  as(app, token, 'en-US').post(`${SMS}/endpoint/validate-message`, {
    query: { phone, value, ...(id ? { id } : {}) },
  });

describe('SMS configurations', () => {
  it('adds, reads, updates and removes a configuration with its secret masked', async () => {
    const created = await submit(platform, {
      category: 0,
      smsCode: 'first',
      accessKey: 'ak',
      secretKey: 'sk-1',
    });
    expect(created.json()).toMatchObject({
      msg: 'added successfully',
      data: { secretKey: '******', accessKey: 'ak' },
    });
    const id = created.json().data.id;
    expect((await as(app, platform).get(`${SMS}/list?smsCode=fir`)).json().data.records).toHaveLength(1);
    const updated = await submit(platform, {
      id,
      category: 0,
      smsCode: 'first',
      signName: 'Sign',
      secretKey: '******',
    });
    expect(updated.json()).toMatchObject({ msg: 'updated successfully', data: { signName: 'Sign' } });
    const [row] = await app.database.db.select().from(sms).where(eq(sms.id, id));
    expect(row!.secretKey).toBe('sk-1');
    expect((await as(app, platform).get(`${SMS}/detail?id=${id}`)).body).not.toContain('sk-1');
    expect((await as(app, platform).post(`${SMS}/remove?ids=${id}`)).json().data).toBe(1);
    expect((await as(app, platform).get(`${SMS}/detail?id=${id}`)).statusCode).toBe(404);
  });

  it('names the field of bad input', async () => {
    await submit(platform, { category: 0, smsCode: 'taken' });
    for (const [payload, errors] of [
      [{ category: 9, smsCode: 'x' }, { category: 'unsupported SMS provider' }],
      [{ category: 0, smsCode: '  ' }, { smsCode: 'cannot be empty or all spaces' }],
      [{ category: 0 }, { smsCode: 'smsCode is required' }],
      [{ category: 0, smsCode: 'taken' }, { smsCode: 'the SMS code already exists' }],
      [{ category: 0, smsCode: 'y', signName: 'x'.repeat(65) }, { signName: 'at most 64 characters' }],
    ] as Array<[Row, Row]>) {
      const response = await submit(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors).toEqual(errors);
    }
  });

  it('keeps one enabled configuration per tenant; others cannot touch it; buttons are enforced', async () => {
    const a = (await outbox(platform, { category: 0, smsCode: 'a' })).json().data.id;
    const b = (await outbox(platform, { category: 0, smsCode: 'b', signName: 'Drone Cloud' })).json().data.id;
    expect((await as(app, platform, 'en-US').post(`${SMS}/enable?id=${a}`)).json().msg).toBe(
      'enabled successfully',
    );
    await as(app, platform).post(`${SMS}/enable?id=${b}`);
    const enabled = await app.database.db
      .select()
      .from(sms)
      .where(and(eq(sms.tenantId, '000000'), eq(sms.status, 2)));
    expect(enabled.map((row) => row.id)).toEqual([b]);

    await expectIsolated(mine, theirs, {
      read: `${SMS}/detail?id=${b}`,
      names: [b],
      hidden: [`${SMS}/list`],
      refused: [
        `${SMS}/detail?id=${b}`,
        { method: 'POST', url: `${SMS}/enable?id=${b}` },
        { method: 'POST', url: `${SMS}/remove?ids=${b}` },
        { method: 'POST', url: `${SMS}/submit`, payload: { id: b, category: 0, smsCode: 'stolen' } },
      ],
    });
    const viewer = await signInWithGrants(app, '000000', 'sms-viewer', ['sms']);
    for (const response of [
      await as(app, viewer).post(`${SMS}/enable?id=${a}`),
      await as(app, viewer).post(`${SMS}/remove?ids=${a}`),
      await submit(viewer, { category: 0, smsCode: 'viewer' }),
      await as(app, viewer).post(`${SMS}/endpoint/send-message?phones=13800000000`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('sending', () => {
  it('refuses to send when the tenant has no enabled configuration', async () => {
    const response = await sendCode(tenantB, '13900000001');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('no SMS configuration is enabled');
  });

  it('send-message writes one text per phone to the outbox', async () => {
    const response = await as(app, platform, 'en-US').post(`${SMS}/endpoint/send-message`, {
      query: { phones: '13800000001, 13800000002,13800000001', params: '{"content":"Dock 3 is offline"}' },
    });
    expect(response.json()).toMatchObject({ msg: 'message sent', data: { sent: 2 } });
    const text = await lastText('13800000002');
    expect(text).toMatchObject({
      tenantId: '000000',
      smsCode: 'b',
      content: '【Drone Cloud】Dock 3 is offline',
    });
    for (const [query, errors] of [
      [
        { phones: '13800000001', params: '[1,2]' },
        { params: 'the message parameters must be a JSON object, e.g. {"name":"Ada"}' },
      ],
      [{ phones: '13800000001,12345' }, { 'phones.1': 'the phone number is not valid' }],
      [{ phones: '' }, { phones: 'phone cannot be empty' }],
      [{ phones: '13800000001', code: 'nope' }, { code: 'no such SMS configuration' }],
    ] as Array<[Record<string, string>, Row]>) {
      const refused = await as(app, platform, 'en-US').post(`${SMS}/endpoint/send-message`, { query });
      expect(refused.statusCode, JSON.stringify(query)).toBe(400);
      expect(refused.json().data.errors).toEqual(errors);
    }
  });

  it('a code is 6 digits, checked once, and the API log keeps neither code', async () => {
    const phone = '13900000002';
    const sent = await sendCode(platform, phone);
    expect(sent.json()).toMatchObject({ msg: 'verification code sent', data: { phone } });
    const { id } = sent.json().data;
    const code = await codeOf(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect((await lastText(phone))!.content).toBe(
      `【Drone Cloud】Your verification code is ${code}, valid for 5 minutes. Do not share it.`,
    );
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await check(platform, phone, wrong, id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors).toEqual({ value: 'the SMS code is wrong or expired' });
    expect((await check(platform, phone, code, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(400);
    const accepted = await check(platform, phone, code, id);
    expect(accepted.json()).toMatchObject({ code: 200, data: true, msg: 'the code is correct' });
    expect((await check(platform, phone, code, id)).statusCode).toBe(400);

    await app.services.logs.flush();
    const rows = await app.database.db
      .select()
      .from(logApi)
      .where(eq(logApi.requestUri, `${SMS}/endpoint/validate-message`));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.params).not.toContain(code);
  });

  it('a code of one tenant does not validate in another', async () => {
    const phone = '13900000003';
    await sendCode(platform, phone);
    const code = await codeOf(phone);
    const config = (await outbox(tenantB, { category: 0, smsCode: 'b-outbox' })).json().data.id;
    await as(app, tenantB).post(`${SMS}/enable?id=${config}`);
    expect((await check(tenantB, phone, code)).statusCode).toBe(400);
    expect((await check(platform, phone, code)).statusCode).toBe(200);
  });

  it('five wrong guesses void a code', async () => {
    const phone = '13900000004';
    await sendCode(platform, phone);
    const code = await codeOf(phone);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await check(platform, phone, wrong)).statusCode).toBe(400);
    expect((await check(platform, phone, code)).statusCode).toBe(400);
  });

  it('limits a phone to one code a minute and ten an hour', async () => {
    const phone = '13900000005';
    expect((await sendCode(platform, phone)).statusCode).toBe(200);
    const again = await sendCode(tenantB, phone);
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^sent too often, please try again in \d+ seconds$/);
    await app.cache.del(`sms:resend:${phone}`);
    await app.cache.set(`sms:hourly:${phone}`, '10', 3600);
    const hourly = await sendCode(platform, phone);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().msg).toBe('this phone number has received too many codes this hour');
  });

  it('a code expires after 5 minutes', async () => {
    const phone = '13900000006';
    await sendCode(platform, phone);
    const code = await codeOf(phone);
    expect(await app.cache.ttl(`sms:code:000000:${phone}`)).toBeLessThanOrEqual(300);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    expect((await check(platform, phone, code)).statusCode).toBe(400);
  });

  it('validates the phone with the contract rules', async () => {
    for (const [phone, message] of [
      ['', 'phone cannot be empty'],
      ['12345', 'the phone number is not valid'],
      ['010-12345678', 'the phone number is not valid'],
    ] as Array<[string, string]>) {
      const response = await sendCode(platform, phone);
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().data.errors, phone).toEqual({ phone: message });
    }
    const badCode = await check(platform, '13900000007', '12ab56');
    expect(badCode.json().data.errors).toEqual({ value: 'the code is 6 digits' });
  });
});

describe('the outbox', () => {
  it('the platform admin reads every tenant’s texts; a tenant gets 403', async () => {
    expect((await sendCode(tenantB, '13900000008')).statusCode).toBe(200);
    const all = (await as(app, platform).get(`${SMS}/outbox/list?size=100`)).json().data;
    expect(new Set(all.records.map((row: Row) => row.tenantId))).toEqual(new Set(['000000', B]));
    const ofB = (await as(app, platform).get(`${SMS}/outbox/list?tenantId=${B}&size=100`)).json().data;
    expect(ofB.total).toBeGreaterThan(0);
    expect(ofB.records.every((row: Row) => row.tenantId === B)).toBe(true);
    const byPhone = (await as(app, platform).get(`${SMS}/outbox/list?phone=0000002`)).json().data;
    expect(byPhone.records.every((row: Row) => String(row.phone).includes('0000002'))).toBe(true);
    const refused = await as(app, tenantB, 'en-US').get(`${SMS}/outbox/list`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('only the platform tenant may read the SMS outbox');
  });
});
