import { UPLOAD_EXTENSIONS, type UploadExtension } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { contentMatches, sniff, sniffImage } from './sniff.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

/** The first bytes of a real file of each kind (from each format's specification). */
const SAMPLES = {
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [40, 0, 0, 0], 'WEBPVP8 '),
  pdf: bytes('%PDF-1.7\n%', [0xe2, 0xe3, 0xcf, 0xd3]),
  docx: bytes('PK', [3, 4, 20, 0, 6, 0], '[Content_Types].xml'),
  xlsx: bytes('PK', [3, 4, 20, 0, 6, 0], 'xl/workbook.xml'),
  pptx: bytes('PK', [3, 4, 20, 0, 6, 0], 'ppt/presentation.xml'),
  zip: bytes('PK', [5, 6, 0, 0, 0, 0]),
  kmz: bytes('PK', [3, 4, 20, 0, 0, 0], 'wpmz/template.kml'),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  xls: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  ppt: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  rar: bytes('Rar!', [0x1a, 0x07, 0x01, 0x00]),
  '7z': bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]),
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]),
  flv: bytes('FLV', [1, 5, 0, 0, 0, 9]),
  mp3: bytes('ID3', [4, 0, 0, 0, 0, 0, 0]),
  txt: bytes('飞行日志\n', 'line two'),
  csv: bytes('name,value\n', 'a,1\n'),
  json: bytes([0xef, 0xbb, 0xbf], ' \n{"type":"Feature"}'),
  geojson: bytes('{"type":"FeatureCollection","features":[]}'),
  kml: bytes('<?xml version="1.0" encoding="UTF-8"?><kml>'),
} satisfies Record<UploadExtension, Buffer>;

const HTML = bytes('<!doctype html><script>alert(document.cookie)</script>');

describe('contentMatches', () => {
  it('accepts each kind by its first bytes', () => {
    for (const extension of UPLOAD_EXTENSIONS) {
      expect(contentMatches(extension, SAMPLES[extension]), extension).toBe(true);
    }
  });

  it('refuses a page or a script renamed to a binary kind', () => {
    for (const extension of UPLOAD_EXTENSIONS) {
      if (['txt', 'csv', 'kml'].includes(extension)) continue;
      expect(contentMatches(extension, HTML), extension).toBe(false);
    }
  });

  it('refuses one binary kind named as another: a zip is no mp4, an exe no docx, a png no text', () => {
    expect(contentMatches('mp4', SAMPLES.zip)).toBe(false);
    expect(contentMatches('kmz', SAMPLES.pdf)).toBe(false);
    expect(contentMatches('docx', bytes('MZ', [0x90, 0, 3, 0]))).toBe(false);
    expect(contentMatches('xls', SAMPLES.xlsx)).toBe(false);
    expect(contentMatches('txt', SAMPLES.png)).toBe(false);
    expect(contentMatches('json', bytes('hello'))).toBe(false);
    expect(contentMatches('kml', bytes('{"a":1}'))).toBe(false);
    expect(contentMatches('flv', bytes('FLV', [2]))).toBe(false);
  });

  it('refuses nothing at all as a binary kind', () => {
    expect(contentMatches('png', Buffer.alloc(0))).toBe(false);
    expect(contentMatches('mp4', bytes([0, 0, 0]))).toBe(false);
  });
});

describe('sniff', () => {
  it('names pictures whatever the name, and finds a pdf header inside the first kilobyte', () => {
    expect(sniffImage(SAMPLES.png)).toBe('png');
    expect(sniffImage(SAMPLES.webp)).toBe('webp');
    expect(sniffImage(SAMPLES.pdf)).toBeNull();
    expect(sniff(bytes(' '.repeat(500), '%PDF-1.4'))).toBe('pdf');
    expect(sniff(bytes(' '.repeat(1100), '%PDF-1.4'))).toBeNull();
    expect(sniff(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
  });
});
