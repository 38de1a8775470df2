import { flattenMenus, MENU_TREE, PLATFORM_ONLY_MENU_CODES, PLATFORM_TENANT_ID } from '@aos/contract';
import { eq } from 'drizzle-orm';
import { newId } from '../lib/ids.js';
import { sha256 } from '../lib/password.js';
import type { Executor } from './client.js';
import { DEFAULT_INIT_PASSWORD, provisionTenant, seedDicts } from './provision.js';
import { seedRegions } from './region-seed.js';
import { client, menu, param } from './schema/index.js';

export interface SeedOptions {
  adminPassword: string;
  passwordHashCost: number;
  platformName: string;
}

/**
 * Idempotent start-up seed: the platform tenant with its admin, the OAuth client, the menu tree, the
 * dictionaries and parameters. New entries of a later release are added; existing rows are left as edited.
 */
export async function seedPlatform(db: Executor, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await seedClient(tx);
    await seedMenus(tx);
    await seedDicts(tx);
    await seedParams(tx);
    await seedRegions(tx);
    await provisionTenant(tx, {
      tenantId: PLATFORM_TENANT_ID,
      tenantName: options.platformName,
      adminAccount: 'admin',
      adminPassword: options.adminPassword,
      passwordHashCost: options.passwordHashCost,
    });
  });
}

async function seedClient(tx: Executor): Promise<void> {
  const [existing] = await tx.select({ id: client.id }).from(client).where(eq(client.clientId, 'saber'));
  if (existing) return;
  await tx.insert(client).values({
    id: newId(),
    clientId: 'saber',
    clientSecret: sha256('saber_secret'),
    scope: 'all',
    authorizedGrantTypes: 'password,captcha,refresh_token,social,sms_code',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
  });
}

async function seedMenus(tx: Executor): Promise<void> {
  const existing = new Map(
    (await tx.select({ id: menu.id, code: menu.code }).from(menu)).map((row) => [row.code, row.id]),
  );
  const platformOnly = new Set(PLATFORM_ONLY_MENU_CODES);
  const rows = [];
  for (const node of flattenMenus(MENU_TREE)) {
    if (existing.has(node.code)) continue;
    const id = newId();
    existing.set(node.code, id);
    rows.push({
      id,
      parentId: node.parentCode ? (existing.get(node.parentCode) ?? '0') : '0',
      code: node.code,
      name: node.name,
      nameEn: node.nameEn,
      alias: node.code,
      path: node.path ?? null,
      source: node.source ?? null,
      sort: node.sort,
      category: node.category,
      action: node.action ?? 0,
      isOpen: node.isOpen ?? 1,
      platformOnly: platformOnly.has(node.code) ? 1 : 0,
    });
  }
  if (rows.length) await tx.insert(menu).values(rows);
}

async function seedParams(tx: Executor): Promise<void> {
  const [existing] = await tx
    .select({ id: param.id })
    .from(param)
    .where(eq(param.paramKey, 'account.initPassword'));
  if (existing) return;
  await tx.insert(param).values({
    id: newId(),
    paramName: '账号初始密码',
    paramKey: 'account.initPassword',
    paramValue: DEFAULT_INIT_PASSWORD,
    remark: 'password set by a reset / 重置密码后的密码',
  });
}
