import type { UploadExtension } from '@aos/contract';

/** The type each stored extension is served with. */
export const CONTENT_TYPES: Record<UploadExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  json: 'application/json',
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
  kmz: 'application/vnd.google-earth.kmz',
  mp4: 'video/mp4',
  flv: 'video/x-flv',
  mp3: 'audio/mpeg',
};

/** Anything we cannot name is served as opaque bytes, never as something a browser would render or run. */
export const OPAQUE_TYPE = 'application/octet-stream';

/** The type a stored object is served with: from its extension, never from what the uploader declared. */
export function servedType(extension: string): string {
  return (CONTENT_TYPES as Record<string, string>)[extension] ?? OPAQUE_TYPE;
}

/**
 * Shown in place by a browser: pictures only. Everything else is sent as an attachment (a `<video>` or
 * `<audio>` element still plays it), so no upload is ever rendered as a page of our origin.
 */
export function isInline(extension: string): boolean {
  return /^(jpg|png|gif|webp)$/.test(extension);
}

/** `Content-Disposition` with the original name, safe for any characters (RFC 6266 / 5987). */
export function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
