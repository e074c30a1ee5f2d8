import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/ui/coming-soon.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { accountFlagPages } from '../features/account-flags/routes.ts';
import { announcementAdminPages } from '../features/announcements/routes.ts';
import { backupPages } from '../features/backups/routes.ts';
import { cloudPages } from '../features/cloud/routes.ts';
import { departmentPages } from '../features/departments/routes.ts';
import { RouteErrorPage } from '../features/errors/route-error-page.tsx';
import { hostedImagePages } from '../features/hosted-images/routes.ts';
import { imageReportPages } from '../features/image-reports/routes.ts';
import { j4rServerPages } from '../features/j4r-servers/routes.ts';
import { mailAdminPages } from '../features/mail-templates/routes.ts';
import { redirectLinkPages } from '../features/redirect-links/routes.ts';
import { ticketAdminPages, ticketMemberPages } from '../features/tickets/routes.ts';
import { loadMessages } from '../lib/i18n.ts';
import type { MessagePart } from '../locales/parts.ts';
import { plannedAdminRoutes, plannedMemberRoutes } from './admin-routes.ts';
import { GuestOnly, RequirePermission, RequireSession } from './guards.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { Root } from './root.tsx';

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
/** The shell, once its part of the messages is there too (locales/parts.ts). */
const layout = (...parts: MessagePart[]) =>
  Promise.all([import('./layouts/shell-layout.tsx'), loadMessages(...parts)]).then(([m]) => m);
const legal = (setting: 'privacy_policy' | 'terms_of_service', title: string) => () =>
  import('../features/legal/legal-page.tsx').then((m) => ({ Component: () => m.LegalPage({ setting, title }) }));
const errors = (name: 'ForbiddenPage' | 'ServerErrorPage' | 'NotFoundPage') => () =>
  import('../features/errors/error-routes.tsx').then((m) => ({ Component: m[name] }));

/** Admin pages that exist; every other admin route of the specification shows the "later release" panel. */
const adminPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'users',
    permission: 'admin.users.list',
    lazy: () => import('../features/users/users-list.tsx').then((m) => ({ Component: m.UsersList })),
  },
  {
    path: 'users/:id/edit',
    permission: 'admin.users.edit',
    lazy: () => import('../features/users/user-edit.tsx').then((m) => ({ Component: m.UserEdit })),
  },
  {
    path: 'users/:id/delete',
    permission: 'admin.users.delete',
    lazy: () => import('../features/users/user-delete.tsx').then((m) => ({ Component: m.UserDelete })),
  },
  {
    path: 'roles',
    permission: 'admin.roles.list',
    lazy: () => import('../features/roles/roles-list.tsx').then((m) => ({ Component: m.RolesList })),
  },
  {
    path: 'roles/create',
    permission: 'admin.roles.create',
    lazy: () => import('../features/roles/role-form.tsx').then((m) => ({ Component: m.RoleFormPage })),
  },
  {
    path: 'roles/:id/edit',
    permission: 'admin.roles.edit',
    lazy: () => import('../features/roles/role-form.tsx').then((m) => ({ Component: m.RoleFormPage })),
  },
  {
    path: 'roles/:id/delete',
    permission: 'admin.roles.delete',
    lazy: () => import('../features/roles/role-delete.tsx').then((m) => ({ Component: m.RoleDelete })),
  },
  {
    path: 'roles/:id/permissions',
    permission: 'admin.permissions.list',
    lazy: () => import('../features/roles/role-permissions.tsx').then((m) => ({ Component: m.RolePermissions })),
  },
  ...accountFlagPages,
  ...catalogPages(),
  ...queuePages(),
  ...serverPages(),
  ...redeemCodePages(),
  ...imagePages(),
  ...imageReportPages,
  ...j4rServerPages,
  ...departmentPages,
  ...ticketAdminPages,
  ...announcementAdminPages,
  ...redirectLinkPages,
  ...cloudPages,
  ...backupPages,
  ...mailAdminPages,
  {
    path: 'api-keys',
    permission: 'admin.apikeys.list',
    lazy: () => import('../features/api-keys/api-keys-page.tsx').then((m) => ({ Component: m.ApiKeysPage })),
  },
  {
    path: 'health',
    permission: 'admin.health.view',
    lazy: () => import('../features/health/health-page.tsx').then((m) => ({ Component: m.HealthPage })),
  },
];

