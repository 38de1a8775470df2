import { describe, expect, it } from 'vitest';
import { apiScopeAllows, scopePathPattern } from './api-scope.js';
import type { ApiScopeRule } from './context.js';

const rule = (scopePath: string, scopeType = 2, codes = ['post', 'post_add']): ApiScopeRule => ({
  resourceCode: codes[0]!,
  scopePath,
  scopeType,
  codes,
});

describe('API scope paths', () => {
  it('matches an exact path, with or without the /api prefix of BladeX paths', () => {
    expect(scopePathPattern('/api/blade-system/post/list').test('/api/blade-system/post/list')).toBe(true);
    expect(scopePathPattern('/blade-system/post/list').test('/api/blade-system/post/list')).toBe(true);
    expect(scopePathPattern('/blade-system/post/list').test('/api/blade-system/post/lists')).toBe(false);
    expect(scopePathPattern('/blade-system/post.list').test('/api/blade-system/postXlist')).toBe(false);
  });

  it('reads * as one segment and a trailing /** as the folder and everything below it', () => {
    const one = scopePathPattern('/api/blade-system/post/*');
    expect(one.test('/api/blade-system/post/list')).toBe(true);
    expect(one.test('/api/blade-system/post/a/b')).toBe(false);
    expect(scopePathPattern('/api/blade-system/post/de*').test('/api/blade-system/post/detail')).toBe(true);
    const deep = scopePathPattern('/blade-system/**');
    expect(deep.test('/api/blade-system')).toBe(true);
    expect(deep.test('/api/blade-system/post/a/b')).toBe(true);
    expect(deep.test('/api/blade-systemx')).toBe(false);
    expect(scopePathPattern('/api/**/list').test('/api/blade-system/post/list')).toBe(true);
  });
});

describe('apiScopeAllows', () => {
  it('leaves codes that no rule covers alone', () => {
    expect(apiScopeAllows([], 'post', '/api/blade-system/post/list')).toBe(true);
    expect(apiScopeAllows([rule('/x')], 'dict', '/api/blade-system/dict/list')).toBe(true);
  });

  it('needs one covering rule to allow the path (query ignored); type 1 allows every path', () => {
    const rules = [rule('/api/blade-system/post/list'), rule('/api/blade-system/post/detail')];
    expect(apiScopeAllows(rules, 'post', '/api/blade-system/post/list?current=1')).toBe(true);
    expect(apiScopeAllows(rules, 'post', '/api/blade-system/post/detail?id=1')).toBe(true);
    expect(apiScopeAllows(rules, 'post_add', '/api/blade-system/post/submit')).toBe(false);
    expect(apiScopeAllows([...rules, rule('/none', 1)], 'post_add', '/api/blade-system/post/submit')).toBe(
      true,
    );
  });
});
