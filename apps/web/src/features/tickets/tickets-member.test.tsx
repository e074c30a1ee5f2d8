import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { message, pngFile, ticket, ticketOptions, ticketSummary } from '../../test/tickets.ts';
import { TicketCreatePage } from './ticket-create-page.tsx';
import { TicketPage } from './ticket-page.tsx';
import { TicketsPage } from './tickets-page.tsx';

afterEach(signOut);

const on = { allow_tickets: true, tickets_attachment_max_bytes: 1024 * 1024, tickets_attachment_max_count: 2 };
const ticketsPage = (extra: Record<string, unknown> = {}) => ({
  success: true,
  data: [],
  total: 0,
  page: 1,
  per_page: 25,
  total_pages: 1,
  open: 0,
  max_open: 3,
  ...extra,
});
const detailRoute = { path: '/ticket/:id', element: <p>ticket page</p> };

describe('/ticket', () => {
  it('lists my tickets with status, priority, department and who replied last', async () => {
    await signIn(
      {
        'GET /api/tickets': ticketsPage({
          data: [
            ticketSummary(),
            ticketSummary({ id: 8, subject: 'Refund', status: 'replied', last_reply_by: 'staff' }),
          ],
          total: 2,
          open: 2,
        }),
      },
      { settings: on },
    );
    await renderPage(<TicketsPage />, { path: '/ticket', url: '/ticket' });
    const [first, second] = await screen.findAllByTestId('ticket-row');
    expect(first).toHaveAttribute('href', '/ticket/7');
    expect(within(first!).getByText('My server does not start')).toBeInTheDocument();
    expect(within(first!).getByText('#7 · Technical')).toBeInTheDocument();
    expect(within(first!).getByTestId('ticket-status')).toHaveTextContent('Open');
    expect(within(first!).getByTestId('ticket-priority')).toHaveTextContent('High');
    expect(within(first!).getByTestId('ticket-last-reply')).toHaveTextContent('You replied 1 hour ago');
    expect(within(second!).getByTestId('ticket-status')).toHaveTextContent('Replied');
    expect(within(second!).getByTestId('ticket-last-reply')).toHaveTextContent('Staff replied');
    expect(screen.getByTestId('ticket-open-count')).toHaveTextContent('2 of 3 open');
    expect(screen.getByTestId('ticket-new')).toHaveAttribute('href', '/ticket/create');
  });

  it('shows an empty state, keeps the status filter in the URL, and hides "new" at the limit', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/tickets': ticketsPage({ open: 3 }),
        'GET /api/tickets?status=closed': ticketsPage({ open: 3 }),
      },
      { settings: on },
    );
    const { router } = await renderPage(<TicketsPage />, { path: '/ticket', url: '/ticket' });
    expect(await screen.findByTestId('tickets-empty')).toHaveTextContent('No tickets yet');
    expect(screen.queryByTestId('ticket-new')).toBeNull();
    expect(screen.getByTestId('ticket-limit')).toHaveTextContent('Open-ticket limit reached');
    await user.selectOptions(screen.getByTestId('ticket-status-filter'), 'closed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/tickets?status=closed')).toBe(true));
  });

  it('says tickets are switched off when the flag is off or the server refuses', async () => {
    await signIn({ 'GET /api/tickets': apiError(403, 'FEATURE_DISABLED') }, { settings: { allow_tickets: true } });
    await renderPage(<TicketsPage />, { path: '/ticket', url: '/ticket' });
    expect(await screen.findByTestId('tickets-off')).toHaveTextContent('Support tickets are switched off');
  });
});

describe('/ticket/create', () => {
  it('shows the department’s description and hours, previews files with the limits, and sends the form', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/tickets/options': ticketOptions(),
        'POST /api/tickets': { success: true, data: ticket({ id: 9 }) },
      },
      { settings: on },
    );
    await renderPage(<TicketCreatePage />, { path: '/ticket/create', url: '/ticket/create', extra: [detailRoute] });
    await user.selectOptions(await screen.findByTestId('ticket-department'), '2');
    const info = screen.getByTestId('ticket-department-info');
    expect(info).toHaveTextContent('Servers that will not start');
    expect(info).toHaveTextContent('Opening hours: Every day 10–22 UTC');
    expect(screen.getByTestId('attachment-limits')).toHaveTextContent('Up to 2 files of at most 5 MB each');

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Crash on start');
    await user.selectOptions(screen.getByTestId('ticket-priority-select'), 'urgent');
    await user.selectOptions(screen.getByTestId('ticket-server'), 'Survival');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Log attached.');
    await user.upload(screen.getByTestId('attachment-input'), pngFile('screenshot.png'));
    expect(screen.getByTestId('attachment-chosen')).toHaveTextContent('screenshot.png');
    // A file over the limit is refused here already.
    await user.upload(screen.getByTestId('attachment-input'), pngFile('huge.png', 6 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent('huge.png is larger than 5 MB.');
    expect(screen.getAllByTestId('attachment-chosen')).toHaveLength(1);

    await user.click(screen.getByTestId('ticket-submit'));
    await screen.findByText('ticket page');
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...sent.entries()].filter(([k]) => k !== 'attachments'))).toEqual({
      department_id: '2',
      subject: 'Crash on start',
      priority: 'urgent',
      message: 'Log attached.',
      server_id: '44444444-4444-4444-8444-444444444444',
    });
    expect((sent.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['screenshot.png']);
  });

  it('shows the server’s refusal in the member’s words', async () => {
    const user = userEvent.setup();
    await signIn(
      {
        'GET /api/tickets/options': ticketOptions({ departments: [ticketOptions().departments[0]!] }),
        'POST /api/tickets': apiError(415, 'ATTACHMENT_TYPE_NOT_ALLOWED'),
      },
      { settings: on },
    );
    await renderPage(<TicketCreatePage />, { path: '/ticket/create', url: '/ticket/create' });
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Disguised');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'See file');
    await user.click(screen.getByTestId('ticket-submit'));
    expect(
      await screen.findByText(/Only images \(PNG, JPEG, GIF, WebP\), PDF files and plain text/),
    ).toBeInTheDocument();
  });

  it('says so when the open-ticket limit is reached', async () => {
    await signIn({ 'GET /api/tickets/options': ticketOptions({ open: 3 }) }, { settings: on });
    await renderPage(<TicketCreatePage />, { path: '/ticket/create', url: '/ticket/create' });
    expect(await screen.findByTestId('tickets-limit')).toHaveTextContent('You can have 3 open tickets at once');
    expect(screen.queryByTestId('ticket-create-form')).toBeNull();
  });
});

