import { isMessageKey } from '@aos/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { readUpload } from '../../lib/upload.js';
import {
  type AreaExportFormat,
  type AreaFile,
  type AreaFileFormat,
  EXCHANGE_LIMITS,
  type ImportedArea,
  type ImportedFeature,
  readAreaFile,
  requireAreas,
} from './exchange/index.js';
import { featureError } from './exchange/features.js';
import { formatBytes } from './exchange/limits.js';

/**
 * The area file of a multipart upload (field `file`), read into features (exchange/): at most
 * EXCHANGE_LIMITS.maxInputBytes, only the `accept`ed formats (spec §5: no-fly zone and fence imports are zips).
 */
export async function readAreaUpload(
  request: FastifyRequest,
  accept?: readonly AreaFileFormat[],
): Promise<{ features: ImportedFeature[]; filename: string }> {
  const upload = await readUpload(request, EXCHANGE_LIMITS.maxInputBytes);
  if (!upload) throw fieldError('file', 'upload.missing');
  if (upload.tooLarge) {
    throw fieldError('file', 'gis.fileTooLarge', { limit: formatBytes(EXCHANGE_LIMITS.maxInputBytes) });
  }
  const features = await readAreaFile({ filename: upload.filename, data: upload.data, accept });
  return { features, filename: upload.filename };
}

const NAME_KEYS = ['name', 'Name', 'NAME', '名称', 'title', 'Title'];
const REMARK_KEYS = ['remark', 'Remark', 'description', 'Description', '备注'];

function firstText(properties: ImportedFeature['properties'], keys: string[]): string | undefined {
  for (const key of keys) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

/**
 * Imports every range of a file as rows of one resource, all or nothing: each feature becomes a submit
 * (`name` from its name property, else the file's name and its number; `remark` from its description;
 * `fields` adds the resource's own from the properties), checked by the resource's submit schema and saved by
 * its service in one transaction. The first feature refused refuses the file, naming the feature, the field
 * and the rule; nothing is written.
 */
export async function importAreas<S extends z.ZodType>(
  ctx: Ctx,
  file: { features: ImportedFeature[]; filename: string },
  schema: S,
  fields: (area: ImportedArea) => Record<string, unknown>,
  save: (ctx: Ctx, input: z.output<S>) => Promise<{ id: string }>,
): Promise<{ count: number; ids: string[] }> {
  const areas = requireAreas(file.features);
  const base =
    file.filename
      .replace(/\.[^.]*$/, '')
      .trim()
      .slice(0, 80) || 'area';
  return inTransaction(ctx, async (tx) => {
    const ids: string[] = [];
    const names = new Map<string, number>();
    for (const area of areas) {
      // the parts of a split multi-polygon share their name: the second is "name-2", and so on
      const named = (firstText(area.properties, NAME_KEYS) ?? `${base}-${area.index + 1}`).slice(0, 90);
      const seen = (names.get(named) ?? 0) + 1;
      names.set(named, seen);
      const input = schema.safeParse({
        name: seen === 1 ? named : `${named}-${seen}`,
        remark: firstText(area.properties, REMARK_KEYS)?.slice(0, 300),
        geometry: area.geometry,
        ...fields(area),
      });
      if (!input.success) {
        const issue = input.error.issues[0]!;
        const rule = isMessageKey(issue.message) ? issue.message : 'validation.invalid';
        throw featureError(area.index, area.properties, issue.path.join('.') || 'geometry', rule);
      }
      try {
        ids.push((await save(tx, input.data)).id);
      } catch (error) {
        if (error instanceof AppError && error.status === 400) {
          const field = typeof error.params.field === 'string' ? error.params.field : 'geometry';
          throw featureError(area.index, area.properties, field, error.messageKey, error.params);
        }
        throw error;
      }
    }
    return { count: ids.length, ids };
  });
}

/** An exported area file as a download. */
export function sendAreaFile(reply: FastifyReply, file: AreaFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .send(file.data);
}

export type { AreaExportFormat };
