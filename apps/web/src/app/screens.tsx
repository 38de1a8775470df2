import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { stringsReady } from '../i18n/strings';
import { lazyScreen } from './lazy';
import type { MenuRoute } from '../navigation/menu-routes';

type Screen = LazyExoticComponent<ComponentType<{ name: string }>>;

const loadRegistry = () => import('./screen-registry');
const loadNotAvailable = () => import('../pages/unavailable/NotAvailable');
// one lazy component per menu code, so a re-render of the routes keeps the mounted screens
const lazyScreens = new Map<string, Screen>();

/**
 * The screen of a menu code, from the registry of the screen folders' `screen.ts` files
 * (`screen-registry.ts`), loaded on demand and shown once its strings are in; a menu whose screen does not
 * exist yet shows the "not available yet" page instead of a blank.
 */
function screenOf(code: string): Screen {
  let screen = lazyScreens.get(code);
  if (!screen) {
    screen = lazyScreen<ComponentType<{ name: string }>>(async () => {
      const found = (await loadRegistry()).screens.get(code);
      if (!found) return loadNotAvailable();
      const module = await found.load();
      await stringsReady(); // the strings the screen's chunk asked for (its own, its components')
      // a screen takes no props: the menu's name is for the not-available page
      return module as { default: ComponentType<{ name: string }> };
    });
    lazyScreens.set(code, screen);
  }
  return screen;
}

export function screenFor(route: MenuRoute): ReactNode {
  void loadRegistry(); // routes exist once signed in: fetch the registry while the frame renders
  const Screen = screenOf(route.code);
  return <Screen name={route.name} />;
}
