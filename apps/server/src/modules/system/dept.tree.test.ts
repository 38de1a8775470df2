import { describe, expect, it } from 'vitest';
import { ancestorsBelow, isInSubtree, moveAncestors } from './dept.tree.js';

describe('dept tree places', () => {
  it('puts a top-level dept under 0 and a child under its parent’s path', () => {
    expect(ancestorsBelow(null)).toBe('0');
    expect(ancestorsBelow({ id: '5', ancestors: '0,1' })).toBe('0,1,5');
  });

  it('finds a dept itself and every dept below it, but not siblings sharing a prefix', () => {
    expect(isInSubtree({ id: '5', ancestors: '0,1' }, '5')).toBe(true);
    expect(isInSubtree({ id: '9', ancestors: '0,1,5,7' }, '5')).toBe(true);
    expect(isInSubtree({ id: '9', ancestors: '0,1,55' }, '5')).toBe(false);
    expect(isInSubtree({ id: '1', ancestors: '0' }, '5')).toBe(false);
  });

  it('rewrites the path of every descendant of a moved dept and leaves other paths alone', () => {
    const moved = { id: '5', ancestors: '0,1' };
    expect(moveAncestors('0,1,5', moved, '0,2')).toBe('0,2,5');
    expect(moveAncestors('0,1,5,7,8', moved, '0,2,3')).toBe('0,2,3,5,7,8');
    expect(moveAncestors('0,1,55', moved, '0,2')).toBe('0,1,55');
    expect(moveAncestors('0,1', moved, '0,2')).toBe('0,1');
  });
});
