import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { TwoFactorSetupPage } from './two-factor-setup-page.tsx';

const codes = Array.from({ length: 10 }, (_, i) => `k${i}mnp-qrst${i}`);

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

async function setUp(state?: unknown) {
  const calls = await signIn(
    {
      'POST /api/user/auth/2fa/setup': {
        success: true,
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://x',
        qr_code: 'data:,',
      },
      'POST /api/user/auth/2fa/setup/confirm': { success: true, recovery_codes: codes },
    },
    { settings: { app_name: 'Cube Host' } },
  );
  const view = await renderPage(<TwoFactorSetupPage />, {
    path: '/auth/2fa/setup',
    url: '/auth/2fa/setup',
    extra: [
      { path: '/account', element: <p>account page</p> },
      { path: '/mc-admin/users', element: <p>admin users</p> },
    ],
  });
  if (state) await view.router.navigate('/auth/2fa/setup', { state, replace: true });
  return { calls, ...view };
}

async function confirm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Authentication code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
  return screen.findByTestId('recovery-codes-panel');
}

describe('the recovery codes screen after the two-factor setup', () => {
  it('shows the ten codes once, with download and copy, then goes to the account', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_: Blob) => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { router } = await setUp();
    const panel = within(await confirm(user));
    expect(screen.getByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(panel.getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);

    await user.click(panel.getByTestId('recovery-codes-download'));
    expect(click).toHaveBeenCalledOnce();
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('cube-host-recovery-codes.txt');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    const file = await blob.text();
    expect(file.split('\n')).toEqual(expect.arrayContaining(['Cube Host', ...codes]));

    await user.click(panel.getByTestId('recovery-codes-copy'));
    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));
    expect(panel.getByTestId('recovery-codes-copy')).toHaveTextContent('Copied');

    await user.click(panel.getByTestId('recovery-codes-done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.location.hash).toBe('#security');
  });

  it('staff sent here by the admin guard are told why and go back to the admin page', async () => {
    const user = userEvent.setup();
    const { router } = await setUp({ from: '/mc-admin/users', staffRequired: true });
    expect(await screen.findByText(/asks staff to use two-factor/)).toBeInTheDocument();
    await confirm(user);
    await user.click(screen.getByTestId('recovery-codes-done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mc-admin/users'));
  });
});
