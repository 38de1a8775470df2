import { describe, expect, it } from 'vitest';
import { uploadExtension } from './file.service.js';

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
