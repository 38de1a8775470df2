import { Readable, Transform } from 'node:stream';

/**
 * Read the first `bytes` of a stream (fewer if it ends first) and hand back a stream that replays them and
 * then the rest: the content can be sniffed before a single byte is stored. Destroying the returned stream
 * destroys the source.
 */
export async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const first = Buffer.concat(chunks);
  async function* replay() {
    try {
      if (first.length) yield first;
      while (!done) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  const stream = Readable.from(replay(), { objectMode: false });
  // A replay that is dropped before it was read never runs its `finally`: let go of the source here.
  stream.once('close', () => {
    if (!source.destroyed && !source.readableEnded) source.destroy();
  });
  return { head: first.subarray(0, bytes), stream };
}

/** A pass-through that counts the bytes and fails with `tooLarge()` as soon as they pass `maxBytes`. */
export function byteLimit(maxBytes: number, tooLarge: () => Error): Transform & { readonly bytes: number } {
  let bytes = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  return Object.defineProperty(limiter, 'bytes', { get: () => bytes }) as Transform & {
    readonly bytes: number;
  };
}

/** A pass-through that fails unless exactly `size` bytes go through it (a body and its Content-Length). */
export function exactLength(size: number): Transform {
  let bytes = 0;
  const mismatch = () => new Error(`expected a body of ${size} bytes, got ${bytes}`);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > size) callback(mismatch());
      else callback(null, chunk);
    },
    flush(callback) {
      callback(bytes === size ? null : mismatch());
    },
  });
}

/**
 * Cut a stream into parts of exactly `partSize` bytes (the last one shorter): the unit of an S3 multipart
 * upload. At most one part is held in memory at a time.
 */
export async function* parts(source: Readable, partSize: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    pending.push(chunk);
    length += chunk.length;
    while (length >= partSize) {
      const joined = Buffer.concat(pending, length);
      yield joined.subarray(0, partSize);
      const rest = joined.subarray(partSize);
      pending = rest.length ? [Buffer.from(rest)] : [];
      length = rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending, length);
}
