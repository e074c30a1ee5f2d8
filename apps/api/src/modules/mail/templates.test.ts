import { htmlToText, mailTemplateKeys, mailTemplateVariables, renderMailTemplate } from '@hostdeck/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { auditLog, mailOutbox } from '../../db/schema/index.ts';
import { defaultMailTemplates } from './template-defaults.ts';
import { enqueueTemplateMail, mailMoney } from './templates.ts';

describe('rendering a template', () => {
  const vars = {
    username: 'alex',
    ticket_id: 7,
    ticket_subject: 'Lag',
    reply: 'Fixed',
    ticket_url: 'https://x.test/t/7',
  };

  it('escapes values in the HTML part and gives them back as plain text in the text part', () => {
    const out = renderMailTemplate(
      'ticket_reply',
      { subject: 'Re: {{ticket_subject}}', html: '<p>Hi {{ username }}</p><div>{{reply}}</div>' },
      { ...vars, ticket_subject: 'a\r\nBcc: evil@x.test', reply: '<script>alert(1)</script> & "quotes"' },
    );
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(out.html).not.toContain('<script>');
    expect(out.text).toContain('<script>alert(1)</script> & "quotes"');
    expect(out.text).toContain('Hi alex');
    // A value cannot add a header line to the subject.
    expect(out.subject).toBe('Re: a Bcc: evil@x.test');
    expect(out.warnings).toEqual([]);
  });

  it('renders an unknown variable as empty and reports it, without failing', () => {
    const out = renderMailTemplate(
      'welcome',
      { subject: 'Hi {{username}} {{nope}}', html: '<p>{{password}} {{ticket_url}} {{app_name}}</p>' },
      { username: 'alex', password: 'secret', ticket_url: 'x', app_name: 'Panel' },
    );
    expect(out.subject).toBe('Hi alex');
    expect(out.html).not.toContain('secret');
    expect(out.text).toContain('Panel');
    // ticket_url belongs to another template: not usable here either.
    expect(out.warnings).toEqual(['nope', 'password', 'ticket_url']);
  });

  it('puts the body in the frame with the brand, and links show their address in the text part', () => {
    const out = renderMailTemplate('reset_password', defaultMailTemplates.reset_password, {
      username: 'alex',
      reset_url: 'https://panel.test/r?token=a&b=1',
      expires_minutes: 30,
      app_name: 'My Panel',
      app_url: 'https://panel.test',
    });
    expect(out.html).toMatch(/^<!DOCTYPE html>/);
    expect(out.html).toContain('My Panel');
    expect(out.html).toContain('href="https://panel.test/r?token=a&amp;b=1"');
    expect(out.text).toContain('Choose a new password (https://panel.test/r?token=a&b=1)');
    expect(out.text).not.toMatch(/<[a-z]/i);
  });

  it('has a default for each template that uses only its own variables, links included', () => {
    expect(Object.keys(defaultMailTemplates).sort()).toEqual([...mailTemplateKeys].sort());
    for (const key of mailTemplateKeys) {
      const out = renderMailTemplate(key, defaultMailTemplates[key], {});
      expect(out.warnings, key).toEqual([]);
      expect(`${defaultMailTemplates[key].subject}${defaultMailTemplates[key].html}`, key).toContain('{{');
      // Every one greets the member and uses each of its link variables.
      for (const name of mailTemplateVariables[key].filter((n) => n === 'username' || n.endsWith('_url')))
        expect(defaultMailTemplates[key].html, `${key} ${name}`).toContain(`{{${name}}}`);
    }
    expect(htmlToText('<ul><li>one</li><li>two</li></ul>')).toBe('- one\n- two');
    // A table of facts reads as "label: value", one per line.
    expect(
      htmlToText(
        '<table><tr><td>Your balance</td><td>1010 coins</td></tr><tr><td>Sent by</td><td>ada</td></tr></table>',
      ),
    ).toBe('Your balance: 1010 coins\nSent by: ada');
  });
});

let t: TestApp;
let editor: TestClient;
let reader: TestClient;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://panel.example.com' });
  editor = await memberWithPermissions(t.app, [
    'admin.mail.templates.list',
    'admin.mail.templates.edit',
    'admin.mail.templates.delete',
  ]);
  reader = await memberWithPermissions(t.app, ['admin.mail.templates.list']);
});
afterAll(() => t.close());

const lastMailTo = async (to: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).at(-1);

describe('the mail frame', () => {
  it('shows the app_logo setting beside the name, and the name alone without one', async () => {
    const send = async (to: string) => {
      await enqueueTemplateMail(t.database.db, t.app.ctx.settings, {
        to,
        template: 'welcome',
        vars: { username: 'alex', dashboard_url: 'https://panel.example.com/dashboard' },
      });
      return (await lastMailTo(to))!;
    };
    await t.app.ctx.settings.update({ app_logo: 'https://cdn.example.com/brand/logo.png?v=2&x=1' });
    try {
      const withLogo = await send('logo@example.com');
      expect(withLogo.html).toContain('<img src="https://cdn.example.com/brand/logo.png?v=2&amp;x=1"');
      expect(withLogo.html).toMatch(/<img [^>]*>Hostdeck<\/td>/);
      expect(withLogo.text).not.toContain('logo.png');
    } finally {
      await t.app.ctx.settings.update({ app_logo: null });
    }
    const plain = await send('nologo@example.com');
    expect(plain.html).not.toContain('<img');
    expect(plain.html).toContain('>Hostdeck</td>');
    // Only an http(s) address becomes an image.
    const odd = renderMailTemplate('welcome', defaultMailTemplates.welcome, { app_logo: 'javascript:alert(1)' });
    expect(odd.html).not.toContain('<img');
  });
});

