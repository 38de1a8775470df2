import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../store/session';
import { findRoute, menuToRoutes, type MenuRoute } from './menu-routes';
import { runtimeConfig } from '../store/runtime-config';
import { HOME_PATH } from '../store/tabs';

/** The user's menu routes, recomputed when the menu changes. */
export function useMenuRoutes(): MenuRoute[] {
  const menu = useSession((state) => state.menu);
  return useMemo(() => menuToRoutes(menu), [menu]);
}

/**
 * Whether the user holds any of `codes` the way the server checks it: as a menu of theirs (a screen) or as a
 * button permission. (The permission map holds only buttons, so hasPermission alone misses the screens.)
 */
export function useGranted(...codes: string[]): boolean {
  const routes = useMenuRoutes();
  const permission = useSession((state) => state.permission);
  return codes.some((code) => permission[code] === true || routes.some((route) => route.code === code));
}

/** The title of a path: the matched route's, else undefined (the caller falls back to the global title). */
export function useTitleOf(): (path: string) => string | undefined {
  const { t } = useTranslation();
  const routes = useMenuRoutes();
  return (path: string) => {
    if (path === HOME_PATH || path === '/') return runtimeConfig.title;
    if (path === '/personal-center') return t('personal.title');
    if (path === '/lock') return t('lock.title');
    if (path === '/login') return t('login.title');
    if (path === '/403' || path === '/404' || path === '/500') return undefined;
    return findRoute(routes, path)?.name;
  };
}
