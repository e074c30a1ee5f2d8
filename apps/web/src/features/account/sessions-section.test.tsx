import type { AccountSession } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { SessionsSection } from './sessions-section.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const row = (over: Partial<AccountSession>): AccountSession => ({
  id: '00000000-0000-4000-8000-000000000001',
  current: false,
  method: 'password',
  ip: '203.0.113.7',
  browser: 'Firefox',
  browser_version: '128.0',
  os: 'Linux',
  os_version: null,
  device_type: 'desktop',
  device: null,
  created_at: new Date(Date.now() - 86_400_000).toISOString(),
  last_used_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...over,
});
const here = row({ id: '00000000-0000-4000-8000-0000000000aa', current: true });
const phone = row({
  id: '00000000-0000-4000-8000-0000000000bb',
  browser: 'Mobile Safari',
  browser_version: '17.5',
  os: 'iOS',
  os_version: '17.5',
  device_type: 'mobile',
  device: 'Apple iPhone',
  ip: '198.51.100.23',
  method: 'sso:github',
});
const tablet = row({ id: '00000000-0000-4000-8000-0000000000cc', device_type: 'tablet', method: 'passkey' });
const open = () => renderPage(<SessionsSection />, { path: '/account', url: '/account', strict: true });

describe('sessions on my account', () => {
  it('lists each session with its device, address, method and a badge on this one', async () => {
    await signIn({ 'GET /api/account/sessions': { success: true, data: [here, phone] } });
    await open();
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    const [mine, other] = rows.map((r) => within(r));
    expect(mine?.getByTestId('session-device')).toHaveTextContent('Firefox 128 on Linux');
    expect(mine?.getByTestId('session-current')).toHaveTextContent('This device');
    expect(mine?.queryByTestId('session-revoke')).toBeNull();
    expect(mine?.getByText(/5 minutes ago/)).toBeInTheDocument();
    expect(other?.getByTestId('session-device')).toHaveTextContent('Mobile Safari 17 on iOS 17.5');
    expect(other?.getByText('Apple iPhone · 198.51.100.23 · Signed in with github')).toBeInTheDocument();
    expect(other?.queryByTestId('session-current')).toBeNull();
  });

  it('revokes one session', async () => {
    const user = userEvent.setup();
    let sessions = [here, phone, tablet];
    const calls = await signIn({
      'GET /api/account/sessions': () => ({ success: true, data: sessions }),
      [`DELETE /api/account/sessions/${phone.id}`]: () => {
        sessions = sessions.filter((s) => s.id !== phone.id);
        return { success: true };
      },
    });
    await open();
    const rows = await screen.findAllByTestId('session-row');
    await user.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17.5' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/account/sessions/${phone.id}`)).toBe(true);
  });

  it('signs out everywhere else after confirming, and hides the button when nothing else is left', async () => {
    const user = userEvent.setup();
    let sessions = [here, phone, tablet];
    const calls = await signIn({
      'GET /api/account/sessions': () => ({ success: true, data: sessions }),
      'POST /api/account/sessions/revoke-others': () => {
        sessions = [here];
        return { success: true, revoked: 2 };
      },
    });
    await open();
    await user.click(await screen.findByTestId('sessions-revoke-others'));
    expect(screen.getByTestId('sessions-revoke-others-confirm')).toHaveTextContent('This one stays signed in');
    expect(calls.some((c) => c.path === '/api/account/sessions/revoke-others')).toBe(false);
    await user.click(screen.getByTestId('sessions-revoke-others-yes'));
    expect(await screen.findByText('2 other sessions were signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.queryByTestId('sessions-revoke-others')).toBeNull();
  });
});
