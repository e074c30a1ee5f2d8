import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADA, ME, profile, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';

afterEach(signOut);

const open = (uuid = ADA) => renderPage(<ProfilePage />, { path: '/profile/:uuid', url: `/profile/${uuid}` });

describe('a member’s profile', () => {
  it('shows the banner, avatar, name, role, early-supporter badge, join date, servers and the gift link', async () => {
    await signIn({
      [`GET /api/profiles/${ADA}`]: {
        success: true,
        data: profile({
          avatar: 'https://cdn.example.com/ada.png',
          background: 'https://cdn.example.com/bg.jpg',
          role_display_name: 'Moderator',
          role_color: '#a78bfa',
          early_supporter: true,
          servers: 1234,
        }),
      },
    });
    await open();
    expect(await screen.findByRole('heading', { name: 'ada' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-banner')).toHaveAttribute('src', 'https://cdn.example.com/bg.jpg');
    expect(screen.getByTestId('avatar-image')).toHaveAttribute('src', 'https://cdn.example.com/ada.png');
    expect(screen.getByTestId('role-badge')).toHaveTextContent('Moderator');
    expect(screen.getByTestId('role-badge').style.borderColor).not.toBe('');
    expect(screen.getByTestId('early-supporter')).toHaveTextContent('Early supporter');
    expect(screen.getByTestId('profile-joined')).toHaveTextContent('Jun 1, 2025');
    expect(screen.getByTestId('profile-servers')).toHaveTextContent('1,234');
    expect(screen.getByRole('link', { name: 'Gift coins' })).toHaveAttribute('href', `/profile/${ADA}/gift-coins`);
  });

  it('shows the initial without a picture, and no gift link when gifting is not possible', async () => {
    await signIn({ [`GET /api/profiles/${ADA}`]: { success: true, data: profile({ can_gift: false }) } });
    await open();
    expect(await screen.findByTestId('avatar-initial')).toHaveTextContent('a');
    expect(screen.queryByTestId('profile-banner')).toBeNull();
    expect(screen.queryByTestId('early-supporter')).toBeNull();
    expect(screen.queryByTestId('gift-link')).toBeNull();
  });

  it('marks the member’s own profile and links to the account page', async () => {
    await signIn({ [`GET /api/profiles/${ME}`]: { success: true, data: profile({ uuid: ME, can_gift: false }) } });
    await open(ME);
    expect(await screen.findByText('You')).toBeInTheDocument();
    expect(screen.getByTestId('account-link')).toHaveAttribute('href', '/account');
  });

  it('has a friendly page for a member that does not exist', async () => {
    await signIn({ [`GET /api/profiles/${ADA}`]: apiError(404, 'NOT_FOUND') });
    await open();
    expect(await screen.findByTestId('profile-not-found')).toHaveTextContent('Member not found');
    expect(screen.getByRole('link', { name: 'Find a member' })).toHaveAttribute('href', '/lookup');
  });

  it('says profiles are private when the panel keeps them so', async () => {
    await signIn({ [`GET /api/profiles/${ADA}`]: apiError(403, 'FEATURE_DISABLED') });
    await open();
    expect(await screen.findByTestId('profiles-private')).toHaveTextContent('Profiles are private here');
  });
});
