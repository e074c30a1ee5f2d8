import type { RouteObject } from 'react-router';

/** The member's ticket pages (login required; the flag is checked by each page and by the server). */
export const ticketMemberPages: { path: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'ticket',
    lazy: () => import('./tickets-page.tsx').then((m) => ({ Component: m.TicketsPage })),
  },
  {
    path: 'ticket/create',
    lazy: () => import('./ticket-create-page.tsx').then((m) => ({ Component: m.TicketCreatePage })),
  },
  {
    path: 'ticket/:id',
    lazy: () => import('./ticket-page.tsx').then((m) => ({ Component: m.TicketPage })),
  },
];

/** The staff desk, behind admin.tickets.list and admin.tickets.view. */
export const ticketAdminPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'tickets',
    permission: 'admin.tickets.list',
    lazy: () => import('./admin-tickets-list.tsx').then((m) => ({ Component: m.AdminTicketsList })),
  },
  {
    path: 'tickets/:id',
    permission: 'admin.tickets.view',
    lazy: () => import('./admin-ticket-page.tsx').then((m) => ({ Component: m.AdminTicketPage })),
  },
];
