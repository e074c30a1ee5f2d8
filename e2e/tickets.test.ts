import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, hasBrowser, launch, newMember, newPage, register, signInAsAdministrator } from './browser.ts';

/** A real PNG, drawn on a canvas in the page: a stand-in for the member's screenshot. */
async function screenshotPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#0f172a';
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#f87171';
    g.font = '20px sans-serif';
    g.fillText('java.lang.OutOfMemoryError', 12, 100);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

describe.runIf(hasBrowser())('support tickets', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ context: adminContext, page: admin } = await newPage(browser));
    await signInAsAdministrator(admin);
  });
  afterAll(async () => {
    await adminContext?.close();
    await browser?.close();
  });

  it('a member opens a ticket with a screenshot; staff add a note and reply; the member sees only the reply and is mailed', async () => {
    const department = `Helpdesk ${Date.now().toString(36)}`;
    const subject = `Server crashes on start ${Date.now().toString(36)}`;
    const note = 'INTERNAL: node 3 is out of memory, moving the server';
    const reply = 'We moved your server to a bigger node; it starts again.';

    // Staff set up a department in the admin pages.
    await admin.goto('/mc-admin/departments/create');
    await admin.getByRole('textbox', { name: 'Name' }).fill(department);
    await admin.getByRole('textbox', { name: 'Description' }).fill('Servers that will not start');
    await admin.getByRole('textbox', { name: 'Opening hours' }).fill('Every day 10:00–22:00 UTC');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/mc-admin/departments');
    await admin.getByText(department).waitFor();

    // The member opens a ticket with a screenshot.
    const { context: memberContext, page: member } = await newPage(browser);
    const account = newMember();
    await register(member, account);
    await member.goto('/ticket');
    await member.getByTestId('tickets-empty').waitFor();
    await member.getByTestId('ticket-new').click();
    await member.waitForURL('**/ticket/create');
    await member.getByTestId('ticket-department').selectOption({ label: department });
    expect(await member.getByTestId('ticket-department-info').innerText()).toContain('Every day 10:00–22:00 UTC');
    await member.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await member.getByTestId('ticket-priority-select').selectOption('high');
    await member
      .getByRole('textbox', { name: 'Message' })
      .fill('It stops right after loading the world. Screenshot attached.');
    const png = await screenshotPng(member);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    await member
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png });
    await member.getByTestId('attachment-chosen').getByText('screenshot.png').waitFor();
    await member.getByTestId('ticket-submit').click();
    await member.waitForURL(/\/ticket\/\d+$/);
    const ticketId = new URL(member.url()).pathname.split('/').pop();

    // The screenshot shows in the conversation and comes back byte for byte, typed and not sniffable.
    const shot = member.getByRole('img', { name: 'screenshot.png' });
    await shot.waitFor();
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    const download = await member.request.get((await shot.getAttribute('src'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('image/png');
    expect(download.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(await download.body(), png)).toBe(0);

    // Staff find it on the desk, add an internal note, then reply publicly.
    await admin.goto(`/mc-admin/tickets?search=${encodeURIComponent(subject)}`);
    await admin.getByTestId('desk-ticket-link').filter({ hasText: subject }).click();
    await admin.waitForURL(`**/mc-admin/tickets/${ticketId}`);
    await admin.getByRole('img', { name: 'screenshot.png' }).waitFor();
    await admin.getByRole('switch', { name: 'Internal note' }).check();
    await admin.getByRole('textbox', { name: 'Internal note (staff only)' }).fill(note);
    await admin.getByRole('button', { name: 'Add note' }).click();
    await admin.getByTestId('ticket-note').filter({ hasText: note }).waitFor();
    await admin.getByRole('switch', { name: 'Internal note' }).uncheck();
    await admin.getByRole('textbox', { name: 'Reply to the member' }).fill(reply);
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await admin.getByTestId('ticket-message').filter({ hasText: reply }).waitFor();
    await expect
      .poll(() => admin.getByTestId('ticket-controls').getByTestId('ticket-status').innerText())
      .toBe('Replied');

    // The member sees the reply, marked as staff, and nothing of the note.
    await member.reload();
    const staffReply = member.getByTestId('ticket-message').filter({ hasText: reply });
    await staffReply.waitFor();
    expect(await staffReply.innerText()).toContain('Staff');
    expect(await member.getByTestId('ticket-status').innerText()).toBe('Replied');
    expect(await member.getByTestId('ticket-conversation').innerText()).not.toContain('INTERNAL');
    expect(await member.getByTestId('ticket-note').count()).toBe(0);
    const api = await callApi(member, 'GET', `/api/tickets/${ticketId}`);
    expect(JSON.stringify(api.body)).not.toContain('INTERNAL');

    // The reply went out to the member's address as the ticket_reply mail; the note did not.
    const outbox = await callApi(admin, 'GET', `/api/admin/mail/outbox?search=${encodeURIComponent(account.email)}`);
    expect(outbox.status).toBe(200);
    const mails = outbox.body.data.filter((m: { template: string | null }) => m.template === 'ticket_reply');
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(account.email);
    const mail = await callApi(admin, 'GET', `/api/admin/mail/outbox/${mails[0].id}`);
    expect(mail.body.data.text).toContain(reply);
    expect(mail.body.data.text).toContain(`/ticket/${ticketId}`);
    expect(mail.body.data.text).not.toContain('INTERNAL');
    await memberContext.close();
  });
});
