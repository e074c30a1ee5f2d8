import type { ShareXConfig } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { galleryPage, hostedImage, hostingConfig } from '../../test/hosted-images.ts';
import { renderPage } from '../../test/render.tsx';
import { ConfigPage } from './config-page.tsx';
import { sxcuFileName } from './sxcu.ts';

const KEY = `hdi_${'k'.repeat(43)}`;
const sharex: ShareXConfig = {
  Version: '17.0.0',
  Name: 'Cube Host',
  DestinationType: 'ImageUploader, FileUploader',
  RequestMethod: 'POST',
  RequestURL: 'https://panel.example.com/api/images/sharex',
  Headers: { 'x-upload-key': KEY },
  Body: 'MultipartFormData',
  FileFormName: 'file',
  URL: '{json:url}',
  ThumbnailURL: '{json:thumbnail_url}',
  DeletionURL: '{json:deletion_url}',
  ErrorMessage: '{json:message}',
};
const keyInfo = { hint: 'hdi_ab12', created_at: '2026-02-01T10:00:00.000Z', last_used_at: null };

let createObjectURL: ReturnType<typeof vi.fn<(blob: Blob) => string>>;
let click: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  createObjectURL = vi.fn((_: Blob) => 'blob:sxcu');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

async function setUp(routes: Record<string, unknown>) {
  const calls = await signIn(
    { 'GET /api/user/images?per_page=30': galleryPage([hostedImage()]), ...routes },
    { settings: { app_name: 'Cube Host' } },
  );
  await renderPage(<ConfigPage />, { path: '/images/config', url: '/images/config' });
  return calls;
}

/** The .sxcu handed to the browser: its file name and its parsed contents. */
async function downloaded(n = 0) {
  const anchor = click.mock.contexts[n] as HTMLAnchorElement;
  const blob = createObjectURL.mock.calls[n]?.[0] as Blob;
  return { name: anchor.download, json: JSON.parse(await blob.text()) as ShareXConfig };
}

describe('ShareX', () => {
  it('creates a key, downloads <app name>.sxcu built from the answer, and shows the key once', async () => {
    const user = userEvent.setup();
    const calls = await setUp({
      'GET /api/user/images/config': hostingConfig(),
      'POST /api/user/images/key': { success: true, key: KEY, sharex },
    });
    expect(await screen.findByTestId('key-none')).toBeInTheDocument();
    await user.click(screen.getByTestId('create-key'));
    const fresh = await screen.findByTestId('fresh-key');
    expect(click).toHaveBeenCalledOnce();
    const file = await downloaded();
    expect(file.name).toBe('Cube Host.sxcu');
    expect(file.json).toEqual(sharex);
    expect(within(fresh).getByTestId('fresh-key-value')).toHaveValue(KEY);
    expect(fresh).toHaveTextContent('It is shown only this once');
    await user.click(within(fresh).getByRole('button', { name: 'Copy the upload key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    await user.click(within(fresh).getByTestId('download-sxcu'));
    expect(click).toHaveBeenCalledTimes(2);
    expect((await downloaded(1)).json.Headers['x-upload-key']).toBe(KEY);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/user/images/key']);
  });

  it('asks before replacing a key that exists (the old one stops at once), and nothing happens on cancel', async () => {
    const user = userEvent.setup();
    const calls = await setUp({
      'GET /api/user/images/config': hostingConfig({ upload_key: keyInfo }),
      'POST /api/user/images/key': { success: true, key: KEY, sharex },
    });
    expect(await screen.findByTestId('key-info')).toHaveTextContent('hdi_ab12…');
    expect(screen.getByTestId('key-info')).toHaveTextContent('Never');
    await user.click(screen.getByTestId('create-key'));
    let dialog = await screen.findByTestId('replace-key-dialog');
    expect(dialog).toHaveTextContent('stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('replace-key-dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByTestId('create-key'));
    dialog = await screen.findByTestId('replace-key-dialog');
    await user.click(within(dialog).getByTestId('replace-key-dialog-confirm'));
    expect(await screen.findByTestId('fresh-key')).toBeInTheDocument();
    expect((await downloaded()).json.RequestURL).toBe(sharex.RequestURL);
  });

  it('revokes the key after confirming', async () => {
    const user = userEvent.setup();
    let revoked = false;
    const calls = await setUp({
      'GET /api/user/images/config': () => hostingConfig({ upload_key: revoked ? null : keyInfo }),
      'DELETE /api/user/images/key': () => {
        revoked = true;
        return { success: true };
      },
    });
    await user.click(await screen.findByTestId('revoke-key'));
    await user.click(within(await screen.findByTestId('revoke-key-dialog')).getByTestId('revoke-key-dialog-confirm'));
    expect(await screen.findByTestId('key-none')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/images/key')).toBe(true);
  });

  it('names the file after the panel, without characters file systems refuse', () => {
    expect(sxcuFileName('Cube: Host/EU')).toBe('Cube- Host-EU.sxcu');
    expect(sxcuFileName('')).toBe('Hostdeck.sxcu');
  });
});

describe('the embed', () => {
  it('updates the preview card at every keystroke, with the placeholders filled', async () => {
    const user = userEvent.setup();
    await setUp({ 'GET /api/user/images/config': hostingConfig() });
    const section = await screen.findByTestId('embed-section');
    const card = await within(section).findByTestId('embed-card');
    expect(within(card).getByTestId('embed-title')).toHaveTextContent('sunset.png');
    expect(within(card).getByTestId('embed-description')).toHaveTextContent('Uploaded by me');
    expect(within(section).getByTestId('embed-placeholders')).toHaveTextContent('{username}');

    const title = within(section).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Shot {{width}x{{height}');
    expect(within(card).getByTestId('embed-title')).toHaveTextContent('Shot 1600x900');
    const color = within(section).getByRole('textbox', { name: 'Colour (hex)' });
    await user.clear(color);
    await user.type(color, '#ff0055');
    expect(card).toHaveAttribute('data-color', '#ff0055');
    expect(card.style.borderLeftColor).not.toBe('');
    const site = within(section).getByRole('textbox', { name: 'Site name' });
    await user.clear(site);
    await user.type(site, 'Pixel Pals');
    expect(within(card).getByTestId('embed-site')).toHaveTextContent('Pixel Pals');

    await user.click(within(section).getByTestId('embed-enabled'));
    expect(within(section).queryByTestId('embed-card')).toBeNull();
    expect(within(section).getByTestId('embed-off')).toBeInTheDocument();
  });

  it('shows a wrong colour in place and saves only a valid embed', async () => {
    const user = userEvent.setup();
    const calls = await setUp({
      'GET /api/user/images/config': hostingConfig(),
      'PATCH /api/user/images/embed': (body: unknown) => ({ success: true, data: body }),
    });
    const section = await screen.findByTestId('embed-section');
    const color = within(section).getByRole('textbox', { name: 'Colour (hex)' });
    await user.clear(color);
    await user.type(color, 'blue');
    await user.click(within(section).getByTestId('embed-save'));
    expect(await within(section).findByText('Enter a colour like #5865f2')).toBeInTheDocument();
    expect(color).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.clear(color);
    await user.type(color, '#00aa88');
    await user.click(within(section).getByTestId('embed-save'));
    expect(await within(section).findByText('Embed saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      enabled: true,
      title: '{filename}',
      description: 'Uploaded by {username}',
      color: '#00aa88',
      site_name: 'Cube Host',
    });
  });
});
