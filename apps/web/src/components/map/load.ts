import { CHUNK_LOAD_TIMEOUT_MS } from '@aos/contract/rules';

/**
 * The map's code, loaded on demand: like a screen's chunk (spec §8, `app/lazy.tsx`) it fails after 120 s
 * instead of spinning for ever, and the screen's boundary offers a retry. `app/lazy` itself is not imported
 * here: pulled into the map's shared chunk it made the bundler split the chunks the sign-in page loads.
 */
export function loadMapChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('map chunk load timed out')), timeoutMs);
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}
