import type { ImageExtension, UploadExtension } from '@aos/contract';

/** How many leading bytes are read before deciding what a file is. */
export const SNIFF_BYTES = 4096;

/** What the first bytes say a file is, for the binary kinds we accept. */
export type BinaryKind = ImageExtension | 'pdf' | 'zip' | 'cfb' | 'rar' | '7z' | 'mp4' | 'flv' | 'mp3';

/** What each extension's content must be: a binary kind, or text of some shape (no magic number). */
type Expected = BinaryKind | 'text' | 'json' | 'xml';

const EXPECTED: Record<UploadExtension, Expected> = {
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  // Office Open XML documents and KMZ routes are zip archives; the old Office formats are OLE compound files.
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  zip: 'zip',
  kmz: 'zip',
  doc: 'cfb',
  xls: 'cfb',
  ppt: 'cfb',
  rar: 'rar',
  '7z': '7z',
  mp4: 'mp4',
  flv: 'flv',
  mp3: 'mp3',
  txt: 'text',
  csv: 'text',
  json: 'json',
  geojson: 'json',
  kml: 'xml',
};

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The magic numbers of the kinds we accept (from each format's specification): a short table rather than a
 * general detector, because the list of accepted extensions is fixed and each needs one comparison.
 */
export function sniff(head: Buffer): BinaryKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  // PDF readers accept the header anywhere in the first kilobyte.
  if (head.subarray(0, 1024).includes('%PDF-', 0, 'latin1')) return 'pdf';
  // local file header; an empty archive is only its end record
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'cfb';
  if (startsWith(head, ascii('Rar!\x1a\x07'))) return 'rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  // ISO base media: the first box is `ftyp`, its type at offset 4
  if (startsWith(head, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(head, [0x46, 0x4c, 0x56, 0x01])) return 'flv';
  // an ID3 tag, or straight into an MPEG audio frame (11 sync bits)
  if (
    startsWith(head, ascii('ID3')) ||
    (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)
  ) {
    return 'mp3';
  }
  return null;
}

/** The picture the bytes are, whatever the name says. */
export function sniffImage(head: Buffer): ImageExtension | null {
  const kind = sniff(head);
  return kind === 'jpg' || kind === 'png' || kind === 'gif' || kind === 'webp' ? kind : null;
}

/** Text has no NUL byte (binary formats all have them early on). */
const isText = (head: Buffer) => !head.includes(0);

/** The first character that is not a byte-order mark or white space. */
function firstCharacter(head: Buffer): string {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return text.trimStart().charAt(0);
}

/** True when the first bytes of a file are what its extension says it is. */
export function contentMatches(extension: UploadExtension, head: Buffer): boolean {
  const expected = EXPECTED[extension];
  if (expected === 'text') return isText(head);
  if (expected === 'json') return isText(head) && ['{', '['].includes(firstCharacter(head));
  if (expected === 'xml') return isText(head) && firstCharacter(head) === '<';
  return sniff(head) === expected;
}
