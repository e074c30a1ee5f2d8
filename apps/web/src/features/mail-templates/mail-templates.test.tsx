import type { MailOutboxDetail, MailTemplate, MailTemplateSummary } from '@hostdeck/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { MailOutboxList, MailOutboxView } from './mail-outbox.tsx';
import { MailTemplateEdit } from './mail-template-edit.tsx';
import { MailTemplateCreate, MailTemplateReset, MailTemplatesList } from './mail-templates-list.tsx';
import { MailTest } from './mail-test.tsx';

afterEach(signOut);

const admin = { permissions: ['admin.root'], settings: { app_name: 'Blocky' } };
const welcome = (overrides: Partial<MailTemplate> = {}): MailTemplate => ({
  key: 'welcome',
  subject: 'Welcome to {{app_name}}, {{username}}!',
  html: '<p>Hello {{username}}</p>',
  edited: false,
  updated_at: null,
  default_subject: 'Welcome to {{app_name}}, {{username}}!',
  default_html: '<p>Hello {{username}}</p>',
  variables: [
    { name: 'username', description: "The member's username" },
    { name: 'dashboard_url', description: 'Link to the dashboard' },
    { name: 'app_name', description: 'The panel name' },
    { name: 'app_url', description: 'The panel address' },
  ],
  ...overrides,
});
const BASE = '/mc-admin/mail-templates';
const openEditor = () =>
  renderPage(<MailTemplateEdit />, {
    path: `${BASE}/:id/edit`,
    url: `${BASE}/welcome/edit`,
    extra: [{ path: `${BASE}/:id/delete`, element: <p>reset page</p> }],
  });
const preview = () => screen.getByTestId('mail-preview') as HTMLIFrameElement;
const html = () => screen.getByRole('textbox', { name: 'HTML body' }) as HTMLTextAreaElement;

