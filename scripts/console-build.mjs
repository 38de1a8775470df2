import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a built console ships React's development build. Vite takes NODE_ENV from the environment before
 * its own mode, so a build under `NODE_ENV=development` (the README's documented default) bundles React's
 * development code: 145 kB gzip instead of 82 kB, and warnings in the browser's console.
 */

/** Texts only React's development build holds (warnings the production build leaves out). */
export const DEVELOPMENT_REACT_MARKERS = [
  'Each child in a list should have a unique "key" prop',
  'You are calling ReactDOMClient.createRoot() on a container that has already been passed to createRoot()',
];

/** The scripts the first page loads: the entry of index.html and the modules it preloads. */
export function entryScripts(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const found = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.js)"/g)];
  return [...new Set(found.map((match) => match[1]))];
}

/** The entry scripts (relative to `distDir`) that hold React's development build; empty when none. */
export function developmentReactIn(distDir) {
  return entryScripts(distDir).filter((file) => {
    const code = readFileSync(path.join(distDir, file), 'utf8');
    return DEVELOPMENT_REACT_MARKERS.some((marker) => code.includes(marker));
  });
}
