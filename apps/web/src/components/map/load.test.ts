import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMapChunk } from './load';

describe("loading the map's code (spec §8: a chunk that does not arrive within 120 s fails)", () => {
  afterEach(() => vi.useRealTimers());

  it('gives the module when it arrives', async () => {
    await expect(loadMapChunk(async () => ({ default: 'map' }))).resolves.toEqual({ default: 'map' });
  });

  it('fails after 120 s without an answer, not before', async () => {
    vi.useFakeTimers();
    let failed = false;
    const pending = loadMapChunk<Error>(() => new Promise(() => undefined)).catch((error: Error) => {
      failed = true;
      return error;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).message).toBe('map chunk load timed out');
  });

  it('passes a failed import on', async () => {
    await expect(loadMapChunk(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
