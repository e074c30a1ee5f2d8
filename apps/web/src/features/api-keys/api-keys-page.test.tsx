import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { ApiKeysPage } from './api-keys-page.tsx';

afterEach(() => signOut());

const key = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Discord bot',
  prefix: 'hdk_AbCdEfGh',
  permissions: ['admin.users.signin_links'],
  created_by: null,
  created_at: '2026-02-01T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};

describe('API keys page', () => {
  it('creates a key with some of my permissions and shows it once', async () => {
    const user = userEvent.setup();
    let keys: (typeof key)[] = [];
    const calls = await signIn(
      {
        'GET /api/admin/api-keys': () => ({ success: true, data: keys }),
        'POST /api/admin/api-keys': () => {
          keys = [key];
          return { success: true, key, secret: 'hdk_the-secret-shown-once' };
        },
      },
      { permissions: ['admin.apikeys.list', 'admin.apikeys.create', 'admin.users.signin_links'] },
    );
    renderPage(<ApiKeysPage />, { path: '/mc-admin/api-keys', url: '/mc-admin/api-keys' });
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    // Only permissions I hold are offered.
    expect(screen.queryByTestId('api-key-permission-admin.settings.edit')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Discord bot');
    await user.click(screen.getByTestId('api-key-permission-admin.users.signin_links'));
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    expect(await screen.findByTestId('api-key-secret')).toHaveTextContent('hdk_the-secret-shown-once');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Discord bot',
      permissions: ['admin.users.signin_links'],
    });
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(1));
    expect(screen.getByTestId('api-key-row')).not.toHaveTextContent('hdk_the-secret-shown-once');
  });
});
