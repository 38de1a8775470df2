import { type AttachSubmit, type PageQuery, translate } from '@aos/contract';
import { inArray } from 'drizzle-orm';
import { attach } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import type { LogService } from '../log/log.service.js';
import type { ByteRange } from '../../storage/object-store.js';
import { type AttachRow, attaches, type FileService, type OpenedFile } from './file.service.js';
import { storeOf } from './tenant-store.js';

/**
 * Attachments (spec §7 blade-resource attach): every upload, listed per tenant, downloadable through the
 * server, renamed by submit, removed with their stored file. A file that cannot be deleted from its store
 * (store unreachable) leaves a warning in the usual log; the attachment is gone either way.
 */
export class AttachService {
  constructor(
    private readonly files: FileService,
    private readonly logs: LogService,
  ) {}

  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return attaches.page(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return attaches.detail(ctx, id);
  }

  /** Attachments come from uploads; submit only renames one (its original name, shown on download). */
  submit(ctx: Ctx, input: AttachSubmit) {
    return attaches.update(ctx, input.id, { originalName: input.originalName });
  }

  async download(ctx: Ctx, id: string, range?: ByteRange): Promise<OpenedFile> {
    const row = await attaches.detail(ctx, id);
    return this.files.openAttach(ctx.db, row, range);
  }

  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    const removed: AttachRow[] = await inTransaction(ctx, (tx) =>
      tx.db
        .update(attach)
        .set({ isDeleted: 1, ...updateAudit(tx) })
        .where(scope(tx, attach, inArray(attach.id, ids)))
        .returning(),
    );
    if (!removed.length) throw notFound();
    for (const row of removed) {
      try {
        await (await storeOf(ctx.db, this.files.storage, row)).remove(row.name);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.logs.usual(
          ctx,
          'warn',
          'attach.remove',
          translate(ctx.language, 'log.fileNotRemoved', { name: row.name, reason }),
        );
      }
    }
    return removed.length;
  }
}
