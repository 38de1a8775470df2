import { z } from 'zod';
import { AuditFields, Id, IdList, optionalText, text, keyFilter } from '../common/schemas.js';
import { Phone } from '../common/validation.js';

// ------------------------------------------------------------------------------------------------ fly operators

/** A fly operator's status: 1 on (may be assigned to flights), 0 off. */
export const FLY_OPERATOR_ON = 1;
export const FLY_OPERATOR_OFF = 0;

/** A calendar day `yyyy-MM-dd` that exists. */
export const CalendarDate = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
    { message: 'validation.date' },
  );

/** A pilot of the tenant (spec §7 /api/cloud-user/fly-operator), linked to one user account of the tenant. */
export const FlyOperatorSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  userId: Id,
  name: z.string(),
  phone: z.string(),
  licenceNumber: z.string(),
  /** `yyyy-MM-dd`, the last day the licence is valid */
  licenceExpiry: z.string(),
  remark: z.string().nullable(),
  /** the linked account, for the list */
  userAccount: z.string().nullable().optional(),
  userRealName: z.string().nullable().optional(),
});
export type FlyOperator = z.infer<typeof FlyOperatorSchema>;

export const FlyOperatorSubmit = z.object({
  id: Id.optional(),
  userId: Id,
  name: text(50),
  phone: Phone,
  licenceNumber: text(64),
  licenceExpiry: CalendarDate,
  remark: optionalText(),
});
export type FlyOperatorSubmit = z.infer<typeof FlyOperatorSubmit>;

export const FlyOperatorPageQuery = z.object({
  name: z.string().trim().max(50).optional(),
  phone: z.string().trim().max(45).optional(),
  licenceNumber: z.string().trim().max(64).optional(),
  status: keyFilter(),
});

/** `turnOn`, `turnOff`, `remove`: `ids=1,2,3` in the query. */
export const FlyOperatorIdsQuery = z.object({ ids: IdList });
