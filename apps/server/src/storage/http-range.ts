import type { ByteRange } from './object-store.js';

/**
 * The one byte range of a `Range` header (RFC 9110 §14.1.2), or null to send the whole object: no header, a
 * unit other than bytes, a malformed value or several ranges (which a server may answer whole) all are null.
 */
export function parseRange(header: string | undefined): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? null : { start, end };
}
