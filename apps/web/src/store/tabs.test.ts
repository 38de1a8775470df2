import { describe, expect, it } from 'vitest';
import {
  addTab,
  canClose,
  closeAll,
  closeOthers,
  closeTab,
  HOME_PATH,
  homeTab,
  type TabsState,
} from './tabs';

const home = homeTab();
const tab = (value: string) => ({ value, label: value });
const start: TabsState = { list: [home], current: HOME_PATH };

describe('tabs (spec §4)', () => {
  it('adding a tab makes it current and appends it only if absent', () => {
    const one = addTab(start, tab('/a'));
    expect(one).toEqual({ list: [home, tab('/a')], current: '/a' });
    const back = addTab(addTab(one, tab('/b')), tab('/a'));
    expect(back.list.map((item) => item.value)).toEqual([HOME_PATH, '/a', '/b']);
    expect(back.current).toBe('/a');
  });

  it('leaves the state as it is when the tab is already open and current', () => {
    const one = addTab(start, tab('/a'));
    expect(addTab(one, tab('/a'))).toBe(one);
  });

  it('treats / as the home tab', () => {
    expect(addTab(addTab(start, tab('/a')), tab('/'))).toMatchObject({ current: HOME_PATH });
    expect(home.label).toBe('layout.home'); // 首页 / Home
  });

  it('a single open tab cannot be closed', () => {
    const only: TabsState = { list: [tab('/a')], current: '/a' };
    expect(canClose(only, '/a', true)).toBe(false);
    expect(closeTab(only, '/a', true)).toBe(only);
  });

  it('the first-page tab cannot be closed when first-page mode is off, and can when on', () => {
    const two = addTab(start, tab('/a'));
    expect(closeTab(two, HOME_PATH, false)).toBe(two);
    expect(closeTab(two, HOME_PATH, true).list.map((item) => item.value)).toEqual(['/a']);
  });

  it('closing the current tab moves to its right neighbour, else its left one', () => {
    const three = addTab(addTab(addTab(start, tab('/a')), tab('/b')), tab('/a'));
    expect(closeTab(three, '/a', false)).toMatchObject({ current: '/b' });
    const atEnd = addTab(three, tab('/b'));
    expect(closeTab(atEnd, '/b', false)).toMatchObject({ current: '/a' });
    expect(closeTab(atEnd, '/a', false)).toMatchObject({ current: '/b' });
  });

  it('closing others keeps the current tab and the home tab; closing all keeps home', () => {
    const many = addTab(addTab(addTab(start, tab('/a')), tab('/b')), tab('/c'));
    expect(closeOthers({ ...many, current: '/b' }).list.map((item) => item.value)).toEqual([HOME_PATH, '/b']);
    expect(closeAll(many, home)).toEqual({ list: [home], current: HOME_PATH });
  });
});
