import { z } from 'zod';
import { AuditFields, DateTime, Id, text, num, keyFilter } from '../common/schemas.js';

/** Longest notice body: plain multi-line text. */
export const NOTICE_CONTENT_MAX = 10_000;

/** A notice of a tenant (PROTOCOLS.md §1 notice; category from the `notice` dictionary). */
export const NoticeSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  title: z.string(),
  category: z.number().int(),
  releaseTime: DateTime,
  content: z.string(),
  /** the label of `category` (dictionary `notice`), as BladeX answers it */
  categoryName: z.string().nullable().optional(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeSubmit = z.object({
  id: Id.optional(),
  title: text(200),
  /** a key of the `notice` dictionary (checked by the server against the dictionary) */
  category: num(z.number().int().min(1).max(999)),
  releaseTime: DateTime,
  content: text(NOTICE_CONTENT_MAX),
});
export type NoticeSubmit = z.infer<typeof NoticeSubmit>;

export const NoticePageQuery = z.object({
  title: z.string().trim().max(200).optional(),
  category: keyFilter(),
  /** released at or after (BladeX's `_datege` condition, as the Saber console's release-time range sends it) */
  releaseTime_datege: DateTime.optional(),
  /** released before (BladeX's `_datelt`) */
  releaseTime_datelt: DateTime.optional(),
});
export type NoticePageQuery = z.infer<typeof NoticePageQuery>;
