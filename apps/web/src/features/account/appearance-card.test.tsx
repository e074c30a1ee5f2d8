import { CSRF_HEADER } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME, profile, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { AppearanceCard } from './appearance-card.tsx';

// happy-dom decodes no pictures: the skin's pixel size is what this stand-in says.
const size = vi.hoisted(() => ({ width: 64, height: 64 }));
vi.mock('./image-size.ts', () => ({ readImageSize: vi.fn(async () => size) }));

afterEach(signOut);

const png = (name = 'me.png', type = 'image/png') =>
  new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], name, { type });
const open = () => renderPage(<AppearanceCard />, { path: '/account', url: '/account' });
const ownProfile = (skin_url: string | null = null) => ({
  [`GET /api/profiles/${ME}`]: { success: true, data: profile({ uuid: ME, username: 'me', skin_url }) },
});

describe('the appearance card', () => {
  it('sends the chosen avatar as the raw body with its own type, then reloads the session', async () => {
    const calls = await signIn({
      ...ownProfile(),
      'PUT /api/account/avatar': { success: true, url: '/api/media/avatar/x.webp' },
    });
    await open();
    const file = png();
    await userEvent.upload(screen.getByLabelText('Avatar'), file);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/account/avatar');
    expect(put?.body).toBe(file);
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.headers[CSRF_HEADER]).toBeDefined();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/session')).toHaveLength(2));
  });

  it('refuses a file that is not a picture before sending it', async () => {
    const calls = await signIn(ownProfile());
    await open();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Profile background'), png('notes.txt', 'text/plain'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WebP or GIF picture.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses a skin that is not 64×64 or 64×32 before sending it, and sends one that is', async () => {
    const calls = await signIn({
      ...ownProfile(),
      'PUT /api/account/skin': { success: true, url: '/api/media/skin/x.png' },
    });
    await open();
    size.width = 100;
    size.height = 100;
    await userEvent.upload(screen.getByLabelText('Minecraft skin'), png('big.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A skin is 64×64 or 64×32 pixels; this one is 100×100.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    size.width = 64;
    size.height = 32;
    await userEvent.upload(screen.getByLabelText('Minecraft skin'), png('legacy.png'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/api/account/skin');
    // The skin lives on the profile: it is asked for again.
    await waitFor(() => expect(calls.filter((c) => c.path === `/api/profiles/${ME}`)).toHaveLength(2));
  });

  it('refuses a skin that is not a PNG', async () => {
    const calls = await signIn(ownProfile());
    await open();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Minecraft skin'), png('skin.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A skin must be a PNG file.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal in the member’s language', async () => {
    await signIn({ ...ownProfile(), 'PUT /api/account/avatar': apiError(415, 'UNSUPPORTED_MEDIA_TYPE') });
    await open();
    await userEvent.upload(screen.getByLabelText('Avatar'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('This kind of content is not accepted.');
  });

  it('previews the current pictures and removes one', async () => {
    const calls = await signIn(
      { ...ownProfile('/api/media/skin/s.png'), 'DELETE /api/account/background': { success: true } },
      { userInfo: { avatar: '/api/media/avatar/a.webp', background: '/api/media/background/b.webp' } },
    );
    await open();
    expect(screen.getByTestId('avatar-image')).toHaveAttribute('data-src', '/api/media/avatar/a.webp');
    expect(screen.getByTestId('appearance-background-preview')).toHaveAttribute('src', '/api/media/background/b.webp');
    await waitFor(() =>
      expect(screen.getByTestId('skin-flat').style.backgroundImage).toContain('/api/media/skin/s.png'),
    );
    await userEvent.click(within(screen.getByTestId('appearance-background')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/account/background')).toBe(true);
  });
});
