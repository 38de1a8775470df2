import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num, keyFilter } from '../common/schemas.js';
import { Phone } from '../common/validation.js';

// ------------------------------------------------------------------------------------ manufacturers (brands)

/**
 * The entity center's models (`/api/aos-slabentities/entitymodel/getEmBySign?sign=`): a fixed, seeded list
 * keyed by sign, the kinds of thing a brand can make. A brand references the signs it covers; the device and
 * hangar registers use the same signs for their types.
 */
export const ENTITY_MODELS = [
  { sign: 'aircraft', name: '飞行器', nameEn: 'Aircraft' },
  { sign: 'dock', name: '机库', nameEn: 'Dock' },
  { sign: 'payload', name: '载荷', nameEn: 'Payload' },
  { sign: 'datalink', name: '数据链', nameEn: 'Data link' },
  { sign: 'remote_controller', name: '遥控器', nameEn: 'Remote controller' },
] as const;
export type EntitySign = (typeof ENTITY_MODELS)[number]['sign'];
export const ENTITY_SIGNS: readonly string[] = ENTITY_MODELS.map((model) => model.sign);

export const EntityModelSchema = z.object({ sign: z.string(), name: z.string() });
export type EntityModel = z.infer<typeof EntityModelSchema>;
export const EntityModelQuery = z.object({ sign: z.string().trim().max(64).optional() });

/** Entity signs as BladeX keeps id lists: comma-separated; each must be a known sign. */
export const EntitySignList = z
  .string()
  .trim()
  .refine((value) => value.split(',').every((sign) => ENTITY_SIGNS.includes(sign.trim())), {
    message: 'fleet.entitySign',
  })
  .transform((value) => [...new Set(value.split(',').map((sign) => sign.trim()))].join(','));

/** Spec §5 "Phone" where the phone is optional. */
const OptionalPhoneText = z
  .string()
  .trim()
  .max(45, { message: 'validation.textMax' })
  .refine((value) => value === '' || Phone.safeParse(value).success, {
    message: 'validation.phoneFormatError',
  })
  .nullish();

/** A brand of the tenant (spec §3 "Brand (manufacturer)"); type from the `manufacturer_type` dictionary. */
export const BrandSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  code: z.string(),
  type: z.number().int(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** comma-separated entity-model signs */
  entitySigns: z.string(),
  remark: z.string().nullable(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const BrandSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  code: text(64),
  type: num(z.number({ message: 'fleet.typeUnknown' }).int().min(1).max(999)),
  address: optionalText(200),
  phone: OptionalPhoneText,
  entitySigns: EntitySignList,
  remark: optionalText(),
});
export type BrandSubmit = z.infer<typeof BrandSubmit>;

export const BrandPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  code: z.string().trim().max(64).optional(),
  type: keyFilter(),
});
