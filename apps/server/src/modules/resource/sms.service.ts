import { randomInt, randomUUID } from 'node:crypto';
import {
  type Page,
  type PageQuery,
  PLATFORM_TENANT_ID,
  RESOURCE_ENABLED,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_ATTEMPTS,
  SMS_MAX_PER_HOUR,
  SMS_RESEND_SECONDS,
  type SmsSendMessage,
  type SmsSubmit,
  type SmsValidateMessage,
  translate,
} from '@aos/contract';
import { and, asc, desc, eq, gte, ilike, lte, ne, type SQL, sql } from 'drizzle-orm';
import { sms, smsOutbox } from '../../db/schema/index.js';
import type { Cache } from '../../lib/cache.js';
import type { Ctx } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, badRequest, fieldError, forbidden } from '../../lib/errors.js';
import { parseDateTime } from '../../lib/time.js';
import type { LogService } from '../log/log.service.js';
import { enableOne } from './enable-one.js';
import { checkSmsCategory, refuseCarrier } from './sms-carriers.js';
import { maskSecret } from './oss.service.js';
import { SMS_PROVIDERS, type SmsConfig, type SmsProvider } from './sms-provider.js';
import { keepsSecret } from '../../lib/secrets.js';

const configs = crud({
  table: sms,
  filters: { smsCode: 'like', category: 'eq' },
  defaultOrder: [asc(sms.createTime), asc(sms.id)],
});

interface PendingCode {
  id: string;
  code: string;
  tries: number;
  expiresAt: number;
}

/** Template parameters: a JSON object whose values are strings or numbers. */
function parseParams(text: string | undefined): Record<string, string> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fieldError('params', 'resource.smsParams');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw fieldError('params', 'resource.smsParams');
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' && typeof value !== 'number')
      throw fieldError('params', 'resource.smsParams');
    params[key] = String(value);
  }
  return params;
}

/** A text as the recipient reads it: the configuration's sign first, as carriers require. */
function signed(config: SmsConfig, body: string): string {
  return `${config.signName ? `【${config.signName}】` : ''}${body}`;
}

/** The text of a message: `content` if given, else every parameter. */
function render(config: SmsConfig, params: Record<string, string>): string {
  return signed(
    config,
    params.content ??
      Object.entries(params)
        .map(([key, value]) => `${key}: ${value}`)
        .join(', '),
  );
}

/**
 * SMS configurations of a tenant (spec §7 blade-resource sms) and sending through the enabled one's provider.
 * Rules: code unique in the tenant; one enabled configuration per tenant; phone codes are 6 digits, live
 * 5 minutes, are used once, are voided after 5 wrong guesses, and a phone gets at most one a minute and ten
 * an hour.
 */
