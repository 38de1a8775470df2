/**
 * Object keys: `segment/segment/name.ext`, each segment of letters, digits, `.`, `_` or `-`, never starting
 * with a dot (no `.`, `..`, hidden files), no empty segment (no leading `/`, no `//`), no backslash, no colon,
 * no percent sign. Keys this narrow mean the same thing as a file path, a URL path and an S3 key, so no
 * decoding or normalising step anywhere can turn one into a path outside its store or its tenant's prefix.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** A key the stores accept; anything else is a programming error or an attack, never a user mistake. */
export function assertSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
  return key;
}

export class UnsafeKeyError extends Error {
  override name = 'UnsafeKeyError';
  constructor(key: string) {
    super(`unsafe object key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/** Tenant ids come from the verified token; still, only a plain folder name may become a prefix. */
const TENANT = /^[A-Za-z0-9_-]{1,12}$/;

/** The folder every object of a tenant lives under: `<tenantId>/`. */
export function tenantPrefix(tenantId: string): string {
  if (!TENANT.test(tenantId)) throw new UnsafeKeyError(tenantId);
  return `${tenantId}/`;
}

/** `<tenantId>/<segments...>`, checked whole. */
export function tenantKey(tenantId: string, ...segments: string[]): string {
  return assertSafeKey(tenantPrefix(tenantId) + segments.join('/'));
}

/** True when `key` is a safe key inside the tenant's own prefix. */
export function ownsKey(tenantId: string, key: string): boolean {
  return TENANT.test(tenantId) && isSafeKey(key) && key.startsWith(`${tenantId}/`);
}

/** The extension of a key's last segment, lower-cased ('' when none). */
export function keyExtension(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