describe('the mail template list', () => {
  it('lists the templates with their state, and reset only for edited ones', async () => {
    const data: MailTemplateSummary[] = [
      { key: 'welcome', subject: 'Hi {{username}}', edited: true, updated_at: '2026-02-01T10:00:00.000Z' },
      { key: 'reset_password', subject: 'Reset', edited: false, updated_at: null },
    ];
    await signIn({ 'GET /api/admin/mail-templates': { success: true, data } }, admin);
    await renderPage(<MailTemplatesList />, { path: BASE, url: BASE });
    const edited = await screen.findByTestId('template-welcome');
    expect(edited).toHaveTextContent('Welcome');
    expect(edited).toHaveTextContent('Edited');
    expect(edited.querySelector('[data-testid="reset-template"]')).toHaveAttribute('href', `${BASE}/welcome/delete`);
    const plain = screen.getByTestId('template-reset_password');
    expect(plain).toHaveTextContent('Default');
    expect(plain.querySelector('[data-testid="reset-template"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/mc-admin/mail-outbox');
  });

  it('explains on /create that the set of templates is fixed', async () => {
    await signIn({}, admin);
    await renderPage(<MailTemplateCreate />, { path: `${BASE}/create`, url: `${BASE}/create` });
    expect(await screen.findByTestId('templates-fixed')).toHaveTextContent('fixed set');
  });
});

describe('the mail template editor', () => {
  it('lists the variables with their descriptions and shows a live, sandboxed preview with sample values', async () => {
    await signIn({ 'GET /api/admin/mail-templates/welcome': { success: true, data: welcome() } }, admin);
    await openEditor();
    const vars = await screen.findByTestId('variables');
    expect(vars).toHaveTextContent('{{username}}');
    expect(vars).toHaveTextContent("The member's username");
    expect(vars).toHaveTextContent('{{app_url}}');
    // Rendered with the same code as the server: in the frame, with an empty sandbox (no scripts, no same origin).
    expect(preview().getAttribute('sandbox')).toBe('');
    expect(preview().getAttribute('srcdoc')).toContain('Hello alex');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Welcome to Blocky, alex!');

    fireEvent.change(html(), { target: { value: '<p>Bye {{username}} <script>alert(1)</script></p>' } });
    await waitFor(() => expect(preview().getAttribute('srcdoc')).toContain('Bye alex'));
    // Staff HTML reaches the page only inside the frame.
    expect(document.querySelector('script')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Text' }));
    expect(screen.getByTestId('mail-text')).toHaveTextContent('Bye alex');
  });

  it('warns about unknown variables while typing, and inserts a variable at the cursor on click', async () => {
    const user = userEvent.setup();
    await signIn({ 'GET /api/admin/mail-templates/welcome': { success: true, data: welcome() } }, admin);
    await openEditor();
    await screen.findByTestId('variables');
    expect(screen.queryByTestId('unknown-variables')).toBeNull();
    fireEvent.change(html(), { target: { value: '<p>{{username}} {{ticket_url}} {{nope}}</p>' } });
    const warning = await screen.findByTestId('unknown-variables');
    expect(warning).toHaveTextContent('These variables do not exist in this template');
    expect(warning).toHaveTextContent('{{ticket_url}}');
    expect(warning).toHaveTextContent('{{nope}}');
    await waitFor(() => expect(preview().getAttribute('srcdoc')).toContain('<p>alex  </p>'));

    fireEvent.change(html(), { target: { value: '<p>Hi </p>' } });
    act(() => {
      html().focus();
      html().setSelectionRange(6, 6);
    });
    await user.click(screen.getByRole('button', { name: 'Insert dashboard_url' }));
    expect(html().value).toBe('<p>Hi {{dashboard_url}}</p>');
    expect(screen.queryByTestId('unknown-variables')).toBeNull();
  });

  it('saves subject and HTML with the version it loaded, and offers the reset once edited', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/mail-templates/welcome': { success: true, data: welcome() },
        'PATCH /api/admin/mail-templates/welcome': (body: unknown) => ({
          success: true,
          data: welcome({ ...(body as object), edited: true, updated_at: '2026-03-01T00:00:00.000Z' }),
        }),
      },
      admin,
    );
    await openEditor();
    await screen.findByTestId('variables');
    expect(screen.queryByTestId('reset-to-default')).toBeNull();
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'Hey there');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template saved. New mails use it from now on.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      subject: 'Hey there',
      html: '<p>Hello {{username}}</p>',
      updated_at: null,
    });
    expect(screen.getByTestId('reset-to-default')).toHaveAttribute('href', `${BASE}/welcome/delete`);
  });

  it('shows the reason when the save is refused (someone changed it meanwhile)', async () => {
    const user = userEvent.setup();
    await signIn(
      {
        'GET /api/admin/mail-templates/welcome': { success: true, data: welcome() },
        'PATCH /api/admin/mail-templates/welcome': apiError(409, 'STALE_RECORD'),
      },
      admin,
    );
    await openEditor();
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/changed/i);
  });
});

describe('reset to default', () => {
  it('deletes the override after a confirmation, then goes back to the editor', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/mail-templates/welcome': {
          success: true,
          data: welcome({ edited: true, updated_at: '2026-03-01T00:00:00.000Z', subject: 'Custom' }),
        },
        'DELETE /api/admin/mail-templates/welcome': { success: true },
      },
      admin,
    );
    await renderPage(<MailTemplateReset />, {
      path: `${BASE}/:id/delete`,
      url: `${BASE}/welcome/delete`,
      extra: [{ path: `${BASE}/:id/edit`, element: <p>editor page</p> }],
    });
    expect(await screen.findByRole('heading', { name: 'Reset “Welcome” to its default?' })).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-reset'));
    expect(await screen.findByText('editor page')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/admin/mail-templates/welcome',
    ]);
  });

  it('says so when the template is already at its default', async () => {
    await signIn({ 'GET /api/admin/mail-templates/welcome': { success: true, data: welcome() } }, admin);
    await renderPage(<MailTemplateReset />, { path: `${BASE}/:id/delete`, url: `${BASE}/welcome/delete` });
    expect(await screen.findByTestId('already-default')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-reset')).toBeNull();
  });
});

