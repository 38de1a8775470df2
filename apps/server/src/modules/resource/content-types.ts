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

/** Shown in place by a browser (pictures, video, audio); everything else is offered as a download. */
export function isInline(extension: string): boolean {
  return /^(jpg|png|gif|webp|mp4|flv|mp3)$/.test(extension);
}

/** `Content-Disposition` with the original name, safe for any characters (RFC 6266 / 5987). */
export function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
