import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADA, ME, profile, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';
import { DEFAULT_SKIN } from './skin-preview.tsx';

// The real viewer module (and skinview3d) loads; only its component is watched, to see that it is asked for.
const viewer = vi.hoisted(() => ({ rendered: vi.fn() }));
vi.mock('./skin-viewer.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./skin-viewer.tsx')>();
  const Real = real.default;
  return {
    default: (props: Parameters<typeof Real>[0]) => {
      viewer.rendered(props);
      return <Real {...props} />;
    },
  };
});

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
    // A LazyImage: its picture is given as src once the observer sees it (data-src holds it meanwhile).
    expect(screen.getByTestId('avatar-image')).toHaveAttribute('data-src', 'https://cdn.example.com/ada.png');
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
    expect(await screen.findByTestId('avatar-initial')).toHaveAttribute('data-initial', 'a');
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

  it('loads the 3D skin viewer lazily with the member’s skin, and shows the flat face where WebGL is missing', async () => {
    const skin = '/api/media/skin/22222222-2222-4222-8222-222222222222-abc.png';
    await signIn({ [`GET /api/profiles/${ADA}`]: { success: true, data: profile({ skin_url: skin }) } });
    await open();
    const box = await screen.findByTestId('profile-skin');
    // The flat face stands in while the viewer's chunk loads…
    expect(within(box).getByRole('img', { name: 'ada’s Minecraft skin' })).toBeInTheDocument();
    await waitFor(() => expect(viewer.rendered).toHaveBeenCalled());
    expect(viewer.rendered.mock.calls.at(-1)?.[0]).toMatchObject({ skin, fallbackSkin: DEFAULT_SKIN });
    // …and stays when the viewer cannot get a WebGL context (happy-dom has none).
    await waitFor(() => expect(within(box).getByTestId('skin-flat')).toBeInTheDocument());
    expect(within(box).queryByTestId('skin-viewer')).toBeNull();
    expect(within(box).getByTestId('skin-flat').style.backgroundImage).toContain(skin);
  });

  it('shows the default skin for a member without one', async () => {
    await signIn({ [`GET /api/profiles/${ADA}`]: { success: true, data: profile() } });
    await open();
    const face = await screen.findByTestId('skin-flat');
    expect(face.style.backgroundImage).toContain(DEFAULT_SKIN);
  });
});
