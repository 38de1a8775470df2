import { CHUNK_LOAD_TIMEOUT_MS } from '@aos/contract/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './lazy';

describe('chunk loading (spec §8: 120 s timeout raises a chunk-load error)', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the module when it arrives in time', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('raises ChunkLoadError after 120 s without an answer', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => undefined));
    const outcome = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('turns a failed import into ChunkLoadError', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
