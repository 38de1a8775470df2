import type { MenuNode, TokenResponse, UserInfo } from '@aos/contract';
import { request, requestData } from './http';

export interface LoginInput {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/**
 * Sign in (spec §7 Auth): the password travels as md5 hex; captcha mode uses the captcha grant. The md5
 * code is loaded on the first sign-in, not with the sign-in page.
 */
export async function loginByUsername(input: LoginInput, captchaMode: boolean): Promise<TokenResponse> {
  const { md5 } = await import('js-md5');
  const headers: Record<string, string> = { 'Tenant-Id': input.tenantId };
  if (captchaMode) {
    headers['Captcha-Key'] = input.captchaKey ?? '';
    headers['Captcha-Code'] = input.captchaCode ?? '';
  }
  return request<TokenResponse>({
    url: '/api/blade-auth/oauth/token',
    method: 'POST',
    anonymous: true,
    headers,
    params: {
      tenantId: input.tenantId,
      username: input.username,
      password: md5(input.password),
      grant_type: captchaMode ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
  });
}

export function refreshToken(token: string, tenantId: string): Promise<TokenResponse> {
  return request<TokenResponse>({
    url: '/api/blade-auth/oauth/token',
    method: 'POST',
    anonymous: true,
    headers: { 'Tenant-Id': tenantId },
    params: { tenantId, refresh_token: token, grant_type: 'refresh_token', scope: 'all' },
  });
}

export function getCaptcha(): Promise<{ key: string; image: string }> {
  return request({ url: '/api/blade-auth/oauth/captcha', anonymous: true });
}

export const logout = () => request({ url: '/api/blade-auth/oauth/logout', method: 'POST' });
export const getUserInfo = () => requestData<UserInfo>({ url: '/api/blade-auth/oauth/user-info' });
export const getButtons = () => requestData<MenuNode[]>({ url: '/api/blade-system/menu/buttons' });
export const getRoutes = (topMenuId?: string) =>
  requestData<MenuNode[]>({ url: '/api/blade-system/menu/routes', params: { topMenuId } });
export const getTopMenus = () =>
  requestData<Array<{ id: string; code: string; name: string; source: string; path: string; sort: number }>>({
    url: '/api/blade-system/menu/top-menu',
  });

/** The permission set: every leaf code of the button tree (spec §6). */
export function leafCodes(nodes: MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length ? leafCodes(node.children) : [node.code]));
}
