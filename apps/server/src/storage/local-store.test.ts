import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { FileUrlSigner } from './file-url-signer.js';
import { LocalStore } from './local-store.js';
import { RangeNotSatisfiableError } from './object-store.js';

const root = mkdtempSync(path.join(tmpdir(), 'aos-local-store-'));
const store = new LocalStore(root, new FileUrlSigner('x'.repeat(32)), 'https://aos.example.com/');
const body = (text: string) => Readable.from([Buffer.from(text)]);
const files = () =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalStore', () => {
  it('writes through a temporary file and renames it into place', async () => {
    const written = await store.put('t1/a/hello.txt', body('hello world'), { contentType: 'text/plain' });
    expect(written).toEqual({ size: 11 });
    expect(readFileSync(path.join(root, 't1/a/hello.txt'), 'utf8')).toBe('hello world');
    expect(files()).toEqual(['t1/a/hello.txt']);
  });

  it('leaves nothing when the body fails half-way, or is not the size announced', async () => {
    const failing = new PassThrough();
    const put = store.put('t1/broken.mp4', failing, { contentType: 'video/mp4' });
    failing.write(Buffer.alloc(1000));
    // nothing under the key while bytes are arriving
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(path.join(root, 't1/broken.mp4'))).toBe(false);
    failing.destroy(new Error('client went away'));
    await expect(put).rejects.toThrow('client went away');
    // a body that fails before the store has even begun to read it
    const early = new PassThrough();
    const put2 = store.put('t1/early.mp4', early, { contentType: 'video/mp4' });
    early.destroy(new Error('gone at once'));
    await expect(put2).rejects.toThrow('gone at once');
    await expect(
      store.put('t1/short.txt', body('abc'), { contentType: 'text/plain', size: 4 }),
    ).rejects.toThrow(/expected 4 bytes/);
    expect(files()).toEqual(['t1/a/hello.txt']);
  });

  it('reads whole objects and byte ranges, and refuses a range past the end', async () => {
    const whole = await store.get('t1/a/hello.txt');
    expect(whole).toMatchObject({ size: 11, contentType: 'text/plain; charset=utf-8' });
    expect(await text(whole!.stream)).toBe('hello world');
    const middle = await store.get('t1/a/hello.txt', { range: { start: 2, end: 4 } });
    expect(middle).toMatchObject({ size: 11, range: { start: 2, end: 4 } });
    expect(await text(middle!.stream)).toBe('llo');
    const open = await store.get('t1/a/hello.txt', { range: { start: 6 } });
    expect(await text(open!.stream)).toBe('world');
    const suffix = await store.get('t1/a/hello.txt', { range: { suffix: 3 } });
    expect(suffix!.range).toEqual({ start: 8, end: 10 });
    const clipped = await store.get('t1/a/hello.txt', { range: { start: 9, end: 500 } });
    expect(clipped!.range).toEqual({ start: 9, end: 10 });
    await expect(store.get('t1/a/hello.txt', { range: { start: 11 } })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    expect(await store.get('t1/a/missing.txt')).toBeNull();
  });

  it('refuses unsafe keys before touching the disk', async () => {
    for (const key of ['../escape.txt', '/etc/passwd', 't1/../../x', 't1\\x', '.incoming/x']) {
      await expect(store.put(key, body('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/unsafe/);
      await expect(store.get(key), key).rejects.toThrow(/unsafe/);
    }
  });

  it('presigns URLs of this server that verify only as issued', () => {
    const url = new URL(
      store.presignGet('t1/a/hello.txt', { expiresSeconds: 60, downloadName: '日志 1.txt' }),
    );
    expect(url.origin + url.pathname).toBe('https://aos.example.com/files/t1/a/hello.txt');
    expect(url.search).toContain('filename=%E6%97%A5%E5%BF%97%201.txt');
    const link = {
      method: 'GET' as const,
      key: 't1/a/hello.txt',
      expires: url.searchParams.get('expires')!,
      signature: url.searchParams.get('signature')!,
      detail: '日志 1.txt',
    };
    expect(store.verifyPresigned(link)).toBe('ok');
    expect(store.verifyPresigned({ ...link, detail: '' })).toBe('invalid');
    expect(store.verifyPresigned({ ...link, key: '../t1/a/hello.txt' })).toBe('invalid');
    expect(store.verifyPresigned({ ...link, expires: `${link.expires}.0` })).toBe('invalid');
    expect(store.verifyPresigned({ ...link, signature: undefined })).toBe('invalid');
    const put = new URL(store.presignPut('t1/in.mp4', { expiresSeconds: 60, contentType: 'video/mp4' }));
    expect([...put.searchParams.keys()]).toEqual(['expires', 'signature']);
    expect(() => store.presignGet('t1/a.txt', { expiresSeconds: 0 })).toThrow();
    expect(() => store.presignGet('t1/a.txt', { expiresSeconds: 8 * 24 * 3600 })).toThrow();
  });
});