const mail = (overrides: Partial<MailOutboxDetail> = {}): MailOutboxDetail => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  to: 'ada@example.com',
  subject: 'Welcome to Blocky, ada!',
  template: 'welcome',
  status: 'failed',
  attempts: 8,
  last_error: 'connect ECONNREFUSED 127.0.0.1:25',
  next_attempt_at: '2026-03-01T00:00:00.000Z',
  created_at: '2026-03-01T00:00:00.000Z',
  sent_at: null,
  html: '<p>Hello <b>ada</b></p>',
  text: 'Hello ada',
  ...overrides,
});

describe('the outbox', () => {
  it('lists mails and explains that they are held while SMTP is not configured', async () => {
    const { html: _h, text: _t, ...item } = mail({ status: 'held', attempts: 0, last_error: null });
    const calls = await signIn(
      {
        'GET /api/admin/mail/outbox': page([item], { smtp_configured: false, held: 1, failed: 0 }),
        'GET /api/admin/mail/outbox?status=held': page([item], { smtp_configured: false, held: 1, failed: 0 }),
      },
      admin,
    );
    await renderPage(<MailOutboxList />, { path: '/mc-admin/mail-outbox', url: '/mc-admin/mail-outbox' });
    expect(await screen.findByTestId('outbox-no-smtp')).toHaveTextContent('1 mail is held');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getAllByText('Held').length).toBeGreaterThan(0);
    await userEvent.setup().selectOptions(screen.getByTestId('outbox-status-filter'), 'held');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/mail/outbox?status=held')).toBe(true));
  });

  it('shows one mail in a sandboxed frame, with its error, and retries a failed one', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        [`GET /api/admin/mail/outbox/${mail().id}`]: { success: true, data: mail() },
        [`POST /api/admin/mail/outbox/${mail().id}/retry`]: { success: true, data: { ...mail(), status: 'pending' } },
      },
      admin,
    );
    await renderPage(<MailOutboxView />, {
      path: '/mc-admin/mail-outbox/:id',
      url: `/mc-admin/mail-outbox/${mail().id}`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('ECONNREFUSED');
    expect(preview().getAttribute('sandbox')).toBe('');
    expect(preview().getAttribute('srcdoc')).toBe('<p>Hello <b>ada</b></p>');
    await user.click(screen.getByTestId('retry-mail'));
    expect(await screen.findByText(/back in line/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/retry'))).toBe(true);
  });
});

describe('the test mail button', () => {
  const open = () => renderPage(<MailTest dirty={false} />, { path: '/mc-admin/settings', url: '/mc-admin/settings' });

  it('sends to the given address and says so', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/admin/mail/test': { success: true, to: 'ops@example.com' } }, admin);
    await open();
    await user.type(screen.getByRole('textbox', { name: 'Send a test mail to' }), 'ops@example.com');
    await user.click(screen.getByTestId('send-test-mail'));
    expect(await screen.findByText('Test mail sent to ops@example.com.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ to: 'ops@example.com' });
  });

  it('shows the SMTP server’s own answer when sending fails', async () => {
    const user = userEvent.setup();
    await signIn(
      {
        'POST /api/admin/mail/test': new Response(
          JSON.stringify({
            success: false,
            error_code: 'MAIL_SEND_FAILED',
            message: 'The test mail could not be sent: Invalid login: 535 Authentication failed',
          }),
          { status: 502, headers: { 'content-type': 'application/json' } },
        ),
      },
      admin,
    );
    await open();
    await user.click(screen.getByTestId('send-test-mail'));
    expect(await screen.findByRole('alert')).toHaveTextContent('535 Authentication failed');
  });

  it('waits for unsaved settings before testing', async () => {
    await signIn({}, admin);
    await renderPage(<MailTest dirty />, { path: '/mc-admin/settings', url: '/mc-admin/settings' });
    expect(screen.getByTestId('send-test-mail')).toBeDisabled();
    expect(screen.getByText(/Save your changes first/)).toBeInTheDocument();
  });
});
