import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enabledEntries, memberNav } from '../../app/nav.ts';
import { settingsStore } from '../../lib/settings-store.ts';
import { signIn, signOut } from '../../test/economy.ts';
import { galleryPage, hostedImage, ORIGIN, usage } from '../../test/hosted-images.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { GalleryPage } from './gallery-page.tsx';
import { imageLink, thumbSize } from './links.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const FIRST = '/api/user/images?per_page=30';
const open = (url = '/images') =>
  renderPage(<GalleryPage />, {
    path: '/images',
    url,
    extra: [{ path: '/images/upload', element: <p>upload page</p> }],
  });

describe('links', () => {
  it('come as the page, the bytes, Markdown and BBCode', () => {
    const image = hostedImage({ name: 'my [best] shot.png' });
    expect(imageLink(image, 'page')).toBe(`${ORIGIN}/i/AbCdEfGhIj_1`);
    expect(imageLink(image, 'direct')).toBe(`${ORIGIN}/i/AbCdEfGhIj_1.png`);
    expect(imageLink(image, 'markdown')).toBe(`![my \\[best\\] shot.png](${ORIGIN}/i/AbCdEfGhIj_1.png)`);
    expect(imageLink(image, 'bbcode')).toBe(`[img]${ORIGIN}/i/AbCdEfGhIj_1.png[/img]`);
    // A relative address (no images origin) is made absolute: it is pasted elsewhere.
    expect(imageLink(hostedImage({ page_url: '/i/x' }), 'page')).toBe(`${window.location.origin}/i/x`);
    expect(thumbSize(1600, 900)).toEqual({ width: 320, height: 180 });
    expect(thumbSize(100, 50)).toEqual({ width: 100, height: 50 });
  });
});

