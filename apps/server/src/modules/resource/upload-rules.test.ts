import { describe, expect, it } from 'vitest';
import { originalName, sizeLabel, uploadExtension, uploadLimit } from './upload-rules.js';

describe('uploadExtension', () => {
  it('takes allowed extensions from the name, lower-cased, jpeg as jpg', () => {
    expect(uploadExtension('Report.PDF')).toBe('pdf');
    expect(uploadExtension('photo.jpeg')).toBe('jpg');
    expect(uploadExtension('route.kmz')).toBe('kmz');
  });

  it('refuses what a browser could run and what has no extension', () => {
    for (const name of ['page.html', 'image.svg', 'run.exe', 'archive.pdf.js', 'README']) {
      expect(uploadExtension(name), name).toBeNull();
    }
  });
});

describe('uploadLimit', () => {
  it('gives pictures 5 MB, videos 2 GB and everything else 20 MB', () => {
    expect(sizeLabel(uploadLimit('png'))).toBe('5 MB');
    expect(sizeLabel(uploadLimit('mp4'))).toBe('2 GB');
    expect(sizeLabel(uploadLimit('flv'))).toBe('2 GB');
    expect(sizeLabel(uploadLimit('kmz'))).toBe('20 MB');
    expect(sizeLabel(500 * 1024)).toBe('500 kB');
  });
});

describe('originalName', () => {
  it('keeps only the last segment of a path, without control characters', () => {
    expect(originalName('C:\\Users\\me\\飞行报告.pdf')).toBe('飞行报告.pdf');
    expect(originalName('../../etc/passwd')).toBe('passwd');
    expect(originalName('a\u0000b.txt')).toBe('ab.txt');
    expect(originalName('')).toBe('file');
  });
});
