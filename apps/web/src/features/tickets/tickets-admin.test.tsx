import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { deskTicket, pngFile, staffMessage } from '../../test/tickets.ts';
import { AdminTicketPage } from './admin-ticket-page.tsx';
import { AdminTicketsList } from './admin-tickets-list.tsx';

afterEach(signOut);

const staff = { permissions: ['admin.tickets.list', 'admin.tickets.view'] };
const HELPER = '33333333-3333-4333-8333-333333333333';
const desk = {
  success: true,
  assignees: [{ id: HELPER, username: 'helper', role_display_name: 'Helper' }],
  departments: [
    { id: 2, name: 'Technical', enabled: true },
    { id: 3, name: 'Billing', enabled: false },
  ],
};

describe('/mc-admin/tickets', () => {
  it('lists tickets with member, status, priority and assignee; filters live in the URL', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/tickets/desk': desk,
        'GET /api/admin/tickets': page([
          deskTicket(),
          deskTicket({ id: 8, subject: 'Refund', priority: 'urgent', assignee: { id: HELPER, username: 'helper' } }),
        ]),
        'GET /api/admin/tickets?status=open': page([deskTicket()]),
        'GET /api/admin/tickets?status=open&department_id=3': page([]),
        'GET /api/admin/tickets?status=open&department_id=3&assignee=unassigned': page([]),
      },
      staff,
    );
    const { router } = await renderPage(<AdminTicketsList />, { path: '/mc-admin/tickets', url: '/mc-admin/tickets' });
    const row = within((await screen.findByText('Refund')).closest('tr') as HTMLElement);
    expect(row.getByTestId('desk-ticket-link')).toHaveAttribute('href', '/mc-admin/tickets/8');
    expect(row.getByTestId('ticket-priority')).toHaveTextContent('Urgent');
    expect(row.getByTestId('desk-assignee')).toHaveTextContent('helper');
    const first = within(screen.getByText('My server does not start').closest('tr') as HTMLElement);
    expect(first.getByText('ada@example.com')).toBeInTheDocument();
    expect(first.getByTestId('desk-assignee')).toHaveTextContent('Unassigned');

    await user.selectOptions(screen.getByTestId('desk-filter-status'), 'open');
    await user.selectOptions(screen.getByTestId('desk-filter-department_id'), 'Billing');
    await user.selectOptions(screen.getByTestId('desk-filter-assignee'), 'unassigned');
    await waitFor(() => expect(router.state.location.search).toBe('?status=open&department_id=3&assignee=unassigned'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/tickets?status=open&department_id=3&assignee=unassigned')).toBe(
        true,
      ),
    );
  });
});

describe('/mc-admin/tickets/:id', () => {
  const conversation = deskTicket({
    messages: [
      staffMessage({ author: 'ada' }),
      staffMessage({ id: 2, from_staff: true, internal: true, author: 'helper', body: 'Node 3 is overloaded' }),
      staffMessage({ id: 3, from_staff: true, author: 'helper', body: 'We moved your server.' }),
    ],
  });

  it('says so, with the way back to the desk, for a ticket number that does not exist', async () => {
    await signIn(
      { 'GET /api/admin/tickets/desk': desk, 'GET /api/admin/tickets/abc': apiError(404, 'NOT_FOUND') },
      staff,
    );
    await renderPage(<AdminTicketPage />, { path: '/mc-admin/tickets/:id', url: '/mc-admin/tickets/abc' });
    expect(await screen.findByTestId('ticket-missing')).toHaveTextContent('There is no ticket with this number.');
    expect(screen.getByRole('link', { name: /Back to tickets/ })).toHaveAttribute('href', '/mc-admin/tickets');
  });

  it('sets internal notes apart and sends a note with the switch on', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/tickets/desk': desk,
        'GET /api/admin/tickets/7': { success: true, data: conversation },
        'POST /api/admin/tickets/7/messages': { success: true, data: conversation },
      },
      staff,
    );
    await renderPage(<AdminTicketPage />, { path: '/mc-admin/tickets/:id', url: '/mc-admin/tickets/7' });
    const note = await screen.findByTestId('ticket-note');
    expect(note).toHaveTextContent('Internal note');
    expect(note).toHaveTextContent('Node 3 is overloaded');
    expect(screen.getAllByTestId('ticket-message')).toHaveLength(2);

    expect(screen.getByText('The member sees this reply and gets an email about it.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Internal note' }));
    expect(screen.getByText('Only staff will see this note. The member is not told about it.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Internal note (staff only)' }), 'Check the disk');
    await user.upload(screen.getByTestId('attachment-input'), pngFile('graph.png'));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect([sent.get('message'), sent.get('internal'), (sent.get('attachments') as File).name]).toEqual([
      'Check the disk',
      'true',
      'graph.png',
    ]);
  });

  it('sends a public reply with internal=false, and changes status, priority and assignee', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/tickets/desk': desk,
        'GET /api/admin/tickets/7': { success: true, data: conversation },
        'POST /api/admin/tickets/7/messages': { success: true, data: { ...conversation, status: 'replied' } },
        'PATCH /api/admin/tickets/7': (body: unknown) => ({
          success: true,
          data: { ...conversation, ...(body as object) },
        }),
      },
      staff,
    );
    await renderPage(<AdminTicketPage />, { path: '/mc-admin/tickets/:id', url: '/mc-admin/tickets/7' });
    await user.type(await screen.findByRole('textbox', { name: 'Reply to the member' }), 'All fixed');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.getByTestId('ticket-controls')).toHaveTextContent('Replied'));
    expect((calls.find((c) => c.method === 'POST')!.body as FormData).get('internal')).toBe('false');

    await user.selectOptions(screen.getByTestId('ticket-status-select'), 'waiting_on_user');
    await user.selectOptions(screen.getByTestId('ticket-priority-control'), 'urgent');
    await waitFor(() => expect(screen.getByRole('option', { name: 'helper (Helper)' })).toBeInTheDocument());
    await user.selectOptions(screen.getByTestId('ticket-assignee-control'), HELPER);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { status: 'waiting_on_user' },
      { priority: 'urgent' },
      { assignee_id: HELPER },
    ]);
  });
});
