import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADA, ME, member, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { GiftPage } from './gift-page.tsx';
import { LookupPage } from './lookup-page.tsx';

afterEach(signOut);

const open = (url = '/lookup') => renderPage(<LookupPage />, { path: '/lookup', url });

describe('find a member', () => {
  it('searches after a pause in typing, puts the search in the URL and links each result to its profile', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'GET /api/users/lookup?q=ad': {
        success: true,
        data: [member(), member({ uuid: 'b', username: 'adam', role_display_name: 'Helper', role_color: '#22d3ee' })],
      },
    });
    const { router } = await open();
    expect(screen.getByTestId('lookup-idle')).toHaveTextContent('Type at least 2 characters');
    await user.type(screen.getByRole('searchbox', { name: 'Username' }), 'a');
    await user.type(screen.getByRole('searchbox', { name: 'Username' }), 'd');
    const list = await screen.findByRole('list', { name: 'Members found' });
    const links = within(list).getAllByTestId('lookup-result');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', `/profile/${ADA}`);
    expect(links[0]).toHaveTextContent('ada');
    expect(within(links[1] as HTMLElement).getByTestId('role-badge')).toHaveTextContent('Helper');
    expect(router.state.location.search).toBe('?q=ad');
    // One request for the finished word, none for the single letter.
    expect(calls.filter((c) => c.path.startsWith('/api/users/lookup'))).toHaveLength(1);
  });

  it('starts from the search in the URL and says when nobody matches', async () => {
    await signIn({ 'GET /api/users/lookup?q=zz': { success: true, data: [] } });
    await open('/lookup?q=zz');
    expect(screen.getByRole('searchbox', { name: 'Username' })).toHaveValue('zz');
    expect(await screen.findByTestId('lookup-empty')).toHaveTextContent('No username contains “zz”.');
  });

  it('asks for two characters before searching', async () => {
    const user = userEvent.setup();
    const calls = await signIn({});
    const { router } = await open('/lookup?q=abc');
    await user.clear(screen.getByRole('searchbox', { name: 'Username' }));
    await user.type(screen.getByRole('searchbox', { name: 'Username' }), 'x');
    await waitFor(() => expect(router.state.location.search).toBe('?q=x'));
    // The router moves before React renders the new search: wait for the page, not the URL.
    expect(await screen.findByTestId('lookup-idle')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/users/lookup?q=x')).toHaveLength(0);
  });

  it("with profiles private, finds members without sending anyone to a profile that would refuse, except one's own", async () => {
    await signIn(
      {
        'GET /api/users/lookup?q=ad': {
          success: true,
          data: [member(), member({ uuid: ME, username: 'adme' })],
        },
      },
      { settings: { allow_public_profiles: false } },
    );
    await open('/lookup?q=ad');
    expect(screen.getByText('Search by username. Profiles are private on this panel.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Members found' });
    const [other, own] = within(list).getAllByTestId('lookup-result');
    expect(other).toHaveTextContent('ada');
    expect(other).not.toHaveAttribute('href');
    expect(within(list).queryByRole('link', { name: /ada\b/ })).toBeNull();
    expect(own).toHaveAttribute('href', `/profile/${ME}`);
  });

  it('with profiles private, still leads to gifting coins, the gift page getting the member it found', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/users/lookup?q=ad': { success: true, data: [member()] },
        [`GET /api/profiles/${ADA}`]: apiError(403, 'FEATURE_DISABLED'),
        [`POST /api/profiles/${ADA}/gift`]: { success: true, sent: 20, fee: 0, balance: 80 },
      },
      {
        settings: {
          allow_public_profiles: false,
          allow_coins_sharing: true,
          coins_sharing_min: 10,
          coins_sharing_max: 100,
        },
        userInfo: { credits: 100 },
      },
    );
    await renderPage(<LookupPage />, {
      path: '/lookup',
      url: '/lookup?q=ad',
      extra: [{ path: '/profile/:uuid/gift-coins', element: <GiftPage /> }],
    });
    await user.click(await screen.findByRole('link', { name: 'Gift coins to ada' }));
    expect(await screen.findByRole('heading', { name: 'Gift coins to ada' })).toBeInTheDocument();
    const amount = screen.getByRole('spinbutton', { name: 'Coins to gift' });
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByTestId('gift-confirm'));
    expect(await screen.findByTestId('gift-done')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ amount: 20 }]);
  });
});