describe('money in mails', () => {
  it('is written in the panel language with the currency_symbol setting for the panel currency', async () => {
    const s = t.app.ctx.settings;
    expect(mailMoney(s, 1250, 'eur')).toBe('€12.50');
    await s.update({ currency: 'RON', currency_symbol: 'lei', app_lang: 'ro' });
    try {
      expect(mailMoney(s, 123_450, 'ron')).toBe('1.234,50\u00a0lei');
      // A payment made in another currency keeps that currency's own symbol.
      expect(mailMoney(s, 1250, 'eur')).toBe('12,50\u00a0EUR');
    } finally {
      await s.update({ currency: null, currency_symbol: null, app_lang: null });
    }
  });
});

describe('staff overrides', () => {
  it('lists every template at its default, with variables and descriptions', async () => {
    const list = (await reader.get('/api/admin/mail-templates')).json();
    expect(list.data).toHaveLength(mailTemplateKeys.length);
    expect(list.data.every((x: { edited: boolean }) => !x.edited)).toBe(true);
    const one = (await reader.get('/api/admin/mail-templates/ticket_reply')).json().data;
    expect(one.variables.map((v: { name: string }) => v.name)).toEqual([
      'username',
      'ticket_id',
      'ticket_subject',
      'reply',
      'ticket_url',
      'app_name',
      'app_url',
    ]);
    expect(one.variables.every((v: { description: string }) => v.description.length > 0)).toBe(true);
    expect(one).toMatchObject({ edited: false, updated_at: null, subject: one.default_subject });
    expect((await reader.get('/api/admin/mail-templates/nope')).statusCode).toBe(404);
  });

  it('an override is used for new mails; reset deletes it and the default is used again; both are audited', async () => {
    const saved = await editor.patch('/api/admin/mail-templates/welcome', {
      subject: 'Hey {{username}} from {{app_name}}',
      html: '<p>Custom {{username}} {{unknown_thing}}</p>',
      updated_at: null,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ edited: true, subject: 'Hey {{username}} from {{app_name}}' });
    const listed = (await reader.get('/api/admin/mail-templates')).json().data;
    expect(listed.find((x: { key: string }) => x.key === 'welcome').edited).toBe(true);

    await enqueueTemplateMail(t.database.db, t.app.ctx.settings, {
      to: 'override@example.com',
      template: 'welcome',
      vars: { username: 'alex', dashboard_url: 'https://panel.example.com/dashboard' },
    });
    const mail = await lastMailTo('override@example.com');
    expect(mail).toMatchObject({ subject: 'Hey alex from Hostdeck', template: 'welcome', status: 'pending' });
    expect(mail?.html).toContain('<p>Custom alex </p>');
    expect(mail?.text).toContain('Custom alex');

    // Saved from a copy loaded before that change: refused.
    const stale = await editor.patch('/api/admin/mail-templates/welcome', {
      subject: 'Other',
      html: '<p>x</p>',
      updated_at: null,
    });
    expect(stale.json().error_code).toBe('STALE_RECORD');
    // Reading it is not editing it.
    expect((await reader.delete('/api/admin/mail-templates/welcome')).statusCode).toBe(403);

    expect((await editor.delete('/api/admin/mail-templates/welcome')).statusCode).toBe(200);
    const back = (await reader.get('/api/admin/mail-templates/welcome')).json().data;
    expect(back).toMatchObject({ edited: false, subject: defaultMailTemplates.welcome.subject });
    await enqueueTemplateMail(t.database.db, t.app.ctx.settings, {
      to: 'default@example.com',
      template: 'welcome',
      vars: { username: 'alex', dashboard_url: 'https://panel.example.com/dashboard' },
    });
    expect((await lastMailTo('default@example.com'))?.subject).toBe('Welcome to Hostdeck, alex!');

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'mail_template'), eq(auditLog.targetId, 'welcome')));
    expect(audit.map((a) => a.action)).toEqual(['mail_template.update', 'mail_template.reset']);
    expect(audit[0]?.after).toMatchObject({ subject: 'Hey {{username}} from {{app_name}}' });
  });

  it('saving the default text back removes the override; empty subjects are refused', async () => {
    const def = defaultMailTemplates.server_deleted;
    const first = await editor.patch('/api/admin/mail-templates/server_deleted', {
      subject: 'Changed',
      html: def.html,
      updated_at: null,
    });
    const loaded = first.json().data.updated_at;
    const res = await editor.patch('/api/admin/mail-templates/server_deleted', { ...def, updated_at: loaded });
    expect(res.json().data).toMatchObject({ edited: false, updated_at: null });
    const empty = await editor.patch('/api/admin/mail-templates/server_deleted', {
      subject: ' ',
      html: def.html,
      updated_at: null,
    });
    expect(empty.json()).toMatchObject({ error_code: 'VALIDATION_ERROR' });
  });
});
