/** The tabs bar rules of spec §4 "Tabs", as pure functions over the list of open tabs. */
export interface Tab {
  /** the route path */
  value: string;
  /** a message key or a label */
  label: string;
  keepAlive?: boolean;
}

export interface TabsState {
  list: Tab[];
  current: string;
}

export const HOME_PATH = '/home';

/** The message key of the home tab's label: 首页 / Home. */
export const HOME_LABEL = 'layout.home';

/** The home tab at `/`, first of the tabs bar. */
export function homeTab(): Tab {
  return { value: HOME_PATH, label: HOME_LABEL, keepAlive: true };
}

/** `/` is the home tab. */
export function normalizePath(path: string): string {
  return path === '/' || path === '' ? HOME_PATH : path;
}

/** Adding a tab makes it current and appends it if absent. */
export function addTab(state: TabsState, tab: Tab): TabsState {
  const value = normalizePath(tab.value);
  const present = state.list.some((item) => item.value === value);
  if (present && state.current === value) return state;
  return { list: present ? state.list : [...state.list, { ...tab, value }], current: value };
}

export function canClose(state: TabsState, value: string, firstPageMode: boolean): boolean {
  if (state.list.length <= 1) return false; // a single open tab cannot be closed
  if (normalizePath(value) === HOME_PATH && !firstPageMode) return false; // nor the first page, unless in first-page mode
  return state.list.some((item) => item.value === normalizePath(value));
}

/** Close one tab; closing the current one moves to its right neighbour, else its left one. */
export function closeTab(state: TabsState, value: string, firstPageMode: boolean): TabsState {
  const target = normalizePath(value);
  if (!canClose(state, target, firstPageMode)) return state;
  const index = state.list.findIndex((item) => item.value === target);
  const list = state.list.filter((item) => item.value !== target);
  if (state.current !== target) return { list, current: state.current };
  const next = list[index] ?? list[index - 1] ?? list[0]!;
  return { list, current: next.value };
}

/** Closing the others keeps the current tab and the home tab. */
export function closeOthers(state: TabsState): TabsState {
  return {
    list: state.list.filter((item) => item.value === state.current || item.value === HOME_PATH),
    current: state.current,
  };
}

/** Closing all leaves the home tab. */
export function closeAll(state: TabsState, home: Tab): TabsState {
  return { list: [home], current: HOME_PATH };
}
