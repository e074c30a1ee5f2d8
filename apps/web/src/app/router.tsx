import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { Loading } from '../components/ui/loading.tsx';
import { RouteErrorPage } from '../features/errors/route-error-page.tsx';
import { GuestOnly, RequireSession } from './guards.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { Root } from './root.tsx';
import { loadShell } from './shell-loader.ts';

/** Routes the discovered tables are added under (see `tables`). */
const SESSION_ROUTE = 'session';
const MEMBER_ROUTE = 'member';

// Each page is its own chunk: the login page loads only what it needs.
const auth = {
  login: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  register: () => import('../features/auth/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
  forgot: () => import('../features/auth/forgot-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  reset: () => import('../features/auth/reset-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  logout: () => import('../features/auth/logout-page.tsx').then((m) => ({ Component: m.LogoutPage })),
  verify: () =>
    import('../features/auth/two-factor-verify-page.tsx').then((m) => ({ Component: m.TwoFactorVerifyPage })),
  setup2fa: () =>
    import('../features/auth/two-factor-setup-page.tsx').then((m) => ({ Component: m.TwoFactorSetupPage })),
  disband: () =>
    import('../features/auth/two-factor-setup-page.tsx').then((m) => ({ Component: m.TwoFactorDisbandPage })),
  sso: () => import('../features/auth/sso-page.tsx').then((m) => ({ Component: m.SsoPage })),
  signInLink: () => import('../features/auth/sign-in-link-page.tsx').then((m) => ({ Component: m.SignInLinkPage })),
  setup: () => import('../features/auth/setup-page.tsx').then((m) => ({ Component: m.SetupPage })),
  verifyEmail: () => import('../features/auth/verify-email-page.tsx').then((m) => ({ Component: m.VerifyEmailPage })),
};
const legal = (setting: 'privacy_policy' | 'terms_of_service', title: string) => () =>
  import('../features/legal/legal-page.tsx').then((m) => ({ Component: () => m.LegalPage({ setting, title }) }));
const errors = (name: 'ForbiddenPage' | 'ServerErrorPage' | 'NotFoundPage') => () =>
  import('../features/errors/error-routes.tsx').then((m) => ({ Component: m[name] }));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <Loading fullPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', lazy: auth.login },
              { path: 'register', lazy: auth.register },
              { path: 'forgot-password', lazy: auth.forgot },
              { path: 'reset-password', lazy: auth.reset },
            ],
          },
          { path: 'logout', lazy: auth.logout },
          { path: '2fa/verify', lazy: auth.verify },
          { path: 'sso', lazy: auth.sso },
          { path: 'link', lazy: auth.signInLink },
          { path: 'setup', lazy: auth.setup },
          { path: 'verify-email', lazy: auth.verifyEmail },
          {
            element: <RequireSession />,
            children: [
              { path: '2fa/setup', lazy: auth.setup2fa },
              { path: '2fa/setup/disband', lazy: auth.disband },
            ],
          },
        ],
      },
      {
        // The link mailed to a new address: it may be opened signed out, in another browser.
        path: 'account/email/confirm',
        element: <AuthLayout />,
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/account/email-confirm-page.tsx').then((m) => ({ Component: m.EmailConfirmPage })),
          },
        ],
      },
      { path: 'privacy-policy', lazy: legal('privacy_policy', 'legal.privacy') },
      { path: 'terms-of-service', lazy: legal('terms_of_service', 'legal.terms') },
      { path: 'errors/403', lazy: errors('ForbiddenPage') },
      { path: 'errors/500', lazy: errors('ServerErrorPage') },
      {
        id: SESSION_ROUTE,
        element: <RequireSession />,
        children: [
          {
            id: MEMBER_ROUTE,
            lazy: () => loadShell('member').then((m) => ({ Component: m.MemberLayout })),
            children: [
              {
                path: 'dashboard',
                lazy: () =>
                  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: errors('NotFoundPage') },
    ],
  },
];

/**
 * The rest of the route table, in two chunks found on navigation (React Router's lazy route
 * discovery): the member pages (in the member shell's chunk) and the admin area (a chunk of its own).
 * The login page loads neither. A path the skeleton does not match goes to the 404 splat route, and a
 * splat match is what makes the router ask `patchRoutesOnNavigation` first.
 */
const tables = {
  member: () => import('./member-route-table.tsx').then((m) => ({ parent: MEMBER_ROUTE, children: m.memberRoutes })),
  admin: () => import('./admin-route-table.tsx').then((m) => ({ parent: SESSION_ROUTE, children: [m.adminRoute] })),
};
type Table = keyof typeof tables;

/** The table that may hold `path`, or none when the skeleton has the route. */
export function tableFor(path: string): Table | null {
  if (/^\/mc-admin(\/|$)/.test(path)) return 'admin';
  const matches = matchRoutes(routes, path);
  return matches?.some((m) => m.route.path === '*') ? 'member' : null;
}

export function createRouter() {
  const patched = new Set<Table>();
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      const table = tableFor(path);
      if (!table || patched.has(table)) return;
      const { parent, children } = await tables[table]();
      if (patched.has(table)) return;
      patched.add(table);
      patch(parent, children);
    },
  });
}

/**
 * Starts loading the chunks of the page at `path` at once, while the settings and the messages load
 * (the router asks for the same modules later and gets them from the module cache): on a slow
 * network the page's code no longer waits for those answers before it is even requested.
 */
export function preloadRoute(path: string): void {
  const table = tableFor(path);
  const load = (list: RouteObject[]) => {
    for (const { route } of matchRoutes(list, path) ?? []) {
      if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
    }
  };
  if (!table) {
    load(routes);
    return;
  }
  void tables[table]()
    .then(({ children }) => load(table === 'admin' ? children : [{ path: '/', children }]))
    .catch(() => undefined);
}
