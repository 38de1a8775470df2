import { OSS_CATEGORY, RESOURCE_ENABLED } from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oss, ossVersion } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { Storage } from '../../storage/storage.js';

type VersionRow = typeof ossVersion.$inferSelect;

/** The bucket a configuration's version names, reached through the storage layer's guard. */
function s3Of(storage: Storage, version: VersionRow): ObjectStore {
  return storage.s3({
    endpoint: version.endpoint,
    bucket: version.bucketName,
    accessKey: version.accessKey,
    secretKey: version.secretKey,
    region: version.region || 'us-east-1',
  });
}

async function versionOf(db: Executor, versionId: string): Promise<VersionRow | undefined> {
  const [version] = await db.select().from(ossVersion).where(eq(ossVersion.id, versionId)).limit(1);
  return version;
}

/**
 * The resource area's rule: a tenant's uploads go to its one enabled object-storage configuration, or to the
 * local disk when none is enabled (or the enabled one is the local disk). `ossId` and `ossVersionId` (where
 * the configuration points now) are recorded on the attachment, `domain` answered to BladeX clients.
 */
export async function enabledStore(
  ctx: Ctx,
  storage: Storage,
): Promise<{ store: ObjectStore; ossId: string | null; ossVersionId: string | null; domain: string }> {
  const [config] = await ctx.db
    .select()
    .from(oss)
    .where(scope(ctx, oss, eq(oss.status, RESOURCE_ENABLED)))
    .limit(1);
  const version =
    config && config.category !== OSS_CATEGORY.local && config.versionId
      ? await versionOf(ctx.db, config.versionId)
      : undefined;
  if (!config || !version) return { store: storage.local, ossId: null, ossVersionId: null, domain: '' };
  return {
    store: s3Of(storage, version),
    ossId: config.id,
    ossVersionId: version.id,
    domain: `${version.endpoint.replace(/\/+$/, '')}/${version.bucketName}`,
  };
}

/**
 * The store an attachment was written to: the configuration's location as it was then (its version), never
 * what the configuration says now (it may since have been edited, disabled or removed). No version: the
 * local disk.
 */
export async function storeOf(
  db: Executor,
  storage: Storage,
  row: { ossVersionId: string | null },
): Promise<ObjectStore> {
  if (!row.ossVersionId) return storage.local;
  const version = await versionOf(db, row.ossVersionId);
  return version ? s3Of(storage, version) : storage.local;
}
