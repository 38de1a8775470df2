// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStore, getAllStore, getStore, removeStore, setStore } from './storage';

describe('storage wrapper (spec §3, PROTOCOLS.md §1)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('writes the record format under <prefix>-<name>, to local storage without a type', () => {
    setStore({ name: 'language', content: 'en-US' });
    const raw = JSON.parse(localStorage.getItem('aos-language')!);
    expect(raw).toMatchObject({ dataType: 'string', content: 'en-US' });
    expect(typeof raw.datetime).toBe('number');
    expect(sessionStorage.getItem('aos-language')).toBeNull();
  });

  it('writes to session storage when a type is given, and reads session first', () => {
    setStore({ name: 'token', content: 'local-one' });
    setStore({ name: 'token', content: 'session-one', type: 'session' });
    expect(JSON.parse(sessionStorage.getItem('aos-token')!).type).toBe('session');
    expect(getStore({ name: 'token' })).toBe('session-one');
  });

  it('gives back numbers, booleans and objects as they were stored', () => {
    setStore({ name: 'n', content: 42 });
    setStore({ name: 'b', content: false });
    setStore({ name: 'o', content: { a: [1, 2] } });
    expect(getStore({ name: 'n' })).toBe(42);
    expect(getStore({ name: 'b' })).toBe(false);
    expect(getStore({ name: 'o' })).toEqual({ a: [1, 2] });
    expect(getStore({ name: 'o', debug: true })).toMatchObject({
      dataType: 'object',
      content: { a: [1, 2] },
    });
  });

  it('returns undefined for a missing or unreadable record', () => {
    expect(getStore({ name: 'missing' })).toBeUndefined();
    localStorage.setItem('aos-broken', '{not json');
    expect(getStore({ name: 'broken' })).toBeUndefined();
  });

  it('removes from the storage the type names and clears one storage at a time', () => {
    setStore({ name: 'a', content: 1, type: 'session' });
    setStore({ name: 'a', content: 2 });
    removeStore({ name: 'a', type: 'session' });
    expect(getStore({ name: 'a' })).toBe(2);
    setStore({ name: 'b', content: 3, type: 'session' });
    expect(getAllStore({ type: 'session' })).toEqual([{ name: 'b', content: 3 }]);
    clearStore({ type: 'session' });
    expect(sessionStorage.length).toBe(0);
    expect(getStore({ name: 'a' })).toBe(2);
    clearStore();
    expect(localStorage.length).toBe(0);
  });
});
