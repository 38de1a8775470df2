import type { ReactNode } from 'react';
import { lazyScreen } from './lazy';
import type { MenuRoute } from './menu-routes';

const NotAvailable = lazyScreen(() => import('../pages/unavailable/NotAvailable'));
const PostPage = lazyScreen(() => import('../pages/system/post/PostPage'));

/**
 * The screen of each menu code. Areas register their screen here as they are built (lazily loaded);
 * a menu whose screen does not exist yet shows the "not available yet" page instead of a blank.
 */
const screens: Record<string, () => ReactNode> = {
  post: () => <PostPage />,
};

export function screenFor(route: MenuRoute): ReactNode {
  const screen = screens[route.code];
  return screen ? screen() : <NotAvailable name={route.name} />;
}
