import type { MailTemplateKey } from '@hostdeck/contracts';

/**
 * The default text of every mail (staff overrides live in mail_templates). Only the body: the
 * renderer puts it in the shared frame (brand header, footer). Inline styles only: mail clients
 * drop <style> blocks.
 */

const p = (html: string) => `<p style="margin:0 0 16px;">${html}</p>`;
const h = (html: string) => `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#111827;">${html}</h1>`;
const button = (url: string, label: string) =>
  `<p style="margin:24px 0;"><a href="{{${url}}}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px;">${label}</a></p>`;
const small = (html: string) => `<p style="margin:16px 0 0;font-size:13px;color:#6b7280;">${html}</p>`;
const facts = (rows: [string, string][]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse;">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 0;color:#6b7280;width:40%;">${label}</td><td style="padding:6px 0;font-weight:600;">${value}</td></tr>`,
    )
    .join('')}</table>`;
const lines = (...parts: string[]) => parts.join('\n');

export const defaultMailTemplates: Record<MailTemplateKey, { subject: string; html: string }> = {
  verify_email: {
    subject: '{{app_name}}: confirm your email address',
    html: lines(
      h('Confirm your email address'),
      p('Hello {{username}},'),
      p('Please confirm that this address belongs to your {{app_name}} account.'),
      button('verify_url', 'Confirm my email'),
      small('The link works for {{expires_hours}} hours. If you did not create an account, you can ignore this mail.'),
    ),
  },
  reset_password: {
    subject: '{{app_name}}: reset your password',
    html: lines(
      h('Reset your password'),
      p('Hello {{username}},'),
      p('Someone asked to reset the password of your {{app_name}} account. Choose a new one with this link:'),
      button('reset_url', 'Choose a new password'),
      small(
        'The link works for {{expires_minutes}} minutes and only once. If it was not you, ignore this mail; your password stays as it is.',
      ),
    ),
  },
  new_login: {
    subject: '{{app_name}}: new sign-in to your account',
    html: lines(
      h('New sign-in'),
      p('Hello {{username}},'),
      p('Your account was just used from a browser we had not seen before:'),
      facts([
        ['Time', '{{time}}'],
        ['IP address', '{{ip}}'],
        ['Browser', '{{browser}}'],
      ]),
      p('If this was you, there is nothing to do. If not, change your password now and end your other sessions.'),
      button('security_url', 'Review my account'),
    ),
  },
  welcome: {
    subject: 'Welcome to {{app_name}}, {{username}}!',
    html: lines(
      h('Welcome, {{username}}!'),
      p('Your {{app_name}} account is ready. Create your first server, earn coins and join the community.'),
      button('dashboard_url', 'Open my dashboard'),
      small('Need help? Open a support ticket from the panel at any time.'),
    ),
  },
  ticket_reply: {
    subject: '[#{{ticket_id}}] New reply: {{ticket_subject}}',
    html: lines(
      h('Our team replied to your ticket'),
      p('Hello {{username}},'),
      p('There is a new reply to ticket #{{ticket_id}} <strong>{{ticket_subject}}</strong>:'),
      '<div style="margin:0 0 16px;padding:14px 16px;background:#f9fafb;border-left:4px solid #4f46e5;border-radius:6px;white-space:pre-wrap;">{{reply}}</div>',
      button('ticket_url', 'View the ticket'),
    ),
  },
  server_created: {
    subject: '{{app_name}}: your server "{{server_name}}" is ready',
    html: lines(
      h('Your server is ready'),
      p('Hello {{username}},'),
      p('Your server <strong>{{server_name}}</strong> has been built and is ready to use.'),
      button('server_url', 'Manage my server'),
    ),
  },
  renewal_reminder: {
    subject: '{{app_name}}: your server "{{server_name}}" expires soon',
    html: lines(
      h('Your server expires soon'),
      p('Hello {{username}},'),
      p('Your server <strong>{{server_name}}</strong> expires on <strong>{{expires_at}}</strong>.'),
      p('Renew it for {{renew_cost}} coins to keep it running.'),
      button('renew_url', 'Renew my server'),
    ),
  },
  server_suspended: {
    subject: '{{app_name}}: your server "{{server_name}}" is suspended',
    html: lines(
      h('Your server is suspended'),
      p('Hello {{username}},'),
      p('Your server <strong>{{server_name}}</strong> expired and has been suspended.'),
      p('Renew it within {{grace_days}} days or it will be deleted with its files.'),
      button('renew_url', 'Renew my server'),
    ),
  },
  server_deleted: {
    subject: '{{app_name}}: your server "{{server_name}}" was deleted',
    html: lines(
      h('Your server was deleted'),
      p('Hello {{username}},'),
      p('Your server <strong>{{server_name}}</strong> expired and was not renewed, so it has been deleted.'),
      p('You can create a new server from your dashboard at any time.'),
    ),
  },
  coins_received: {
    subject: '{{app_name}}: {{sender}} sent you {{amount}} coins',
    html: lines(
      h('You received coins'),
      p('Hello {{username}},'),
      p('<strong>{{sender}}</strong> sent you <strong>{{amount}} coins</strong>.'),
      p('Note: {{note}}'),
      facts([['Your balance', '{{balance}} coins']]),
    ),
  },
  topup_receipt: {
    subject: '{{app_name}}: receipt for your top-up of {{coins}} coins',
    html: lines(
      h('Thank you for your payment'),
      p('Hello {{username}},'),
      p('Your payment was received and the coins are in your account.'),
      facts([
        ['Coins', '{{coins}}'],
        ['Amount paid', '{{amount}}'],
        ['Paid with', '{{provider}}'],
        ['Reference', '{{reference}}'],
      ]),
      button('receipt_url', 'View the receipt'),
    ),
  },
  email_change: {
    subject: '{{app_name}}: confirm your new email address',
    html: lines(
      h('Confirm your new email address'),
      p('Hello {{username}},'),
      p('You asked to use <strong>{{new_email}}</strong> for your {{app_name}} account. Confirm it with this link:'),
      button('confirm_url', 'Use this address'),
      small(
        'The link works for {{expires_hours}} hours and only once. Until it is followed, your account keeps its old address. If you did not ask for this, ignore this mail.',
      ),
    ),
  },
  email_changed: {
    subject: '{{app_name}}: your email address was changed',
    html: lines(
      h('Your email address was changed'),
      p('Hello {{username}},'),
      p('Your {{app_name}} account now uses <strong>{{new_email}}</strong>; mails no longer come to this address.'),
      p('If this was not you, contact support at once and change your password.'),
      button('security_url', 'Review my account'),
    ),
  },
  password_changed: {
    subject: '{{app_name}}: your password was changed',
    html: lines(
      h('Your password was changed'),
      p('Hello {{username}},'),
      p('The password of your account was just changed, and every other session was signed out:'),
      facts([
        ['Time', '{{time}}'],
        ['IP address', '{{ip}}'],
        ['Browser', '{{browser}}'],
      ]),
      p('If this was not you, reset your password now with "Forgot password" on the sign-in page.'),
      button('security_url', 'Review my account'),
    ),
  },
  account_deleted: {
    subject: '{{app_name}}: your account is being deleted',
    html: lines(
      h('Your account is being deleted'),
      p('Hello {{username}},'),
      p(
        'As you asked, your {{app_name}} account is being deleted. Your servers are removed from the game panel first; then your personal details are erased.',
      ),
      small('This cannot be undone. If you did not ask for this, contact support right away.'),
    ),
  },
  two_factor_disabled: {
    subject: '{{app_name}}: two-factor authentication was turned off',
    html: lines(
      h('Two-factor authentication is off'),
      p('Hello {{username}},'),
      p('Two-factor authentication was just turned off for your account:'),
      facts([
        ['Time', '{{time}}'],
        ['IP address', '{{ip}}'],
        ['Browser', '{{browser}}'],
      ]),
      p('If this was not you, change your password now, end your other sessions and turn two-factor on again.'),
      button('security_url', 'Review my account'),
    ),
  },
  passkey_added: {
    subject: '{{app_name}}: a passkey was added to your account',
    html: lines(
      h('A passkey was added'),
      p('Hello {{username}},'),
      p('A passkey named "{{passkey_name}}" was just added to your account. It signs in without a password:'),
      facts([
        ['Time', '{{time}}'],
        ['IP address', '{{ip}}'],
        ['Browser', '{{browser}}'],
      ]),
      p('If this was not you, remove the passkey, change your password and end your other sessions now.'),
      button('security_url', 'Review my passkeys'),
    ),
  },
};
