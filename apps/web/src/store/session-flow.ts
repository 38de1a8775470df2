import type { TokenResponse } from '@aos/contract';
import { TOKEN_TIME_CONFIG_MS } from '@aos/contract/rules';
import {
  getButtons,
  getRoutes,
  getUserInfo,
  leafCodes,
  logout as logoutCall,
  refreshToken as refreshCall,
} from '../api/auth';
import { configureHttp, HttpError } from '../api/http';
import { i18n } from '../i18n';
import { useSession } from './session';
import { getStore } from './storage';
import { firstLeaf, normalizeMenu } from '../navigation/menu-routes';
import { runtimeConfig } from './runtime-config';

/** Where the app can navigate and show messages from outside React (set once the UI is mounted). */
export const ui = {
  navigate: (path: string) => window.location.assign(path),
  error: (text: string) => console.error(text),
};

export function setupHttp(): void {
  configureHttp({
    basicAuth: () => `Basic ${btoa(`${runtimeConfig.clientId}:${runtimeConfig.clientSecret}`)}`,
    token: () => useSession.getState().token,
    tenantId: () => useSession.getState().tenantId,
    language: () => useSession.getState().language,
    statusWhiteList: () => runtimeConfig.statusWhiteList,
    showError: (text) => ui.error(text),
    unknownError: () => i18n.t('common.unknownError'),
    onUnauthorized: () => {
      useSession.getState().clearSession();
      ui.navigate('/login');
    },
  });
}

/** After the token call: store the session, then load the user, the permission set and the menu. */
export async function completeSignIn(tokens: TokenResponse, tenantId: string, remember: boolean) {
  const session = useSession.getState();
  session.setSigningIn(true);
  try {
    session.signedIn(tokens, tenantId, remember);
    await loadSessionData(tokens.password_change_required);
  } catch (error) {
    session.clearSession();
    throw error;
  } finally {
    session.setSigningIn(false);
  }
}

/**
 * The user, the permission set and the menu. The router is built from every menu the user may open; the
 * chosen top menu's tree is fetched beside it for the side menu only (a top menu gone meanwhile is dropped).
 * A user who must change the init password first gets only the user (the server refuses the rest until
 * then): the console shows the change-password screen alone.
 */
export async function loadSessionData(
  passwordChangeRequired = useSession.getState().userInfo?.passwordChangeRequired,
) {
  const session = useSession.getState();
  if (passwordChangeRequired) {
    const user = await getUserInfo();
    session.setUserInfo(user);
    if (user.passwordChangeRequired) return;
  }
  const { topMenuId } = session;
  const [user, buttons, menu, sideMenu] = await Promise.all([
    getUserInfo(),
    getButtons(),
    getRoutes(),
    topMenuId ? getRoutes(topMenuId).catch(() => undefined) : undefined,
  ]);
  session.setUserInfo(user);
  session.setPermissions(leafCodes(buttons));
  session.setMenu(menu);
  session.setTopMenu(sideMenu && topMenuId, sideMenu);
}

/**
 * Choose a header top menu (undefined: none): the side menu shows its tree; every screen stays routable.
 * Answers the path of the first screen under it, for the caller to open.
 */
export async function chooseTopMenu(id: string | undefined): Promise<string | undefined> {
  if (!id) {
    useSession.getState().setTopMenu(undefined);
    return undefined;
  }
  const tree = await getRoutes(id);
  useSession.getState().setTopMenu(id, tree);
  return firstLeaf(normalizeMenu(tree))?.path;
}

/**
 * At start. A reload (language switch) fetches the user, permissions and menu afresh: names come in the
 * current language and grants changed meanwhile take effect. A new tab of a signed-in user has no access
 * token (session storage is per tab) but the refresh token and the user (local storage): it gets its own
 * access token from the refresh token, and keeps its address. A refused refresh token ends the session; a
 * network failure ends only this tab's attempt (the other tabs keep the shared refresh token).
 */
export function resumeSession(): Promise<void> {
  // Once per page: a second restore would present the refresh token the first has just spent.
  resuming ??= resume();
  return resuming;
}

let resuming: Promise<void> | undefined;

async function resume(): Promise<void> {
  const session = useSession.getState();
  if (session.token) return loadSessionData().catch(() => undefined);
  if (!session.restoring) return;
  try {
    await renewTokens();
  } catch (error) {
    if (error instanceof HttpError) useSession.getState().clearSession();
    useSession.getState().setRestoring(false);
    return;
  }
  try {
    await loadSessionData();
  } catch {
    // the HTTP layer has said what failed; the tab keeps its token
  } finally {
    useSession.getState().setRestoring(false);
  }
}

/**
 * Spend the newest refresh token for a new token pair. Refresh tokens rotate and presenting a spent one ends
 * the session everywhere, so tabs take turns (a Web Lock where the browser has one) and each reads the token
 * the last tab stored, never its own older copy.
 */
async function renewTokens(): Promise<void> {
  const renew = async () => {
    const refreshToken = getStore<string>({ name: 'refreshToken' });
    if (!refreshToken) throw new Error('signed out in another tab');
    const { tenantId } = useSession.getState();
    useSession.getState().setTokens(await refreshCall(refreshToken, tenantId));
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  await (locks ? locks.request('aos-token-refresh', renew) : renew());
}

/** Log out: tell the server (revokes the session), forget everything of it, go to /login. */
export async function signOut() {
  try {
    await logoutCall();
  } catch {
    // the session is ended locally either way
  }
  useSession.getState().clearSession();
  ui.navigate('/login');
}

/** Whether the access token is within the refresh window (spec §9 token time config). */
export function refreshDue(tokenTime: number | undefined, expiresIn: number | undefined, now = Date.now()) {
  if (!tokenTime || !expiresIn) return false;
  const windowMs = Math.min(TOKEN_TIME_CONFIG_MS, (expiresIn * 1000) / 2);
  return now - tokenTime >= expiresIn * 1000 - windowMs;
}

let refreshing = false;

/**
 * While an access token exists, renew it before it expires (checked every 10 s); a failed refresh logs out.
 */
export function startTokenRefresh(): () => void {
  const timer = setInterval(async () => {
    const { token, tokenTime, expiresIn, refreshToken } = useSession.getState();
    if (!token || !refreshToken || refreshing || !refreshDue(tokenTime, expiresIn)) return;
    refreshing = true;
    try {
      await renewTokens();
    } catch {
      useSession.getState().clearSession();
      ui.navigate('/login');
    } finally {
      refreshing = false;
    }
  }, 10_000);
  return () => clearInterval(timer);
}
