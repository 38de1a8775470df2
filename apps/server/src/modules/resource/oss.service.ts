import { OSS_CATEGORY, type OssSubmit, type PageQuery, SECRET_MASK, translate } from '@aos/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { oss, ossVersion } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { crud } from '../../lib/crud.js';
import { fieldError } from '../../lib/errors.js';
import type { LogService } from '../log/log.service.js';
import { enableOne } from './enable-one.js';
import { keepsSecret } from '../../lib/secrets.js';
import type { NetworkGuard } from '../../storage/network-guard.js';

const configs = crud({
  table: oss,
  filters: { ossCode: 'like', category: 'eq' },
  defaultOrder: [asc(oss.createTime), asc(oss.id)],
});

type OssRow = typeof oss.$inferSelect;

/** A configuration as the API shows it: the secret never leaves the server. */
export function maskSecret<T extends { secretKey: string | null }>(row: T): T & { secretKey: string } {
  return { ...row, secretKey: row.secretKey ? SECRET_MASK : '' };
}

const S3_FIELDS = ['endpoint', 'accessKey', 'bucketName'] as const;
const CATEGORY_NAMES: Record<number, string> = { 0: 'local', 1: 'MinIO', 5: 'S3' };

/**
 * Object-storage configurations of a tenant (spec §7 blade-resource oss). Rules: the code is unique in the
 * tenant; an S3-compatible store needs endpoint, access key, secret key and bucket; at most one configuration
 * is enabled per tenant (enabling one switches the others off, in one transaction); with none enabled, uploads
 * go to the local disk.
 */
export class OssService {
  constructor(
    private readonly logs: LogService,
    private readonly guard: NetworkGuard,
  ) {}

  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await configs.page(ctx, query);
    return { ...page, records: page.records.map(maskSecret) };
  }

  async detail(ctx: Ctx, id: string) {
    return maskSecret(await configs.detail(ctx, id));
  }

  /**
   * Add or edit a configuration, in one transaction. Where its files go (endpoint, bucket, region) is kept as
   * a version: an edit that moves the configuration adds a version and later uploads go there, while every
   * file already written keeps the version it was written with (tenant-store.ts `storeOf`). An edit of the
   * credentials alone (a key rotated for the same bucket) updates the current version.
   */
  async submit(ctx: Ctx, input: OssSubmit) {
    return inTransaction(ctx, async (tx) => {
      const clash = await configs.find(
        tx,
        and(eq(oss.ossCode, input.ossCode), input.id ? ne(oss.id, input.id) : undefined)!,
      );
      if (clash) throw fieldError('ossCode', 'resource.ossCodeExists');
      const existing = input.id ? await configs.detail(tx, input.id) : undefined;
      const values: Partial<OssRow> = {
        category: input.category,
        ossCode: input.ossCode,
        endpoint: input.endpoint || null,
        accessKey: input.accessKey || null,
        bucketName: input.bucketName || null,
        appId: input.appId || null,
        region: input.region || null,
        remark: input.remark || null,
      };
      values.secretKey = keepsSecret(input.secretKey) ? (existing?.secretKey ?? null) : input.secretKey!;
      if (input.category === OSS_CATEGORY.local) {
        // The local disk needs nothing: credentials of another kind are not kept around.
        Object.assign(values, {
          endpoint: null,
          accessKey: null,
          secretKey: null,
          bucketName: null,
          region: null,
        });
      } else {
        for (const field of S3_FIELDS) if (!values[field]) throw fieldError(field, 'validation.required');
        if (!values.secretKey) throw fieldError('secretKey', 'validation.required');
        // The server connects to it: not our own network by its writing (again after DNS, at connect time).
        if (this.guard.refuses(values.endpoint!)) throw fieldError('endpoint', 'validation.urlPrivate');
      }
      const row = existing ? await configs.update(tx, existing.id, values) : await configs.insert(tx, values);
      const versionId = await this.locate(tx, row);
      if (versionId === row.versionId) return maskSecret(row);
      await tx.db.update(oss).set({ versionId }).where(eq(oss.id, row.id));
      return maskSecret({ ...row, versionId });
    });
  }

  /** The version a configuration's uploads go to after this save (see submit); null for the local disk. */
  private async locate(tx: Ctx, row: OssRow): Promise<string | null> {
    if (row.category === OSS_CATEGORY.local) return null;
    const location = {
      endpoint: row.endpoint!,
      bucketName: row.bucketName!,
      region: row.region ?? null,
      accessKey: row.accessKey!,
      secretKey: row.secretKey!,
    };
    const [current] = row.versionId
      ? await tx.db.select().from(ossVersion).where(eq(ossVersion.id, row.versionId)).limit(1)
      : [];
    const sameLocation =
      current &&
      current.endpoint === location.endpoint &&
      current.bucketName === location.bucketName &&
      (current.region ?? null) === location.region;
    if (current && sameLocation) {
      if (current.accessKey !== location.accessKey || current.secretKey !== location.secretKey) {
        await tx.db
          .update(ossVersion)
          .set({ accessKey: location.accessKey, secretKey: location.secretKey })
          .where(eq(ossVersion.id, current.id));
      }
      return current.id;
    }
    const id = newId();
    await tx.db.insert(ossVersion).values({ id, tenantId: tx.tenantId, ossId: row.id, ...location });
    return id;
  }

  remove(ctx: Ctx, ids: string[]) {
    return configs.remove(ctx, ids);
  }

  /** Make `id` the tenant's one enabled configuration. */
  async enable(ctx: Ctx, id: string) {
    const row = await enableOne(ctx, oss, configs, id);
    const category = CATEGORY_NAMES[row.category] ?? String(row.category);
    this.logs.usual(
      ctx,
      'info',
      'oss.enable',
      translate(ctx.language, 'log.ossEnabled', { code: row.ossCode, category }),
    );
    return maskSecret(row);
  }
}
