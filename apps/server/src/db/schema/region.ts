import { index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/**
 * Administrative divisions (PROTOCOLS.md §1 region): platform-wide reference data keyed by the division
 * code, as BladeX keeps them. Codes nest by prefix (province `11`, city `1101`, county `110101`); provinces
 * have the parent code `00`. Not tenant-owned and not soft-deleted: a removed code can be added again.
 */
export const region = pgTable(
  'blade_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    /** codes from `00` down to the parent */
    ancestors: varchar('ancestors', { length: 255 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    provinceCode: varchar('province_code', { length: 12 }),
    provinceName: varchar('province_name', { length: 64 }),
    cityCode: varchar('city_code', { length: 12 }),
    cityName: varchar('city_name', { length: 64 }),
    districtCode: varchar('district_code', { length: 12 }),
    districtName: varchar('district_name', { length: 64 }),
    townCode: varchar('town_code', { length: 12 }),
    townName: varchar('town_name', { length: 64 }),
    villageCode: varchar('village_code', { length: 12 }),
    villageName: varchar('village_name', { length: 64 }),
    /** 1 province, 2 city, 3 district, 4 town, 5 village */
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    createUser: id('create_user'),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updateUser: id('update_user'),
    updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('blade_region_parent_idx').on(t.parentCode, t.sort)],
);
