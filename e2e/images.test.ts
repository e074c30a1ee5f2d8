import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, JSHandle, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  callApi,
  hasBrowser,
  launch,
  newMember,
  newPage,
  register,
  signInAsAdministrator,
} from './browser.ts';

/**
 * Files made inside the page, as a member's screenshots would be: PNGs drawn on a canvas, held by a
 * DataTransfer the way a drag from the desktop or a paste carries them.
 */
function pngTransfer(page: Page, pictures: { name: string; colour: string }[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(async (pictures) => {
    const transfer = new DataTransfer();
    for (const { name, colour } of pictures) {
      const canvas = document.createElement('canvas');
      canvas.width = 400;
      canvas.height = 240;
      const g = canvas.getContext('2d')!;
      g.fillStyle = colour;
      g.fillRect(0, 0, 400, 240);
      g.fillStyle = '#ffffff';
      g.font = '28px sans-serif';
      g.fillText(name, 20, 120);
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'),
      );
      transfer.items.add(new File([blob], name, { type: 'image/png' }));
    }
    return transfer;
  }, pictures);
}

describe.runIf(hasBrowser())('image hosting', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ context: adminContext, page: admin } = await newPage(browser));
    await signInAsAdministrator(admin);
    // Image addresses on the test server's own origin (its PUBLIC_URL is not set): the SPA's
    // content policy then lets the gallery show the thumbnails, as on a configured panel.
    const set = await callApi(admin, 'PATCH', '/api/admin/settings', {
      values: { images_enabled: true, image_hosting_origin: baseUrl() },
    });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await callApi(admin, 'PATCH', '/api/admin/settings', { values: { image_hosting_origin: '' } }).catch(() => null);
    await adminContext?.close();
    await browser?.close();
  });

  it('a member drops and pastes pictures with progress, copies a link and gets a ShareX config; a visitor reports an image; staff remove it and its link answers 404', async () => {
    // The member drops two files at once on the drop zone. Their uploads are held at the network
    // until both rows show a progress bar still short of the end, then let through to finish.
    const { context: memberContext, page: member } = await newPage(browser);
    await memberContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await register(member, newMember());
    await member.goto('/images/upload');
    await member.getByTestId('upload-limits').waitFor();
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await member.route('**/api/user/images', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.fallback();
    });
    const dropped = await pngTransfer(member, [
      { name: 'sunset.png', colour: '#f97316' },
      { name: 'forest.png', colour: '#15803d' },
    ]);
    const zone = member.getByTestId('drop-zone');
    for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: dropped });
    const row = (name: string) => member.locator(`[data-testid="upload-item"][data-name="${name}"]`);
    await expect.poll(() => member.getByTestId('upload-item').count()).toBe(2);
    for (const name of ['sunset.png', 'forest.png']) {
      await row(name).and(member.locator('[data-status="uploading"]')).waitFor();
      const bar = row(name).getByRole('progressbar');
      await bar.waitFor();
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    }
    letThrough();
    const finished = async (name: string) => {
      await row(name).and(member.locator('[data-status="done"]')).waitFor();
      expect(await row(name).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      await row(name).getByTestId('upload-link').waitFor();
    };
    for (const name of ['sunset.png', 'forest.png']) await finished(name);

    // A screenshot pasted on the page is uploaded too.
    const clipboard = await pngTransfer(member, [{ name: 'pasted.png', colour: '#7c3aed' }]);
    await member.evaluate(
      (clipboardData) =>
        document.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true })),
      clipboard,
    );
    await finished('pasted.png');

    // The gallery shows all three, their thumbnails loaded; the page link of one is copied.
    await member.getByRole('link', { name: 'Gallery' }).click();
    await member.waitForURL('**/images');
    const cards = member.getByTestId('gallery-image');
    await expect.poll(() => cards.count()).toBe(3);
    const thumb = cards.first().getByRole('img');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await cards.first().getByTestId('copy-menu').click();
    await member.getByRole('menuitem', { name: 'Page link' }).click();
    await member.getByText('Page link copied to the clipboard.').waitFor();
    const pageLink = await member.evaluate(() => navigator.clipboard.readText());
    expect(pageLink).toMatch(new RegExp(`^${baseUrl()}/i/[A-Za-z0-9_-]{12}$`));
    const imageId = pageLink.split('/').pop() as string;

    // A key and its ShareX uploader, downloaded as <app name>.sxcu.
    await member.getByRole('link', { name: 'ShareX and embeds' }).first().click();
    await member.waitForURL('**/images/config');
    const downloading = member.waitForEvent('download');
    await member.getByTestId('create-key').click();
    const download = await downloading;
    const appName = (await callApi(member, 'GET', '/api/system/settings')).body.settings.app_name;
    expect(download.suggestedFilename()).toBe(`${appName}.sxcu`);
    const sxcu = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
    expect(sxcu.RequestURL).toMatch(/\/api\/images\/sharex$/);
    expect(sxcu.FileFormName).toBe('file');
    const key = await member.getByTestId('fresh-key-value').inputValue();
    expect(key).toMatch(/^hdi_/);
    expect(sxcu.Headers['x-upload-key']).toBe(key);

    // A visitor opens the image page and reports it.
    const { context: visitorContext, page: visitor } = await newPage(browser);
    const opened = await visitor.goto(`/i/${imageId}`);
    expect(opened?.status()).toBe(200);
    await visitor.locator('#report-open').click();
    await visitor.locator('select[name="reason"]').selectOption('nsfw');
    await visitor.locator('textarea[name="note"]').fill('Not suitable for a kids server');
    const reported = visitor.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/images/${imageId}/report` && r.request().method() === 'POST',
    );
    await visitor.locator('#report-form button[type="submit"]').click();
    expect((await reported).status()).toBe(201);
    await visitorContext.close();

    // Staff find the report in the list, open it and remove the image.
    await admin.goto(`/mc-admin/image-reports?image_id=${imageId}`);
    const review = admin.getByTestId('review-report').first();
    await review.waitFor();
    expect(await admin.getByTestId('report-status').first().innerText()).toBe('Pending');
    await review.click();
    await admin.waitForURL(/\/mc-admin\/image-reports\/\d+\/edit$/);
    await admin.getByTestId('report-note').getByText('Not suitable for a kids server').waitFor();
    await admin.getByTestId('action-remove_image').click();
    const dialog = admin.getByTestId('report-action-dialog');
    await dialog.getByRole('textbox').fill('Removed after review');
    await dialog.getByTestId('report-action-dialog-confirm').click();
    await admin.getByTestId('report-image-removed').waitFor();
    expect(await admin.getByTestId('report-status').first().innerText()).toBe('Resolved');

    // The image is gone: its page and its bytes answer 404, and it has left the member's gallery.
    expect((await member.request.get(`/i/${imageId}`)).status()).toBe(404);
    expect((await member.request.get(`/i/${imageId}.png`)).status()).toBe(404);
    await member.goto('/images');
    await expect.poll(() => member.getByTestId('gallery-image').count()).toBe(2);
    await memberContext.close();
  });
});
