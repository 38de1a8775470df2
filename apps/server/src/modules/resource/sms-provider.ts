import { SMS_CATEGORY } from '@aos/contract';
import { smsOutbox, type sms } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';

export type SmsConfig = typeof sms.$inferSelect;

/** One text to one phone. */
export interface SmsMessage {
  phone: string;
  templateId: string | null;
  params: Record<string, string>;
  /** the text as the recipient reads it */
  content: string;
}

/** A way of delivering texts: a carrier's API, or the built-in outbox. */
export interface SmsProvider {
  send(ctx: Ctx, config: SmsConfig, messages: SmsMessage[]): Promise<void>;
}

/**
 * The built-in provider: every message is written to the outbox table instead of a carrier, so phone-code
 * flows work and can be tested without one; the platform admin reads the outbox on the SMS screen.
 */
export class OutboxProvider implements SmsProvider {
  async send(ctx: Ctx, config: SmsConfig, messages: SmsMessage[]): Promise<void> {
    if (!messages.length) return;
    await ctx.db.insert(smsOutbox).values(
      messages.map((message) => ({
        id: newId(),
        tenantId: ctx.tenantId,
        smsId: config.id,
        smsCode: config.smsCode,
        phone: message.phone,
        templateId: message.templateId,
        params: JSON.stringify(message.params),
        content: message.content,
        createTime: new Date(),
      })),
    );
  }
}

/**
 * The provider of each SMS category. A carrier of the `sms_category` dictionary without one can be configured,
 * but sending through it is refused (sms-carriers.ts): no carrier's API is implemented yet.
 */
export const SMS_PROVIDERS: Record<number, SmsProvider> = {
  [SMS_CATEGORY.outbox]: new OutboxProvider(),
};
