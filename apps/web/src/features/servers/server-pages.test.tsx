import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionManager } from '../../lib/session-manager.ts';
import { apiError, mockApi, renderPage } from '../../test/render.tsx';
import { detail, server } from '../../test/servers.ts';
import { DeleteServerPage } from './delete-page.tsx';
import { RenewServerPage } from './renew-page.tsx';
import { UpdateServerPage } from './update-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const at = (page: 'update' | 'renew' | 'delete') => {
  const element = { update: <UpdateServerPage />, renew: <RenewServerPage />, delete: <DeleteServerPage /> }[page];
  return renderPage(element, { path: `/server/:id/${page}`, url: `/server/srv-1/${page}` });
};

describe('a server that is not the member’s', () => {
  it('gets a friendly not-found page with a way back', async () => {
    mockApi({ 'GET /api/servers/srv-1': apiError(404, 'NOT_FOUND') });
    await at('renew');
    expect(await screen.findByTestId('server-not-found')).toHaveTextContent('Server not found');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('a server the panel cannot act on', () => {
  it('is told so before any price or form: missing on the panel, or on a former panel', async () => {
    for (const [page, status, words] of [
      ['renew', 'missing', 'Missing on the panel'],
      ['update', 'missing', 'Missing on the panel'],
      ['renew', 'other_panel', 'On a former panel'],
      ['update', 'other_panel', 'On a former panel'],
      ['delete', 'other_panel', 'On a former panel'],
    ] as const) {
      mockApi({ 'GET /api/servers/srv-1': detail({ data: server({ status }) }) });
      const shown = await at(page);
      expect(await screen.findByTestId('server-unreachable'), `${page} ${status}`).toHaveTextContent(words);
      expect(screen.queryByRole('button', { name: /Renew|Save|Delete/ })).toBeNull();
      shown.view.unmount();
    }
    // A server missing on the panel may still be deleted here, to free what it holds.
    mockApi({ 'GET /api/servers/srv-1': detail({ data: server({ status: 'missing' }) }) });
    await at('delete');
    expect(await screen.findByTestId('delete-confirm-input')).toBeInTheDocument();
    expect(screen.queryByTestId('server-unreachable')).toBeNull();
  });
});

describe('renew', () => {
  it('shows price, balance and the new expiry before confirming', async () => {
    mockApi({ 'GET /api/servers/srv-1': detail() });
    await at('renew');
    expect(await screen.findByTestId('renew-cost')).toHaveTextContent('100 coins');
    expect(screen.getByTestId('renew-balance')).toHaveTextContent('250 coins');
    expect(screen.getByTestId('renew-new-expiry').textContent).not.toBe('');
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew for 100 coins' })).toBeEnabled();
  });

  it('disables the confirmation when the member has fewer coins than it costs', async () => {
    mockApi({ 'GET /api/servers/srv-1': detail({ renewal: { ...detail().renewal, coins: 99 } }) });
    await at('renew');
    expect(await screen.findByTestId('renew-confirm')).toBeDisabled();
    expect(screen.getByTestId('renew-short')).toHaveTextContent('You are 1 coin short of the price.');
  });

  it('says renewal is off when it is', async () => {
    mockApi({ 'GET /api/servers/srv-1': detail({ renewal: { ...detail().renewal, enabled: false } }) });
    await at('renew');
    expect(await screen.findByTestId('renewal-off')).toHaveTextContent('Renewal is switched off');
    expect(screen.queryByTestId('renew-confirm')).toBeNull();
  });

  it('renews, shows the new expiry and balance, and reloads the session for the top bar', async () => {
    const user = userEvent.setup();
    document.cookie = 'user_session=1; path=/';
    const renewed = server({ expires_at: '2031-05-01T12:00:00.000Z' });
    const calls = mockApi({
      'GET /api/servers/srv-1': detail(),
      'POST /api/servers/srv-1/renew': { success: true, data: renewed, coins: 150 },
      'GET /api/user/session': { success: true, user_info: { credits: 150 }, permissions: [] },
    });
    await at('renew');
    await user.click(await screen.findByTestId('renew-confirm'));
    const done = await screen.findByTestId('renew-done');
    expect(done).toHaveTextContent('Survival is renewed');
    expect(done).toHaveTextContent('2031');
    expect(done).toHaveTextContent('Your balance is 150 coins.');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/session')).toBe(true));
    await sessionManager.clear();
  });
});

describe('delete', () => {
  it('enables the button only once the exact name is typed, then deletes and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'GET /api/servers/srv-1': detail(), 'DELETE /api/servers/srv-1': { success: true } });
    await at('delete');
    const input = await screen.findByRole('textbox', { name: 'Type the server name, Survival, to confirm' });
    const button = screen.getByTestId('delete-confirm');
    expect(button).toBeDisabled();
    await user.type(input, 'survival');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Survival ');
    expect(button).toBeDisabled();
    await user.type(input, '{Backspace}');
    expect(button).toBeEnabled();
    await user.click(button);
    await screen.findByText('dashboard page');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/servers/srv-1']);
  });

  it('keeps the member on the page with the reason when the panel is busy', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/servers/srv-1': detail(), 'DELETE /api/servers/srv-1': apiError(409, 'SERVER_BUSY') });
    await at('delete');
    await user.type(await screen.findByTestId('delete-confirm-input'), 'Survival{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This server is busy with another change');
  });
});

describe('update', () => {
  it('sends only what changed and says it was saved', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/servers/srv-1': detail(),
      'PATCH /api/servers/srv-1': (body: unknown) => ({ success: true, data: server(body as object) }),
    });
    await at('update');
    const submit = await screen.findByTestId('update-submit');
    expect(submit).toBeDisabled();
    expect(screen.getByTestId('slider-memory')).toHaveAttribute('max', '4096');
    await user.type(screen.getByTestId('input-memory'), '{Control>}a{/Control}2048');
    await user.clear(screen.getByTestId('server-name'));
    await user.type(screen.getByTestId('server-name'), 'Creative');
    await user.click(submit);
    expect(await screen.findByTestId('update-saved')).toHaveTextContent('Your changes were saved.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Creative', memory: 2048 });
  });
});
