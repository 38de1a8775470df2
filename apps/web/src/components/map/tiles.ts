/** A raster XYZ tile service the installation configured (`MAP_TILE_URL`), and whom its tiles come from. */
export interface TileService {
  /** `https://host/{z}/{x}/{y}.png` (OpenLayers also expands `{a-c}` and `{-y}`) */
  url: string;
  /** the tile server's host name, named in the map's attribution */
  host: string;
}

const STAND_IN = 'placeholder0';

/**
 * The tile service of `/config.js` (`map.tileUrl`), or null for none. The server checks the variable at
 * start; this checks again so a hand-edited config script cannot hand the map a template it would fetch
 * garbage with: an http(s) URL with `{z}`, `{x}` and `{y}` (or `{-y}`).
 */
export function tileService(tileUrl: string | null | undefined): TileService | null {
  if (!tileUrl) return null;
  const hasPlaceholders = tileUrl.includes('{z}') && tileUrl.includes('{x}') && /\{-?y\}/.test(tileUrl);
  if (!hasPlaceholders) return null;
  try {
    // Braces are not valid in a host name: parse with a stand-in, then name the host without the labels that
    // were placeholders ({a-c}.tile.example.org is tile.example.org).
    const parsed = new URL(tileUrl.replace(/\{[^}]*\}/g, STAND_IN));
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    const host = parsed.hostname
      .split('.')
      .filter((label) => !label.includes(STAND_IN))
      .join('.');
    return { url: tileUrl, host: host || parsed.hostname };
  } catch {
    return null;
  }
}