describe('/ticket/{id}', () => {
  const conversation = ticket({
    status: 'replied',
    messages: [
      message(),
      message({
        id: 2,
        from_staff: true,
        author: 'helper',
        body: 'We moved your server.',
        attachments: [
          {
            id: 'a1',
            file_name: 'graph.png',
            content_type: 'image/png',
            size: 2048,
            url: '/api/tickets/7/attachments/a1',
          },
          {
            id: 'a2',
            file_name: 'invoice.pdf',
            content_type: 'application/pdf',
            size: 4096,
            url: '/api/tickets/7/attachments/a2',
          },
        ],
      }),
    ],
  });

  it('shows the conversation with staff marked, their files, and sends a reply with files', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/tickets/7': { success: true, data: conversation },
        'POST /api/tickets/7/messages': {
          success: true,
          data: {
            ...conversation,
            status: 'open',
            messages: [...conversation.messages, message({ id: 3, body: 'Thanks!' })],
          },
        },
      },
      { settings: on },
    );
    await renderPage(<TicketPage />, { path: '/ticket/:id', url: '/ticket/7' });
    const [mine, staff] = await screen.findAllByTestId('ticket-message');
    expect(within(mine!).queryByText('Staff')).toBeNull();
    expect(within(staff!).getByText('Staff')).toBeInTheDocument();
    // A LazyImage: data-src holds the picture until the observer sees it.
    expect(within(staff!).getByRole('img', { name: 'graph.png' })).toHaveAttribute(
      'data-src',
      '/api/tickets/7/attachments/a1',
    );
    expect(within(staff!).getByText('invoice.pdf').closest('a')).toHaveAttribute('download', 'invoice.pdf');
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Replied');

    await user.type(screen.getByTestId('ticket-reply'), 'Thanks!');
    await user.upload(screen.getByTestId('attachment-input'), pngFile('after.png'));
    await user.click(screen.getByTestId('ticket-reply-submit'));
    await waitFor(() => expect(screen.getAllByTestId('ticket-message')).toHaveLength(3));
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(sent.get('message')).toBe('Thanks!');
    expect((sent.get('attachments') as File).name).toBe('after.png');
    expect(screen.getByTestId('ticket-reply')).toHaveValue('');
  });

  it('offers reopening instead of a reply box when closed', async () => {
    const user = userEvent.setup();
    const closed = { ...conversation, status: 'closed' as const, closed_at: '2026-03-02T12:00:00.000Z' };
    const calls = await signIn(
      {
        'GET /api/tickets/7': { success: true, data: closed },
        'POST /api/tickets/7/reopen': { success: true, data: { ...closed, status: 'open', closed_at: null } },
      },
      { settings: on },
    );
    await renderPage(<TicketPage />, { path: '/ticket/:id', url: '/ticket/7' });
    expect(await screen.findByTestId('ticket-closed')).toHaveTextContent('Reopen it to write a new reply.');
    expect(screen.queryByTestId('ticket-reply-form')).toBeNull();
    await user.click(screen.getByTestId('ticket-reopen'));
    expect(await screen.findByTestId('ticket-reply-form')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/tickets/7/reopen')).toBe(true);
  });

  it('shows "not found" for a ticket that is not mine', async () => {
    await signIn({ 'GET /api/tickets/99': apiError(404, 'NOT_FOUND') }, { settings: on });
    await renderPage(<TicketPage />, { path: '/ticket/:id', url: '/ticket/99' });
    expect(await screen.findByTestId('ticket-missing')).toHaveTextContent(
      'This ticket does not exist or is not yours.',
    );
  });
});
