import type { RouteObject } from 'react-router';
import { hostedImagePages } from '../features/hosted-images/routes.ts';
import { ticketMemberPages } from '../features/tickets/routes.ts';

// The member pages' route table, found on the first navigation to one of them (app/router.tsx). It
// travels in the member shell's chunk: the dashboard has it already, the login page never loads it.

/** The member layout's children besides the dashboard: every login-required page of §2. */
export const memberRoutes: RouteObject[] = [
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
