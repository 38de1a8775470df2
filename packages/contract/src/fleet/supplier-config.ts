import { z } from 'zod';
import { AuditFields, Id, optionalText, text } from '../common/schemas.js';
import { tenantUrl } from '../common/validation.js';

// ------------------------------------------------------------------------------------ supplier configuration

/**
 * A supplier's API settings of a tenant (spec §7 cloud-equipment supplier-config). The app secret never
 * leaves the server: it is answered as SECRET_MASK, and an update that sends the mask (or nothing) keeps it.
 */
export const SupplierConfigSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  code: z.string(),
  baseUrl: z.string(),
  appKey: z.string(),
  appSecret: z.string(),
  remark: z.string().nullable(),
});
export type SupplierConfig = z.infer<typeof SupplierConfigSchema>;

export const SupplierConfigSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  code: text(64),
  /** the supplier's API; paths are appended to it, so no query or fragment (saved normalised) */
  baseUrl: tenantUrl({ max: 255 }),
  appKey: text(255),
  /** required when adding; on update empty or the mask keeps the saved secret */
  appSecret: z.string().trim().max(255, { message: 'validation.textMax' }).optional().nullable(),
  remark: optionalText(),
});
export type SupplierConfigSubmit = z.infer<typeof SupplierConfigSubmit>;

export const SupplierConfigPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  code: z.string().trim().max(64).optional(),
});
