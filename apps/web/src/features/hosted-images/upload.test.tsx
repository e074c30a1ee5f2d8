import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { hostedImage, hostingConfig, ORIGIN, usage } from '../../test/hosted-images.ts';
import { renderPage } from '../../test/render.tsx';
import { UploadPage } from './upload-page.tsx';

/** XMLHttpRequest at the boundary: each request waits until the test reports progress and answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  get file() {
    return this.body?.get('file') as File;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  fail(status: number, code: string) {
    this.respond(status, { success: false, error_code: code, message: code });
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(signOut);

const png = (name: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const open = () => renderPage(<UploadPage />, { path: '/images/upload', url: '/images/upload' });
const row = (name: string) =>
  screen.getAllByTestId('upload-item').find((li) => li.getAttribute('data-name') === name) as HTMLElement;
/** Waits for `count` uploads to be on their way. */
const sent = (count: number) => waitFor(() => expect(FakeXhr.sent).toHaveLength(count));

describe('the upload page', () => {
  it('sends several files with the CSRF header, each with its own progress, then shows their links', async () => {
    const user = userEvent.setup();
    document.cookie = 'csrf_token=tok123; path=/';
    await signIn({ 'GET /api/user/images/config': hostingConfig() });
    await open();
    await screen.findByTestId('upload-limits');
    await user.upload(screen.getByTestId('upload-input'), [png('one.png'), png('two.png')]);
    await sent(2);
    const [first, second] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect([first.method, first.url, first.headers['x-csrf-token']]).toEqual(['POST', '/api/user/images', 'tok123']);
    expect([first.file.name, second.file.name]).toEqual(['one.png', 'two.png']);

    first.progress(25, 100);
    second.progress(80, 100);
    await waitFor(() => expect(within(row('one.png')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25'));
    expect(within(row('two.png')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
    expect(row('one.png')).toHaveAttribute('data-status', 'uploading');

    first.respond(201, { success: true, data: hostedImage({ id: 'OneOneOne_01', name: 'one.png' }) });
    await waitFor(() => expect(row('one.png')).toHaveAttribute('data-status', 'done'));
    expect(within(row('one.png')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(row('one.png')).getByTestId('upload-link')).toHaveAttribute('href', `${ORIGIN}/i/OneOneOne_01`);
    await user.click(within(row('one.png')).getByTestId('copy-direct'));
    expect(await navigator.clipboard.readText()).toBe(`${ORIGIN}/i/OneOneOne_01.png`);
    expect(row('two.png')).toHaveAttribute('data-status', 'uploading');
  });

  it('shows each refused file with the reason its error code gives', async () => {
    const user = userEvent.setup();
    await signIn({ 'GET /api/user/images/config': hostingConfig({ usage: usage({ max_file_bytes: 2_000_000 }) }) });
    await open();
    await screen.findByTestId('upload-limits');
    const answers: Record<string, [number, string]> = {
      'big.png': [413, 'IMAGE_TOO_LARGE'],
      'wide.png': [413, 'IMAGE_TOO_MANY_PIXELS'],
      'fake.png': [415, 'IMAGE_TYPE_NOT_ALLOWED'],
      'full.png': [409, 'IMAGE_QUOTA_EXCEEDED'],
      'poor.png': [409, 'INSUFFICIENT_COINS'],
      'off.png': [403, 'FEATURE_DISABLED'],
      'moving.gif': [415, 'IMAGE_ANIMATED_NOT_ALLOWED'],
    };
    const names = Object.keys(answers);
    await user.upload(
      screen.getByTestId('upload-input'),
      names.map((n) => png(n)),
    );
    // Three at a time: the others wait for a free place.
    await sent(3);
    for (let i = 0; i < names.length; i += 1) {
      await sent(Math.min(i + 3, names.length));
      const xhr = FakeXhr.sent[i] as FakeXhr;
      const [status, code] = answers[xhr.file.name] as [number, string];
      xhr.fail(status, code);
    }
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-item').every((li) => li.getAttribute('data-status') === 'failed')).toBe(
        true,
      ),
    );
    const reason = (name: string) => within(row(name)).getByRole('alert').textContent;
    expect(reason('big.png')).toBe('This file is larger than 2 MB, the largest upload allowed.');
    // A small file of a huge canvas is not blamed on its size.
    expect(reason('wide.png')).toBe(
      'This picture has too many pixels (it is too wide or too tall), whatever the size of its file.',
    );
    expect(reason('fake.png')).toBe('Only PNG, JPEG, GIF, WEBP pictures are accepted.');
    expect(reason('full.png')).toBe('Your image storage is full: delete some images first.');
    expect(reason('poor.png')).toBe('There are not enough coins for this.');
    expect(reason('off.png')).toBe('This feature is switched off on this panel.');
    expect(reason('moving.gif')).toBe('Animated pictures are not accepted on this panel.');
  });

  it('refuses before sending what the limits already rule out: too large, a format the panel does not take, a full quota', async () => {
    await signIn({
      'GET /api/user/images/config': hostingConfig({
        usage: usage({ max_file_bytes: 100, formats: ['png', 'webp'], count: 2, quota_count: 3 }),
      }),
    });
    await open();
    expect(await screen.findByTestId('upload-limits')).toHaveTextContent('PNG, WEBP · up to 100 B each');
    const zone = screen.getByTestId('drop-zone');
    const dropped = [
      png('huge.png', 500),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      new File([new Uint8Array(4)], 'photo.jpg', { type: 'image/jpeg' }),
      png('fits.png'),
      png('one-too-many.png'),
    ];
    fireEvent.drop(zone, { dataTransfer: { files: dropped } });
    await sent(1);
    expect(FakeXhr.sent[0]?.file.name).toBe('fits.png');
    const reason = (name: string) => within(row(name)).getByRole('alert').textContent;
    expect(reason('huge.png')).toBe('This file is larger than 100 B, the largest upload allowed.');
    expect(reason('notes.txt')).toBe('Only PNG, WEBP pictures are accepted.');
    expect(reason('photo.jpg')).toBe('Only PNG, WEBP pictures are accepted.');
    expect(reason('one-too-many.png')).toBe('Your image storage is full: delete some images first.');
  });

  it('uploads a picture pasted anywhere on the page', async () => {
    await signIn({ 'GET /api/user/images/config': hostingConfig() });
    await open();
    await screen.findByTestId('upload-limits');
    fireEvent.paste(document, { clipboardData: { files: [png('image.png')] } });
    await sent(1);
    expect(FakeXhr.sent[0]?.file.name).toBe('image.png');
    expect(row('image.png')).toHaveAttribute('data-status', 'uploading');
  });

  it('shows the "turned off" state instead of the drop zone', async () => {
    await signIn({ 'GET /api/user/images/config': hostingConfig() }, { settings: { images_enabled: false } });
    await open();
    expect(await screen.findByTestId('images-off')).toBeInTheDocument();
    expect(screen.queryByTestId('drop-zone')).toBeNull();
  });
});
