import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { PasskeysSection } from './passkeys-section.tsx';

// The browser's WebAuthn dialog is the one part jsdom lacks: the library's entry points stand in for it.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

beforeEach(() => {
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  webauthn.startRegistration.mockReset();
  await signOut();
});

const key = (id: string, name: string, extra = {}) => ({
  id,
  name,
  created_at: '2026-02-01T10:00:00.000Z',
  last_used_at: null,
  device_type: 'singleDevice',
  backed_up: false,
  ...extra,
});
const ID1 = '33333333-3333-4333-8333-333333333333';
const ID2 = '44444444-4444-4444-8444-444444444444';
const options = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Hostdeck' } };
const answer = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: {}, clientExtensionResults: {} };
const open = () => renderPage(<PasskeysSection />, { path: '/account', url: '/account', strict: true });

describe('passkeys on my account', () => {
  it('says when there are none, and adds one: name, browser dialog, answer', async () => {
    const user = userEvent.setup();
    let list = [] as ReturnType<typeof key>[];
    webauthn.startRegistration.mockResolvedValue(answer);
    const calls = await signIn({
      'GET /api/account/passkeys': () => ({ success: true, passkeys: list }),
      'POST /api/account/passkeys/options': { success: true, options },
      'POST /api/account/passkeys': (body: unknown) => {
        list = [key(ID1, (body as { name: string }).name)];
        return { success: true, passkey: list[0] };
      },
    });
    await open();
    expect(await screen.findByTestId('passkeys-empty')).toHaveTextContent('You have no passkeys yet.');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText('Name'), '  Work laptop ');
    await user.type(screen.getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Passkey added. You can now sign in with it.')).toBeInTheDocument();
    // The owner's proof opens the ceremony: a session alone gets no options.
    expect(calls.find((c) => c.path === '/api/account/passkeys/options')?.body).toEqual({ password: 'my password' });
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/account/passkeys')?.body).toEqual({
      name: 'Work laptop',
      response: answer,
    });
    expect(await screen.findByTestId('passkey-name')).toHaveTextContent('Work laptop');
  });

  it('tells a cancelled browser dialog apart from a server refusal, and sends nothing then', async () => {
    const user = userEvent.setup();
    webauthn.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    const calls = await signIn({
      'GET /api/account/passkeys': { success: true, passkeys: [] },
      'POST /api/account/passkeys/options': { success: true, options },
      'POST /api/account/passkeys': apiError(400, 'PASSKEY_INVALID'),
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText('Name'), 'Phone');
    await user.type(screen.getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey request was cancelled or timed out.');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/account/passkeys')).toBe(false);

    webauthn.startRegistration.mockResolvedValueOnce(answer);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The passkey could not be verified. Try again.')).toBeInTheDocument();
  });

  it('asks for the password first, shows a wrong one at its field, and opens no browser dialog then', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'GET /api/account/passkeys': { success: true, passkeys: [] },
      'POST /api/account/passkeys/options': apiError(400, 'CURRENT_PASSWORD_INVALID', {
        password: 'The current password is wrong',
      }),
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText('Name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/account/passkeys/options')).toBe(false);
    await user.type(screen.getByLabelText('Current password'), 'not it');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const password = screen.getByLabelText('Current password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(webauthn.startRegistration).not.toHaveBeenCalled();
  });

  it('renames a passkey and removes one after confirming', async () => {
    const user = userEvent.setup();
    let list = [key(ID1, 'Phone', { device_type: 'multiDevice', backed_up: true }), key(ID2, 'Key')];
    const calls = await signIn({
      'GET /api/account/passkeys': () => ({ success: true, passkeys: list }),
      [`PATCH /api/account/passkeys/${ID1}`]: (body: unknown) => {
        list = [{ ...list[0]!, name: (body as { name: string }).name }, list[1]!];
        return { success: true, passkey: list[0] };
      },
      [`DELETE /api/account/passkeys/${ID2}`]: () => {
        list = [list[0]!];
        return { success: true };
      },
    });
    await open();
    const rows = await screen.findAllByTestId('passkey-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Synced')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Synced')).toBeNull();
    expect(rows[0]).toHaveTextContent('never used');

    await user.click(screen.getByRole('button', { name: 'Rename Phone' }));
    const field = within(rows[0]!).getByLabelText('Name');
    await user.clear(field);
    await user.type(field, 'Pixel');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByTestId('passkey-name')[0]).toHaveTextContent('Pixel'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Pixel' });

    await user.click(screen.getByRole('button', { name: 'Remove Key' }));
    expect(screen.getByTestId('passkey-remove-confirm')).toHaveTextContent('Remove the passkey "Key"?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove Key' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.getAllByTestId('passkey-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('shows why the last way to sign in stays', async () => {
    const user = userEvent.setup();
    await signIn({
      'GET /api/account/passkeys': { success: true, passkeys: [key(ID1, 'Only')] },
      [`DELETE /api/account/passkeys/${ID1}`]: apiError(409, 'LAST_SIGN_IN_METHOD'),
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Remove Only' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    // The refusal is shown (its wording is the errors.LAST_SIGN_IN_METHOD translation) and the key stays.
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getAllByTestId('passkey-row')).toHaveLength(1);
  });

  it('says so in a browser without passkeys, and offers no add', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    await signIn({ 'GET /api/account/passkeys': { success: true, passkeys: [] } });
    await open();
    expect(await screen.findByText('This browser cannot use passkeys here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  });
});