function imagePages() {
  return [
    {
      path: 'images',
      permission: 'admin.images.list',
      lazy: () => import('../features/images/images-list.tsx').then((m) => ({ Component: m.ImagesList })),
    },
    {
      path: 'images/create',
      permission: 'admin.images.create',
      lazy: () => import('../features/images/image-upload.tsx').then((m) => ({ Component: m.ImageUploadPage })),
    },
    {
      path: 'images/:id/delete',
      permission: 'admin.images.delete',
      lazy: () => import('../features/images/image-delete.tsx').then((m) => ({ Component: m.ImageDelete })),
    },
  ];
}

function redeemCodePages() {
  const list = () => import('../features/redeem-codes/redeem-codes-list.tsx');
  const form = () =>
    import('../features/redeem-codes/redeem-code-form.tsx').then((m) => ({ Component: m.RedeemCodeFormPage }));
  return [
    {
      path: 'redeem-codes',
      permission: 'admin.redeem.codes.list',
      lazy: () => list().then((m) => ({ Component: m.RedeemCodesList })),
    },
    { path: 'redeem-codes/create', permission: 'admin.redeem.codes.create', lazy: form },
    { path: 'redeem-codes/:id/edit', permission: 'admin.redeem.codes.edit', lazy: form },
    {
      path: 'redeem-codes/:id/delete',
      permission: 'admin.redeem.codes.delete',
      lazy: () => list().then((m) => ({ Component: m.RedeemCodeDelete })),
    },
  ];
}

function serverPages() {
  const pages = () => import('../features/servers/admin-servers.tsx');
  return [
    {
      path: 'servers',
      permission: 'admin.servers.list',
      lazy: () => pages().then((m) => ({ Component: m.AdminServersList })),
    },
    {
      path: 'servers/:id/delete',
      permission: 'admin.servers.delete',
      lazy: () => pages().then((m) => ({ Component: m.AdminServerDelete })),
    },
    {
      path: 'server-queue/create',
      permission: 'admin.server.queue.create',
      lazy: () =>
        import('../features/servers/admin-queue-create.tsx').then((m) => ({ Component: m.AdminQueueCreatePage })),
    },
  ];
}

/** Member pages that exist; the other login-required routes of the specification show the "later release" panel. */
const memberPages: { path: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'server/create',
    lazy: () => import('../features/servers/create-page.tsx').then((m) => ({ Component: m.CreateServerPage })),
  },
  {
    path: 'server/:id/update',
    lazy: () => import('../features/servers/update-page.tsx').then((m) => ({ Component: m.UpdateServerPage })),
  },
  {
    path: 'server/:id/renew',
    lazy: () => import('../features/servers/renew-page.tsx').then((m) => ({ Component: m.RenewServerPage })),
  },
  {
    path: 'server/:id/delete',
    lazy: () => import('../features/servers/delete-page.tsx').then((m) => ({ Component: m.DeleteServerPage })),
  },
  {
    path: 'account',
    lazy: () => import('../features/account/account-page.tsx').then((m) => ({ Component: m.AccountPage })),
  },
  {
    path: 'earn/redeem',
    lazy: () => import('../features/earn/redeem-page.tsx').then((m) => ({ Component: m.RedeemPage })),
  },
  {
    path: 'earn/afk',
    lazy: () => import('../features/earn/afk-page.tsx').then((m) => ({ Component: m.AfkPage })),
  },
  {
    path: 'ws',
    lazy: () => import('../features/earn/lost-connection-page.tsx').then((m) => ({ Component: m.LostConnectionPage })),
  },
  {
    path: 'earn/referrals',
    lazy: () => import('../features/earn/referrals-page.tsx').then((m) => ({ Component: m.ReferralsPage })),
  },
  {
    path: 'earn/links',
    lazy: () => import('../features/earn/links-page.tsx').then((m) => ({ Component: m.LinksPage })),
  },
  {
    path: 'earn/j4r',
    lazy: () => import('../features/earn/j4r-page.tsx').then((m) => ({ Component: m.J4rPage })),
  },
  {
    path: 'store',
    lazy: () => import('../features/store/store-page.tsx').then((m) => ({ Component: m.StorePage })),
  },
  {
    path: 'store/add-credits',
    lazy: () => import('../features/credits/add-credits-page.tsx').then((m) => ({ Component: m.AddCreditsPage })),
  },
  {
    path: 'store/add-credits/receipts/:id',
    lazy: () => import('../features/credits/receipt-page.tsx').then((m) => ({ Component: m.ReceiptPage })),
  },
  {
    path: 'profile/:uuid',
    lazy: () => import('../features/profiles/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'profile/:uuid/gift-coins',
    lazy: () => import('../features/profiles/gift-page.tsx').then((m) => ({ Component: m.GiftPage })),
  },
  {
    path: 'lookup',
    lazy: () => import('../features/profiles/lookup-page.tsx').then((m) => ({ Component: m.LookupPage })),
  },
  {
    path: 'leaderboard',
    lazy: () => import('../features/profiles/leaderboard-page.tsx').then((m) => ({ Component: m.LeaderboardPage })),
  },
  {
    path: 'announcements',
    lazy: () =>
      import('../features/announcements/announcements-page.tsx').then((m) => ({ Component: m.AnnouncementsPage })),
  },
  ...ticketMemberPages,
  ...hostedImagePages,
];

