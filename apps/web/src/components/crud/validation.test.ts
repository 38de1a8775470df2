import { text } from '@aos/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { schemaProblem } from './validation';

describe('schemaProblem', () => {
  it('passes a good value', () => {
    expect(schemaProblem(text(10), 'ok', 'en-US', 'name')).toBeUndefined();
  });

  it('names the field when the value is missing', () => {
    expect(schemaProblem(text(10), '', 'en-US', 'post code')).toBe('post code is required');
    expect(schemaProblem(text(10), undefined, 'zh-CN', '岗位编号')).toBe('岗位编号不能为空');
  });

  it('uses the contract message for blank text and length (spec §5)', () => {
    expect(schemaProblem(text(10), '   ', 'en-US', 'name')).toBe('cannot be empty or all spaces');
    expect(schemaProblem(text(3), 'abcd', 'en-US', 'name')).toBe('at most 3 characters');
  });

  it('falls back to a generic message for zod issues without a contract key', () => {
    expect(schemaProblem(z.coerce.number().int(), 'x', 'en-US', 'sort')).toBe('sort is not valid');
  });
});
