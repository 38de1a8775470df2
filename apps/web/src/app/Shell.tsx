import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { removeStore } from '../store/storage';
import { CHANGE_PASSWORD_PATH, GuestOnly, RequireAuth } from './guards';
import { lazyScreen, ScreenBoundary } from './lazy';
import { STATIC_PATHS } from '../navigation/menu-routes';
import { runtimeConfig } from '../store/runtime-config';
import { useMenuRoutes, useTitleOf } from '../navigation/route-titles';
import { ScreenLoading } from './ScreenLoading';
import { screenFor } from './screens';
import { ui } from '../store/session-flow';

// The frame (menus, tabs, dialogs) is only needed once signed in: /login does not download it.
const Layout = lazyScreen(() => import('./layout/Layout'));
const LoginPage = lazyScreen(() => import('../pages/login/LoginPage'));
const HomePage = lazyScreen(() => import('../pages/home/HomePage'));
const LockPage = lazyScreen(() => import('../pages/lock/LockPage'));
const PersonalCenter = lazyScreen(() => import('../pages/personal-center/PersonalCenter'));
const ChangePasswordPage = lazyScreen(() => import('../pages/personal-center/ChangePasswordPage'));
const ErrorPage = lazyScreen(() => import('../pages/error/ErrorPage'));
// Full screen, outside the frame (spec §2: no top header); it checks the remote-control grant itself.
const RemoteControlPage = lazyScreen(() => import('../pages/live/remote/RemoteControlPage'));

/** Paths this file routes itself; a menu entry with one of them just links here. */
const OWN_ROUTES = new Set(['/home', '/personal-center', '/lock', '/remote-control']);

/** Session-storage keys of the active tab of the user centre and the intelligent screen (spec §2). */
export const ACTIVE_TAB_KEYS = ['userCenterActiveTab', 'screenActiveTab'];

function RouteEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const titleOf = useTitleOf();
  useEffect(() => {
    ui.navigate = (path: string) => navigate(path, { replace: true });
  }, [navigate]);
  useEffect(() => {
    document.title = titleOf(location.pathname) ?? runtimeConfig.title;
    for (const name of ACTIVE_TAB_KEYS) removeStore({ name, type: 'session' });
  }, [location.pathname, titleOf]);
  return null;
}

/**
 * Static routes of spec §2 plus a route for every menu the user may open, from any top menu (the header's
 * top menu only chooses what the side menu shows). A chunk that fails outside the frame (sign-in page, the
 * frame itself) shows the same retry page as a screen's.
 */
export function Shell() {
  const routes = useMenuRoutes();
  const { pathname } = useLocation();
  return (
    <ScreenBoundary resetKey={pathname}>
      <Suspense fallback={<ScreenLoading />}>
        <RouteEffects />
        <Routes>
          <Route
            path="/login"
            element={
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            }
          />
          <Route
            path="/lock"
            element={
              <RequireAuth>
                <LockPage />
              </RequireAuth>
            }
          />
          <Route
            path={CHANGE_PASSWORD_PATH}
            element={
              <RequireAuth>
                <ChangePasswordPage />
              </RequireAuth>
            }
          />
          <Route
            path="/remote-control"
            element={
              <RequireAuth>
                <RemoteControlPage />
              </RequireAuth>
            }
          />
          <Route path="/403" element={<ErrorPage code={403} />} />
          <Route path="/404" element={<ErrorPage code={404} />} />
          <Route path="/500" element={<ErrorPage code={500} />} />
          <Route
            element={
              <RequireAuth>
                <Layout />
              </RequireAuth>
            }
          >
            <Route path="/" element={<Navigate to="/home" replace />} />
            <Route path="/home" element={<HomePage />} />
            <Route path="/personal-center" element={<PersonalCenter />} />
            {routes
              .filter((route) => !OWN_ROUTES.has(route.path))
              .map((route) => (
                <Route key={route.path} path={route.path} element={screenFor(route)} />
              ))}
            {routes
              .filter((route) => route.menuPath !== route.path && !STATIC_PATHS.has(route.menuPath))
              .map((route) => (
                <Route
                  key={route.menuPath}
                  path={route.menuPath}
                  element={<Navigate to={route.path} replace />}
                />
              ))}
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </ScreenBoundary>
  );
}
