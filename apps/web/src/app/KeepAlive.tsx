import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useSession } from '../store/session';

/**
 * Renders the current screen; screens whose menu says keep-alive (isOpen = 2, and home) stay mounted while
 * their tab is open, hidden when not shown, and get their scroll position back when shown again.
 */
export function KeepAliveOutlet({ keepAlive }: { keepAlive: (path: string) => boolean }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const openTabs = useSession((state) => state.tabs.list);
  const cache = useRef(new Map<string, ReactNode>());
  const scroll = useRef(new Map<string, number>());
  const panes = useRef(new Map<string, HTMLDivElement>());
  const alive = keepAlive(pathname);

  if (alive && !cache.current.has(pathname)) cache.current.set(pathname, outlet);
  for (const path of cache.current.keys()) {
    if (path !== pathname && !openTabs.some((tab) => tab.value === path)) {
      cache.current.delete(path);
      scroll.current.delete(path);
    }
  }

  // A hidden pane reports scrollTop 0, so positions are recorded while scrolling and put back when shown.
  useLayoutEffect(() => {
    const pane = panes.current.get(pathname);
    if (pane) pane.scrollTop = scroll.current.get(pathname) ?? 0;
  }, [pathname]);

  const pane = (path: string, node: ReactNode, visible: boolean) => (
    <div
      key={path}
      className="page-pane"
      data-path={path}
      style={{ display: visible ? 'block' : 'none' }}
      onScroll={(event) => {
        if (visible) scroll.current.set(path, event.currentTarget.scrollTop);
      }}
      ref={(element) => {
        if (element) panes.current.set(path, element);
        else panes.current.delete(path);
      }}
    >
      {node}
    </div>
  );

  return (
    <>
      {[...cache.current].map(([path, node]) => pane(path, node, path === pathname))}
      {!alive && pane(pathname, outlet, true)}
    </>
  );
}
