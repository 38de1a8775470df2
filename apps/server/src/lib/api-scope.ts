import type { ApiScopeRule } from './context.js';

const patterns = new Map<string, RegExp>();

/**
 * A scope path as a pattern of the request path. BladeX paths without the gateway's `/api` prefix
 * (`/blade-system/post/list`) get it. `*` matches within one path segment, `**` across segments, and a
 * trailing `/**` also matches the folder itself (`/api/blade-system/post/**` matches `/api/blade-system/post`).
 */
export function scopePathPattern(scopePath: string): RegExp {
  let pattern = patterns.get(scopePath);
  if (pattern) return pattern;
  const path = scopePath === '/api' || scopePath.startsWith('/api/') ? scopePath : `/api${scopePath}`;
  let source = '';
  for (let index = 0; index < path.length; index++) {
    if (path.startsWith('/**', index) && index + 3 === path.length) {
      source += '(?:/.*)?';
      break;
    }
    if (path.startsWith('**', index)) {
      source += '.*';
      index++;
    } else if (path[index] === '*') {
      source += '[^/]*';
    } else {
      source += path[index]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  pattern = new RegExp(`^${source}$`);
  if (patterns.size > 10_000) patterns.clear();
  patterns.set(scopePath, pattern);
  return pattern;
}

/**
 * Whether API scopes let the caller reach `path` through a route that requires permission `code`.
 * Rules that do not cover the code leave it alone (no rule: the menu permission alone decides, as in
 * BladeX). When some cover it, one of them must allow it: type 1 any path, type 2 its path pattern.
 * Rules of several roles add up: any one allowing the path is enough.
 */
export function apiScopeAllows(rules: readonly ApiScopeRule[], code: string, url: string): boolean {
  if (rules.length === 0) return true;
  const covering = rules.filter((rule) => rule.codes.includes(code));
  if (covering.length === 0) return true;
  const path = url.split('?')[0] ?? '';
  return covering.some((rule) => rule.scopeType === 1 || scopePathPattern(rule.scopePath).test(path));
}
