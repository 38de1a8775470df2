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
import { configureHttp } from '../api/http';
import { i18n } from '../i18n';
import { useSession } from '../store/session';
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
    await loadSessionData();
  } catch (error) {
    session.clearSession();
    throw error;
  } finally {
    session.setSigningIn(false);
  }
}

export async function loadSessionData() {
  const session = useSession.getState();
  const [user, buttons, menu] = await Promise.all([
    getUserInfo(),
    getButtons(),
    getRoutes(session.topMenuId),
  ]);
  session.setUserInfo(user);
  session.setPermissions(leafCodes(buttons));
  session.setMenu(menu);
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
    const { token, tokenTime, expiresIn, refreshToken, tenantId } = useSession.getState();
    if (!token || !refreshToken || refreshing || !refreshDue(tokenTime, expiresIn)) return;
    refreshing = true;
    try {
      useSession.getState().setTokens(await refreshCall(refreshToken, tenantId));
    } catch {
      useSession.getState().clearSession();
      ui.navigate('/login');
    } finally {
      refreshing = false;
    }
  }, 10_000);
  return () => clearInterval(timer);
}
