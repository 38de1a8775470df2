import { OSS_CATEGORY, RESOURCE_ENABLED } from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oss } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { Storage } from '../../storage/storage.js';

type OssRow = typeof oss.$inferSelect;

/** The bucket a configuration names, reached through the storage layer's guard. */
function s3Of(storage: Storage, config: OssRow): ObjectStore {
  return storage.s3({
    endpoint: config.endpoint ?? '',
    bucket: config.bucketName ?? '',
    accessKey: config.accessKey ?? '',
    secretKey: config.secretKey ?? '',
    region: config.region || 'us-east-1',
  });
}

/**
 * The resource area's rule: a tenant's uploads go to its one enabled object-storage configuration, or to the
 * local disk when none is enabled (or the enabled one is the local disk). `ossId` is recorded on the
 * attachment, `domain` answered to BladeX clients.
 */
export async function enabledStore(
  ctx: Ctx,
  storage: Storage,
): Promise<{ store: ObjectStore; ossId: string | null; domain: string }> {
  const [config] = await ctx.db
    .select()
    .from(oss)
    .where(scope(ctx, oss, eq(oss.status, RESOURCE_ENABLED)))
    .limit(1);
  if (!config || config.category === OSS_CATEGORY.local)
    return { store: storage.local, ossId: null, domain: '' };
  return {
    store: s3Of(storage, config),
    ossId: config.id,
    domain: `${config.endpoint?.replace(/\/+$/, '')}/${config.bucketName}`,
  };
}

/** The store an attachment was written to (its configuration may since have been disabled or removed). */
export async function storeOf(db: Executor, storage: Storage, ossId: string | null): Promise<ObjectStore> {
  if (!ossId) return storage.local;
  const [config] = await db.select().from(oss).where(eq(oss.id, ossId)).limit(1);
  if (!config || config.category === OSS_CATEGORY.local) return storage.local;
  return s3Of(storage, config);
}