describe('the gallery', () => {
  it('shows lazy thumbnails with their size reserved, the usage without limits, and copies Markdown and BBCode', async () => {
    const user = userEvent.setup();
    await signIn({
      [`GET ${FIRST}`]: galleryPage([hostedImage(), hostedImage({ id: 'ZyXwVuTsRq_2', name: 'cat' })]),
    });
    await open();
    const cards = await screen.findAllByTestId('gallery-image');
    expect(cards).toHaveLength(2);
    const thumb = within(cards[0]!).getByRole('img', { name: 'sunset' });
    expect(thumb).toHaveAttribute('loading', 'lazy');
    // Its src comes when the observer sees it near the viewport (components/ui/lazy-image.tsx).
    expect(thumb).toHaveAttribute('data-src', `${ORIGIN}/i/AbCdEfGhIj_1/thumb`);
    expect([thumb.getAttribute('width'), thumb.getAttribute('height')]).toEqual(['320', '180']);
    expect(screen.getByTestId('image-usage')).toHaveTextContent('245 kB · no limit');
    expect(screen.getByTestId('image-usage')).toHaveTextContent('1 · no limit');
    expect(screen.queryByTestId('image-cost')).toBeNull();

    await user.click(within(cards[0]!).getByTestId('copy-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Markdown' }));
    expect(await navigator.clipboard.readText()).toBe(`![sunset](${ORIGIN}/i/AbCdEfGhIj_1.png)`);
    expect(await screen.findByText('Markdown copied to the clipboard.')).toBeInTheDocument();

    await user.click(within(cards[1]!).getByTestId('copy-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'BBCode' }));
    expect(await navigator.clipboard.readText()).toBe(`[img]${ORIGIN}/i/ZyXwVuTsRq_2.png[/img]`);
    expect(await screen.findByText('BBCode copied to the clipboard.')).toBeInTheDocument();
  });

  it('shows the quota and the cost of an upload when the panel sets them', async () => {
    await signIn({
      [`GET ${FIRST}`]: galleryPage(
        [hostedImage()],
        null,
        usage({ bytes: 9_000_000, quota_bytes: 10_000_000, count: 4, quota_count: 5, cost: 25 }),
      ),
    });
    await open();
    const bar = await screen.findByTestId('image-usage');
    expect(bar).toHaveTextContent('9 MB of 10 MB');
    expect(bar).toHaveTextContent('4 of 5');
    expect(
      within(bar)
        .getAllByRole('progressbar')
        .map((p) => p.getAttribute('aria-valuenow')),
    ).toEqual(['90', '80']);
    expect(screen.getByTestId('image-cost')).toHaveTextContent('Each upload costs 25 coins.');
  });

  it('loads the next keyset page with "Load more"', async () => {
    const user = userEvent.setup();
    await signIn({
      [`GET ${FIRST}`]: galleryPage([hostedImage()], 'cursor_1'),
      [`GET ${FIRST}&cursor=cursor_1`]: galleryPage([hostedImage({ id: 'ZyXwVuTsRq_2', name: 'older' })]),
    });
    await open();
    await user.click(await screen.findByTestId('gallery-more'));
    expect(await screen.findByRole('img', { name: 'older' })).toBeInTheDocument();
    expect(screen.getAllByTestId('gallery-image')).toHaveLength(2);
    expect(screen.queryByTestId('gallery-more')).toBeNull();
  });

  it('deletes an image only after confirming, and it leaves the grid and the usage', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      [`GET ${FIRST}`]: galleryPage(
        [hostedImage(), hostedImage({ id: 'ZyXwVuTsRq_2', name: 'cat', size: 5000 })],
        null,
        usage({ bytes: 250_000, count: 2 }),
      ),
      'DELETE /api/user/images/ZyXwVuTsRq_2': { success: true },
    });
    await open();
    const cards = await screen.findAllByTestId('gallery-image');
    await user.click(within(cards[1]!).getByTestId('delete-image'));
    const dialog = await screen.findByTestId('delete-dialog');
    expect(dialog).toHaveTextContent('Delete cat?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('delete-dialog-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('gallery-image')).toHaveLength(1));
    expect(screen.queryByRole('img', { name: 'cat' })).toBeNull();
    expect(screen.getByTestId('image-usage')).toHaveTextContent('245 kB · no limit');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/user/images/ZyXwVuTsRq_2']);
  });

  it('opens the delete confirmation of ?delete=<id>, the link ShareX keeps', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      [`GET ${FIRST}`]: galleryPage([hostedImage()]),
      'DELETE /api/user/images/AbCdEfGhIj_1': { success: true },
    });
    const { router } = await open('/images?delete=AbCdEfGhIj_1');
    const dialog = await screen.findByTestId('delete-dialog');
    // It opens at once and names the image when the gallery has loaded it.
    expect(await within(dialog).findByText('Delete sunset?')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('delete-dialog-confirm'));
    expect(await screen.findByTestId('gallery-empty')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/images/AbCdEfGhIj_1')).toBe(true);
  });

  it('says what to do when there is nothing yet', async () => {
    await signIn({ [`GET ${FIRST}`]: galleryPage([], null, usage({ bytes: 0, count: 0 })) });
    await open();
    const empty = await screen.findByTestId('gallery-empty');
    expect(within(empty).getByRole('link', { name: /Upload images/ })).toHaveAttribute('href', '/images/upload');
  });

  it('shows the "turned off" state from the setting, or from the server', async () => {
    await signIn({ [`GET ${FIRST}`]: galleryPage([]) }, { settings: { images_enabled: false } });
    await open();
    expect(await screen.findByTestId('images-off')).toHaveTextContent('Image hosting is turned off');
    await signOut();

    await signIn({ [`GET ${FIRST}`]: () => apiError(403, 'FEATURE_DISABLED') });
    await open();
    expect(await screen.findByTestId('images-off')).toBeInTheDocument();
  });
});

describe('the member navigation', () => {
  it('hides Images while images_enabled is off', async () => {
    await signIn({}, { settings: { images_enabled: false } });
    expect(enabledEntries(memberNav, settingsStore.get).map((e) => e.path)).not.toContain('/images');
    await signOut();
    await signIn({}, { settings: { images_enabled: true } });
    expect(enabledEntries(memberNav, settingsStore.get).map((e) => e.path)).toContain('/images');
  });
});