export class SmsService {
  constructor(
    private readonly cache: Cache,
    private readonly logs: LogService,
  ) {}

  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await configs.page(ctx, query);
    return { ...page, records: page.records.map(maskSecret) };
  }

  async detail(ctx: Ctx, id: string) {
    return maskSecret(await configs.detail(ctx, id));
  }

  async submit(ctx: Ctx, input: SmsSubmit) {
    await checkSmsCategory(ctx, input.category);
    const clash = await configs.find(
      ctx,
      and(eq(sms.smsCode, input.smsCode), input.id ? ne(sms.id, input.id) : undefined)!,
    );
    if (clash) throw fieldError('smsCode', 'resource.smsCodeExists');
    const existing = input.id ? await configs.detail(ctx, input.id) : undefined;
    const values = {
      category: input.category,
      smsCode: input.smsCode,
      templateId: input.templateId || null,
      accessKey: input.accessKey || null,
      secretKey: keepsSecret(input.secretKey) ? (existing?.secretKey ?? null) : input.secretKey!,
      regionId: input.regionId || null,
      signName: input.signName || null,
      remark: input.remark || null,
    };
    const row = existing ? await configs.update(ctx, existing.id, values) : await configs.insert(ctx, values);
    return maskSecret(row);
  }

  remove(ctx: Ctx, ids: string[]) {
    return configs.remove(ctx, ids);
  }

  async enable(ctx: Ctx, id: string) {
    const row = await enableOne(ctx, sms, configs, id);
    this.logs.usual(
      ctx,
      'info',
      'sms.enable',
      translate(ctx.language, 'log.smsEnabled', { code: row.smsCode }),
    );
    return maskSecret(row);
  }

  /** The configuration named by `code`, or the enabled one. */
  private async config(ctx: Ctx, code?: string): Promise<SmsConfig> {
    if (code) {
      const named = await configs.find(ctx, eq(sms.smsCode, code));
      if (!named) throw fieldError('code', 'resource.smsConfigNotFound');
      return named;
    }
    const enabled = await configs.find(ctx, eq(sms.status, RESOURCE_ENABLED));
    if (!enabled) throw badRequest('resource.smsNotEnabled');
    return enabled;
  }

  /** The configuration's provider; a carrier the platform does not ship is refused before anything is done. */
  private async provider(ctx: Ctx, config: SmsConfig): Promise<SmsProvider> {
    return SMS_PROVIDERS[config.category] ?? refuseCarrier(ctx, config.category);
  }

  /** `sms/endpoint/send-message`: one text to each phone. */
  async sendMessage(ctx: Ctx, input: SmsSendMessage) {
    const config = await this.config(ctx, input.code);
    const provider = await this.provider(ctx, config);
    const params = parseParams(input.params);
    const content = render(config, params);
    await provider.send(
      ctx,
      config,
      input.phones.map((phone) => ({ phone, templateId: config.templateId, params, content })),
    );
    return { sent: input.phones.length, phones: input.phones };
  }

  /** Refuse a phone that had a code less than a minute ago, or ten this hour. */
  private async throttle(phone: string): Promise<void> {
    const recent = await this.cache.incr(`sms:resend:${phone}`, SMS_RESEND_SECONDS);
    if (recent > 1) {
      const seconds = Math.max(1, await this.cache.ttl(`sms:resend:${phone}`));
      throw new AppError(429, 'resource.smsTooFrequent', { seconds });
    }
    const hourly = await this.cache.incr(`sms:hourly:${phone}`, 3600);
    if (hourly > SMS_MAX_PER_HOUR) throw new AppError(429, 'resource.smsHourly');
  }

  /** `sms/endpoint/send-validate`: a fresh 6-digit code to `phone` (replacing any earlier one). */
  async sendValidate(ctx: Ctx, phone: string): Promise<{ id: string; phone: string }> {
    const config = await this.config(ctx);
    const provider = await this.provider(ctx, config);
    await this.throttle(phone);
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const pending: PendingCode = {
      id: randomUUID(),
      code,
      tries: 0,
      expiresAt: Date.now() + SMS_CODE_TTL_SECONDS * 1000,
    };
    await this.cache.set(this.codeKey(ctx, phone), JSON.stringify(pending), SMS_CODE_TTL_SECONDS);
    const content = signed(
      config,
      translate(ctx.language, 'resource.smsCodeText', { code, minutes: SMS_CODE_TTL_SECONDS / 60 }),
    );
    await provider.send(ctx, config, [{ phone, templateId: config.templateId, params: { code }, content }]);
    return { id: pending.id, phone };
  }

  /** `sms/endpoint/validate-message`: true once for the right code; wrong, expired or used codes are a 400. */
  async validate(ctx: Ctx, input: SmsValidateMessage): Promise<boolean> {
    const key = this.codeKey(ctx, input.phone);
    // Taken, not read: two checks of one code cannot both succeed.
    const raw = await this.cache.take(key);
    const pending = raw ? (JSON.parse(raw) as PendingCode) : null;
    if (!pending || pending.expiresAt <= Date.now()) throw fieldError('value', 'resource.smsCodeInvalid');
    if (pending.code !== input.value || (input.id && input.id !== pending.id)) {
      const tries = pending.tries + 1;
      const left = Math.floor((pending.expiresAt - Date.now()) / 1000);
      if (tries < SMS_MAX_ATTEMPTS && left > 0) {
        await this.cache.set(key, JSON.stringify({ ...pending, tries }), left);
      }
      throw fieldError('value', 'resource.smsCodeInvalid');
    }
    return true;
  }

  private codeKey(ctx: Ctx, phone: string): string {
    return `sms:code:${ctx.tenantId}:${phone}`;
  }

  /** The built-in provider's outbox: platform tenant only, every tenant's messages (filter tenantId, phone). */
  async outbox(
    ctx: Ctx,
    query: PageQuery & { tenantId?: string; phone?: string },
  ): Promise<Page<typeof smsOutbox.$inferSelect>> {
    if (ctx.tenantId !== PLATFORM_TENANT_ID) throw forbidden('resource.outboxPlatformOnly');
    const conditions: Array<SQL | undefined> = [
      query.tenantId ? eq(smsOutbox.tenantId, query.tenantId) : undefined,
      query.phone ? ilike(smsOutbox.phone, `%${query.phone.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      query.createTimeBegin ? gte(smsOutbox.createTime, parseDateTime(query.createTimeBegin)) : undefined,
      query.createTimeEnd ? lte(smsOutbox.createTime, parseDateTime(query.createTimeEnd)) : undefined,
    ];
    const where = and(...conditions);
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(where);
    const total = counted?.total ?? 0;
    const records = await ctx.db
      .select()
      .from(smsOutbox)
      .where(where)
      .orderBy(desc(smsOutbox.createTime), desc(smsOutbox.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
  }
}
