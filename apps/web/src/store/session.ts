import type { Language, MenuNode, TokenResponse, UserInfo } from '@aos/contract';
import { DEFAULT_TENANT_ID } from '@aos/contract/rules';
import { create } from 'zustand';
import { runtimeConfig } from './runtime-config';
import { addTab, closeAll, closeOthers, closeTab, homeTab, type Tab, type TabsState } from './tabs';
import { getStore, removeStore, setStore } from './storage';

/**
 * The session state of spec §3: tokens, user, permissions, menu, tabs, lock, language, theme, live maps.
 * Stored as PROTOCOLS.md §1 says: token, menu, permissions, tabs and lock in session storage; refresh token,
 * user info, tenant, language and theme in local storage. So a new browser tab starts with the refresh token
 * and the user but no access token: it restores the session from the refresh token (`restoring`).
 */
export interface SessionState {
  tenantId: string;
  rememberTenant: boolean;
  token?: string;
  /** when the access token was stored and how long it lives, for the refresh timer */
  tokenTime?: number;
  expiresIn?: number;
  refreshToken?: string;
  userInfo?: UserInfo;
  permission: Record<string, boolean>;
  roles: string[];
  /** every screen the user may open (menu/routes without a top menu): the router's and the titles' source */
  menu: MenuNode[];
  /** the header's chosen top menu; it only narrows what the side menu shows */
  topMenuId?: string;
  /** the chosen top menu's tree (menu/routes?topMenuId=), shown by the side menu; none: the whole menu */
  sideMenu?: MenuNode[];
  language: Language;
  themeName: string;
  colorName: string;
  isLock: boolean;
  lockPasswd?: string;
  /** between the token call and the loaded user/menu: /login must not redirect yet */
  signingIn: boolean;
  /** a new tab getting its access token from the stored refresh token: guards wait instead of redirecting */
  restoring: boolean;
  tabs: TabsState;
  /** live screen: current task and drone maps (spec §3 "current task and UAV maps"), filled by live push */
  liveTasks: Record<string, unknown>;
  liveDrones: Record<string, unknown>;

