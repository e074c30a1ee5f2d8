import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { department, openTicket, png, postForm } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { ticketAttachments, tickets } from '../../db/schema/index.ts';
import { detectAttachmentType, safeFileName, withStoredUploads } from './tickets.attachments.ts';
import { insertMessage } from './tickets.repo.ts';

let t: TestApp;
let admin: TestClient;
let dept: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
  dept = await department(admin);
});
afterAll(() => t.close());

const folder = () => join(t.app.ctx.config.dataDir, 'media', 'attachments');
const storedFiles = () => (existsSync(folder()) ? readdirSync(folder()) : []);
const fields = (subject: string) => ({ department_id: dept.id, subject, priority: 'medium', message: 'See attached' });
const HTML = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

describe('content detection', () => {
  it('types files by their bytes only', async () => {
    expect(detectAttachmentType(await png())).toBe('image/png');
    expect(detectAttachmentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]))).toBe('image/jpeg');
    expect(detectAttachmentType(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(detectAttachmentType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(detectAttachmentType(Buffer.from(PDF))).toBe('application/pdf');
    expect(detectAttachmentType(Buffer.from('[12:00] Server started\nDone (3.2s)!\n'))).toBe('text/plain');
    expect(detectAttachmentType(Buffer.from('\uFEFFcrash log, ünïcödé ✓'))).toBe('text/plain');
    for (const markup of [HTML, '  <svg onload="alert(1)"/>', '<?xml version="1.0"?><x/>', '\uFEFF\n<html>'])
      expect(detectAttachmentType(Buffer.from(markup)), markup).toBeNull();
    expect(detectAttachmentType(Buffer.from([0x41, 0x00, 0x42]))).toBeNull(); // a NUL byte
    expect(detectAttachmentType(Buffer.from([0xc3, 0x28]))).toBeNull(); // not UTF-8
    expect(detectAttachmentType(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull(); // an .exe
  });

  it('keeps names that fit the type and gives others the right extension', () => {
    expect(safeFileName('screenshot.PNG', 'image/png')).toBe('screenshot.PNG');
    expect(safeFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(safeFileName('page.html', 'text/plain')).toBe('page.html.txt');
    expect(safeFileName('../../etc/passwd', 'text/plain')).toBe('passwd.txt');
    expect(safeFileName('C:\\Users\\me\\latest.log', 'text/plain')).toBe('latest.log');
    expect(safeFileName('', 'application/pdf')).toBe('attachment.pdf');
    expect(safeFileName('a"b\u0000c.pdf', 'application/pdf')).toBe('abc.pdf');
    expect(safeFileName(`${'x'.repeat(300)}.png`, 'image/png')).toHaveLength(120);
  });
});

describe('ticket attachments', () => {
  it('store a real PNG and serve it back byte-identical, inline, with nosniff and a sandbox', async () => {
    const { client } = await signedUpMember(t.app);
    const picture = await png(120, 80);
    // The browser's claim is ignored either way: the bytes decide.
    const res = await postForm(client, '/api/tickets', fields('Screenshot attached'), [
      { name: 'screenshot.png', type: 'application/octet-stream', bytes: picture },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = res.json().data.messages[0].attachments;
    expect(file).toMatchObject({ file_name: 'screenshot.png', content_type: 'image/png', size: picture.length });
    const [row] = await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, file.id));
    expect(row!.storageKey).toMatch(/^attachments\/[A-Za-z0-9_-]{24}\.png$/);
    expect(row!.storageKey).not.toContain('screenshot');

    const download = await client.get(file.url);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, picture)).toBe(0);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^inline; filename="screenshot.png"/);
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.headers['content-security-policy']).toContain("default-src 'none'");
    // Staff may fetch it; another member may not, and the public media route never serves it.
    expect((await admin.get(file.url)).statusCode).toBe(200);
    const { client: stranger } = await signedUpMember(t.app);
    expect((await stranger.get(file.url)).statusCode).toBe(404);
    expect((await stranger.get(`/api/media/${row!.storageKey}`)).statusCode).toBe(404);
    expect((await client.get(`/api/tickets/${res.json().data.id + 1000}/attachments/${file.id}`)).statusCode).toBe(404);
  });

  it('serve PDF and text as downloads only', async () => {
    const { client } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id);
    const res = await postForm(client, `/api/tickets/${ticket.id}/messages`, { message: 'Logs' }, [
      { name: 'invoice.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'latest.html', type: 'text/html', bytes: 'Server log: <b>not markup at the start</b>' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [pdf, text] = res.json().data.messages[1].attachments;
    expect([pdf.content_type, text.content_type, text.file_name]).toEqual([
      'application/pdf',
      'text/plain',
      'latest.html.txt',
    ]);
    const p = await client.get(pdf.url);
    expect(p.headers['content-type']).toBe('application/pdf');
    expect(p.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf"/);
    const x = await client.get(text.url);
    expect(x.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(x.headers['content-disposition']).toMatch(/^attachment; filename="latest.html.txt"/);
    expect(x.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuse HTML disguised as a PNG and write nothing', async () => {
    const { client } = await signedUpMember(t.app);
    const before = storedFiles().length;
    const res = await postForm(client, '/api/tickets', fields('Disguised upload'), [
      { name: 'ok.png', type: 'image/png', bytes: await png() },
      { name: 'x.png', type: 'image/png', bytes: HTML },
    ]);
    expect([res.statusCode, res.json().error_code]).toEqual([415, 'ATTACHMENT_TYPE_NOT_ALLOWED']);
    expect(storedFiles()).toHaveLength(before);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.subject, 'Disguised upload'))).toHaveLength(0);
  });

  it('refuse a file over the size limit (413) and more files than allowed (400)', async () => {
    await t.app.ctx.settings.update({ tickets_attachment_max_bytes: 2048, tickets_attachment_max_count: 2 });
    try {
      const { client } = await signedUpMember(t.app);
      const before = storedFiles().length;
      const big = await postForm(client, '/api/tickets', fields('Too big'), [
        { name: 'big.txt', type: 'text/plain', bytes: 'a'.repeat(2049) },
      ]);
      expect([big.statusCode, big.json().error_code]).toEqual([413, 'ATTACHMENT_TOO_LARGE']);
      const exact = await postForm(client, '/api/tickets', fields('Just fits'), [
        { name: 'fits.txt', type: 'text/plain', bytes: 'a'.repeat(2048) },
      ]);
      expect(exact.statusCode, exact.body).toBe(201);
      const many = await postForm(
        client,
        '/api/tickets',
        fields('Too many'),
        [1, 2, 3].map((i) => ({ name: `log${i}.txt`, type: 'text/plain', bytes: `line ${i}` })),
      );
      expect([many.statusCode, many.json().error_code]).toEqual([400, 'TOO_MANY_ATTACHMENTS']);
      expect(storedFiles()).toHaveLength(before + 1);
      const subjects = (await t.database.db.select({ s: tickets.subject }).from(tickets)).map((r) => r.s);
      expect(subjects).not.toContain('Too big');
      expect(subjects).not.toContain('Too many');
    } finally {
      await t.app.ctx.settings.update({ tickets_attachment_max_bytes: null, tickets_attachment_max_count: null });
    }
  });

  it('remove the written files when the transaction of the rows fails', async () => {
    const { client, id } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id);
    const before = storedFiles().length;
    let written: string[] = [];
    const attempt = withStoredUploads(
      t.database.db,
      t.app.ctx.media,
      [{ fileName: 'a.png', type: 'image/png', bytes: await png() }],
      async (tx, stored) => {
        written = stored.map((s) => s.key);
        expect(storedFiles()).toHaveLength(before + 1);
        await insertMessage(tx, {
          ticketId: ticket.id,
          authorId: id,
          fromStaff: false,
          internal: false,
          body: 'x',
          files: stored,
        });
        throw new Error('the database went away');
      },
    );
    await expect(attempt).rejects.toThrow('the database went away');
    expect(written).toHaveLength(1);
    expect(storedFiles()).toHaveLength(before);
    expect(
      await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.storageKey, written[0]!)),
    ).toEqual([]);
  });

  it('take files only under "attachments"', async () => {
    const { client } = await signedUpMember(t.app);
    const res = await postForm(client, '/api/tickets', fields('Wrong field'), [
      { name: 'a.png', type: 'image/png', bytes: await png(), field: 'file' },
    ]);
    expect([res.statusCode, res.json().fields]).toEqual([400, { file: 'Unexpected file' }]);
  });
});