function queuePages() {
  const pages = () => import('../features/server-queue/queue-pages.tsx');
  return [
    {
      path: 'server-queue',
      permission: 'admin.server.queue.list',
      lazy: () => pages().then((m) => ({ Component: m.QueueList })),
    },
    {
      path: 'server-queue/logs',
      permission: 'admin.server.queue.logs.view',
      lazy: () => pages().then((m) => ({ Component: m.QueueLogsPage })),
    },
    {
      path: 'server-queue/:id',
      permission: 'admin.server.queue.view',
      lazy: () => pages().then((m) => ({ Component: m.QueueItemPage })),
    },
    {
      path: 'server-queue/:id/delete',
      permission: 'admin.server.queue.delete',
      lazy: () => pages().then((m) => ({ Component: m.QueueDelete })),
    },
  ];
}

/** Locations, egg categories and eggs share one set of pages, configured per resource. */
function catalogPages() {
  const prefixes = { locations: 'admin.locations', 'egg-categories': 'admin.nests', eggs: 'admin.egg' };
  const pages = () => import('../features/catalog/catalog-pages.tsx');
  return Object.entries(prefixes).flatMap(([name, prefix]) => [
    {
      path: name,
      permission: `${prefix}.list`,
      lazy: () => pages().then((m) => ({ Component: () => <m.CatalogList name={name} /> })),
    },
    {
      path: `${name}/create`,
      permission: `${prefix}.create`,
      lazy: () => pages().then((m) => ({ Component: () => <m.CatalogForm name={name} /> })),
    },
    {
      path: `${name}/:id/edit`,
      permission: `${prefix}.edit`,
      lazy: () => pages().then((m) => ({ Component: () => <m.CatalogForm name={name} /> })),
    },
    {
      path: `${name}/:id/delete`,
      permission: `${prefix}.delete`,
      lazy: () => pages().then((m) => ({ Component: () => <m.CatalogDelete name={name} /> })),
    },
  ]);
}

const adminChildren: RouteObject[] = [
  {
    element: <RequirePermission permission="admin.dashboard.view" />,
    children: [
      {
        index: true,
        lazy: () =>
          import('../features/admin-dashboard/dashboard-page.tsx').then((m) => ({ Component: m.AdminDashboardPage })),
      },
    ],
  },
  {
    element: <RequirePermission permission="admin.settings.view" />,
    children: [
      {
        path: 'settings',
        lazy: () => import('../features/admin/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
      },
      {
        path: 'settings/old',
        lazy: () => import('../features/admin/settings-raw-page.tsx').then((m) => ({ Component: m.SettingsRawPage })),
      },
    ],
  },
  ...adminPages.map((r) => ({
    element: <RequirePermission permission={r.permission} />,
    children: [{ path: r.path, lazy: r.lazy }],
  })),
  ...plannedAdminRoutes
    .filter((r) => !adminPages.some((p) => p.path === r.path))
    .map((r) => ({
      element: <RequirePermission permission={r.permission} />,
      children: [{ path: r.path, element: <ComingSoon title={r.title} back="/mc-admin" /> }],
    })),
];

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
        element: <RequireSession />,
        children: [
          {
            lazy: () => layout('member').then((m) => ({ Component: m.MemberLayout })),
            children: [
              {
                path: 'dashboard',
                lazy: () =>
                  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
              },
              ...memberPages.map((r) => ({ path: r.path, lazy: r.lazy })),
              ...plannedMemberRoutes
                .filter((r) => !memberPages.some((p) => p.path === r.path))
                .map((r) => ({ path: r.path, element: <ComingSoon title={r.title} /> })),
            ],
          },
          {
            path: 'mc-admin',
            lazy: () => layout('member', 'admin').then((m) => ({ Component: m.AdminLayout })),
            children: adminChildren,
          },
        ],
      },
      { path: '*', lazy: errors('NotFoundPage') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Starts loading the chunks of the page at `path` at once, while the settings and the messages load
 * (the router asks for the same modules later and gets them from the module cache): on a slow
 * network the page's code no longer waits for those answers before it is even requested.
 */
export function preloadRoute(path: string): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
}