  signedIn(tokens: TokenResponse, tenantId: string, remember: boolean): void;
  setSigningIn(value: boolean): void;
  setRestoring(value: boolean): void;
  setTokens(tokens: Pick<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in'>): void;
  setUserInfo(user: UserInfo): void;
  setPermissions(codes: string[]): void;
  setMenu(menu: MenuNode[]): void;
  setTopMenu(id: string | undefined, tree?: MenuNode[]): void;
  clearSession(): void;
  setLanguage(language: Language): void;
  lock(password: string): void;
  unlock(): void;
  openTab(tab: Tab): void;
  closeTab(value: string): void;
  closeOtherTabs(): void;
  closeAllTabs(): void;
}

const home = () => homeTab();

function initialTabs(): TabsState {
  const stored = getStore<TabsState>({ name: 'tabs' });
  return stored?.list?.length ? stored : { list: [home()], current: home().value };
}

function saveTabs(tabs: TabsState): TabsState {
  setStore({ name: 'tabs', content: tabs, type: 'session' });
  return tabs;
}

const SESSION_KEYS = [
  'token',
  'tokenTime',
  'expiresIn',
  'permission',
  'roles',
  'menu',
  'tabs',
  'isLock',
  'lockPasswd',
  'topMenuId',
  'sideMenu',
];

export const useSession = create<SessionState>()((set, get) => ({
  tenantId: getStore<string>({ name: 'tenantId' }) ?? DEFAULT_TENANT_ID,
  rememberTenant: getStore<boolean>({ name: 'rememberTenant' }) ?? true,
  token: getStore<string>({ name: 'token' }),
  tokenTime: getStore<number>({ name: 'tokenTime' }),
  expiresIn: getStore<number>({ name: 'expiresIn' }),
  refreshToken: getStore<string>({ name: 'refreshToken' }),
  userInfo: getStore<UserInfo>({ name: 'userInfo' }),
  permission: getStore<Record<string, boolean>>({ name: 'permission' }) ?? {},
  roles: getStore<string[]>({ name: 'roles' }) ?? [],
  menu: getStore<MenuNode[]>({ name: 'menu' }) ?? [],
  topMenuId: getStore<string>({ name: 'topMenuId' }),
  sideMenu: getStore<MenuNode[]>({ name: 'sideMenu' }),
  language: getStore<Language>({ name: 'language' }) ?? runtimeConfig.defaultLanguage,
  themeName: getStore<string>({ name: 'themeName' }) ?? 'default',
  colorName: getStore<string>({ name: 'colorName' }) ?? runtimeConfig.themeColor,
  isLock: getStore<boolean>({ name: 'isLock' }) ?? false,
  lockPasswd: getStore<string>({ name: 'lockPasswd' }),
  tabs: initialTabs(),
  signingIn: false,
  restoring: !getStore<string>({ name: 'token' }) && !!getStore<string>({ name: 'refreshToken' }),
  liveTasks: {},
  liveDrones: {},

  signedIn(tokens, tenantId, remember) {
    setStore({ name: 'tenantId', content: tenantId });
    setStore({ name: 'rememberTenant', content: remember });
    set({ tenantId, rememberTenant: remember });
    get().setTokens(tokens);
  },

  setSigningIn(value) {
    set({ signingIn: value });
  },

  setRestoring(value) {
    set({ restoring: value });
  },

  setTokens(tokens) {
    const tokenTime = Date.now();
    setStore({ name: 'token', content: tokens.access_token, type: 'session' });
    setStore({ name: 'tokenTime', content: tokenTime, type: 'session' });
    setStore({ name: 'expiresIn', content: tokens.expires_in, type: 'session' });
    setStore({ name: 'refreshToken', content: tokens.refresh_token });
    set({
      token: tokens.access_token,
      tokenTime,
      expiresIn: tokens.expires_in,
      refreshToken: tokens.refresh_token,
    });
  },

  setUserInfo(user) {
    setStore({ name: 'userInfo', content: user });
    setStore({ name: 'roles', content: user.roles, type: 'session' });
    set({ userInfo: user, roles: user.roles });
  },

  setPermissions(codes) {
    const permission = Object.fromEntries(codes.map((code) => [code, true]));
    setStore({ name: 'permission', content: permission, type: 'session' });
    set({ permission });
  },

  setMenu(menu) {
    setStore({ name: 'menu', content: menu, type: 'session' });
    set({ menu });
  },

  setTopMenu(id, tree) {
    if (id && tree) {
      setStore({ name: 'topMenuId', content: id, type: 'session' });
      setStore({ name: 'sideMenu', content: tree, type: 'session' });
      set({ topMenuId: id, sideMenu: tree });
      return;
    }
    removeStore({ name: 'topMenuId', type: 'session' });
    removeStore({ name: 'sideMenu', type: 'session' });
    set({ topMenuId: undefined, sideMenu: undefined });
  },

  /** Logout and federated logout: tokens, user and everything of the session go; tenant and language stay. */
  clearSession() {
    for (const name of SESSION_KEYS) removeStore({ name, type: 'session' });
    removeStore({ name: 'refreshToken' });
    removeStore({ name: 'userInfo' });
    if (!get().rememberTenant) removeStore({ name: 'tenantId' });
    set({
      token: undefined,
      tokenTime: undefined,
      expiresIn: undefined,
      refreshToken: undefined,
      userInfo: undefined,
      permission: {},
      roles: [],
      menu: [],
      topMenuId: undefined,
      sideMenu: undefined,
      isLock: false,
      lockPasswd: undefined,
      tabs: { list: [home()], current: home().value },
    });
  },

  setLanguage(language) {
    setStore({ name: 'language', content: language });
    set({ language });
  },

  lock(password) {
    setStore({ name: 'lockPasswd', content: password, type: 'session' });
    setStore({ name: 'isLock', content: true, type: 'session' });
    set({ isLock: true, lockPasswd: password });
  },

  unlock() {
    removeStore({ name: 'lockPasswd', type: 'session' });
    removeStore({ name: 'isLock', type: 'session' });
    set({ isLock: false, lockPasswd: undefined });
  },

  openTab(tab) {
    const tabs = addTab(get().tabs, tab);
    if (tabs !== get().tabs) set({ tabs: saveTabs(tabs) });
  },
  closeTab(value) {
    set({ tabs: saveTabs(closeTab(get().tabs, value, runtimeConfig.firstPageMode)) });
  },
  closeOtherTabs() {
    set({ tabs: saveTabs(closeOthers(get().tabs)) });
  },
  closeAllTabs() {
    set({ tabs: saveTabs(closeAll(get().tabs, home())) });
  },
}));

export const hasPermission = (code: string) => useSession.getState().permission[code] === true;
