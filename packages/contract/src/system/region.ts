import { z } from 'zod';
import { optionalText, text, num } from '../common/schemas.js';

/** The parent code of a province (BladeX blade_region). */
export const REGION_ROOT_CODE = '00';
/** 1 province, 2 city, 3 district (county), 4 town, 5 village */
export const REGION_MAX_LEVEL = 5;

/** Division codes nest by prefix: province `11`, city `1101`, county `110101`, town 9 digits, village 12. */
export const RegionCode = z
  .string()
  .trim()
  .regex(/^\d{2,12}$/, { message: 'region.codeFormat' });

/**
 * An administrative division (PROTOCOLS.md §1 region). Platform-wide reference data keyed by its code;
 * `id` repeats the code so the CRUD screen can tell an edit (id) from an add (no id).
 */
export const RegionSchema = z.object({
  id: z.string(),
  code: z.string(),
  parentCode: z.string(),
  /** codes from `00` down to the parent */
  ancestors: z.string(),
  name: z.string(),
  provinceCode: z.string().nullable(),
  provinceName: z.string().nullable(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  townCode: z.string().nullable(),
  townName: z.string().nullable(),
  villageCode: z.string().nullable(),
  villageName: z.string().nullable(),
  level: z.number().int(),
  sort: z.number().int(),
  remark: z.string().nullable(),
  hasChildren: z.boolean().optional(),
  /** the parent division's name and the level again under BladeX's name, for its Saber console */
  parentName: z.string().nullable().optional(),
  regionLevel: z.number().int().optional(),
});
export type Region = z.infer<typeof RegionSchema>;

/** A division in a tree select (`lazy-tree`): `{id, parentId, title, key, value, hasChildren}`. */
export const RegionNodeSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  title: z.string(),
  key: z.string(),
  value: z.string(),
  level: z.number().int(),
  hasChildren: z.boolean(),
});
export type RegionNode = z.infer<typeof RegionNodeSchema>;

export const RegionSubmit = z.object({
  /** the code of the division being edited; absent when adding */
  id: RegionCode.optional(),
  code: RegionCode,
  parentCode: z
    .string()
    .trim()
    .regex(/^(00|\d{2,12})$/, { message: 'region.codeFormat' })
    .default(REGION_ROOT_CODE),
  name: text(64),
  sort: num(z.number().int().min(0).max(99999).default(1)),
  remark: optionalText(255),
});
export type RegionSubmit = z.infer<typeof RegionSubmit>;

export const RegionPageQuery = z.object({
  code: z.string().max(12).optional(),
  name: z.string().max(64).optional(),
  parentCode: z.string().max(12).optional(),
  level: num(z.number().int().min(1).max(REGION_MAX_LEVEL).optional()),
});
export type RegionPageQuery = z.infer<typeof RegionPageQuery>;

export const RegionParentQuery = z.object({
  parentCode: z
    .string()
    .trim()
    .regex(/^(00|\d{2,12})$/, { message: 'region.codeFormat' })
    .default(REGION_ROOT_CODE),
});
export const RegionCodeQuery = z.object({ code: RegionCode });
/**
 * `region/remove`: `id`, one code (BladeX and its Saber console), or `ids`, comma-separated codes (our console);
 * either or both. Answers the codes to remove.
 */
export const RegionRemoveQuery = z
  .object({
    id: RegionCode.optional(),
    ids: z
      .string()
      .trim()
      .transform((value) => value.split(',').map((part) => part.trim()))
      .pipe(z.array(RegionCode).min(1, { message: 'validation.ids' }))
      .optional(),
  })
  .refine((query) => query.id || query.ids, { message: 'validation.required', path: ['id'] })
  .transform((query) => ({ codes: [...new Set([...(query.ids ?? []), ...(query.id ? [query.id] : [])])] }));
