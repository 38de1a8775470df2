import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { byteLimit, exactLength, parts, peek } from './streams.js';

const chunks = (...sizes: number[]) =>
  Readable.from(
    sizes.map((size, index) => Buffer.alloc(size, index + 1)),
    { objectMode: false },
  );

async function collect(stream: Readable): Promise<Buffer> {
  const read: Buffer[] = [];
  for await (const chunk of stream) read.push(chunk as Buffer);
  return Buffer.concat(read);
}

describe('peek', () => {
  it('hands back the first bytes and a stream that still holds all of them', async () => {
    const { head, stream } = await peek(chunks(3, 3, 3), 4);
    expect([...head]).toEqual([1, 1, 1, 2]);
    const all = await collect(stream);
    expect(all.length).toBe(9);
    expect([...all]).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
  });

  it('copes with a stream shorter than the peek, and with an empty one', async () => {
    const short = await peek(chunks(2), 10);
    expect(short.head.length).toBe(2);
    expect((await collect(short.stream)).length).toBe(2);
    const empty = await peek(chunks(), 10);
    expect(empty.head.length).toBe(0);
    expect((await collect(empty.stream)).length).toBe(0);
  });

  it('lets go of the source when the replay is dropped unread', async () => {
    const source = chunks(5, 5, 5);
    const { stream } = await peek(source, 2);
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});

describe('byteLimit', () => {
  it('passes a stream within the limit and counts it', async () => {
    const limit = byteLimit(10, () => new Error('too large'));
    const out = collect(limit);
    await pipeline(chunks(4, 6), limit);
    expect((await out).length).toBe(10);
    expect(limit.bytes).toBe(10);
  });

  it('fails as soon as the limit is passed', async () => {
    const limit = byteLimit(10, () => new Error('too large'));
    limit.resume();
    await expect(pipeline(chunks(4, 6, 1, 100), limit)).rejects.toThrow('too large');
    expect(limit.bytes).toBe(11);
  });
});

describe('parts', () => {
  it('cuts a stream into parts of the given size, the last one shorter', async () => {
    const sizes: number[] = [];
    for await (const part of parts(chunks(3, 10, 1, 7), 5)) sizes.push(part.length);
    expect(sizes).toEqual([5, 5, 5, 5, 1]);
  });

  it('yields nothing for an empty stream and one part for a short one', async () => {
    const none: Buffer[] = [];
    for await (const part of parts(chunks(), 5)) none.push(part);
    expect(none).toEqual([]);
    const one: Buffer[] = [];
    for await (const part of parts(chunks(2), 5)) one.push(part);
    expect(one.map((part) => part.length)).toEqual([2]);
  });
});

describe('exactLength', () => {
  it('passes exactly the announced bytes and fails on fewer or more', async () => {
    const ok = exactLength(10);
    ok.resume();
    await pipeline(chunks(4, 6), ok);
    for (const sizes of [
      [4, 5],
      [4, 7],
    ]) {
      const check = exactLength(10);
      check.resume();
      await expect(pipeline(chunks(...sizes), check)).rejects.toThrow(/expected a body of 10 bytes/);
    }
  });
});
