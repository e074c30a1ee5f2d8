import type { AuditEntry } from '@hostdeck/contracts';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n.ts';
import en from '../../locales/en/en.json';
import { AuditList, readableAction } from './audit-list.tsx';

/**
 * Every action the API records. This mirrors the API's recordAudit calls (apps/api/src): the
 * table-crud nouns' create, update and delete, the catalogue imports, and each service's own. When
 * a call records a new action, add it here and give it a message in audit.actions in every language.
 */
const RECORDED_ACTIONS = [
  // lib/table-crud.ts: `${noun}.create|update|delete`
  ...[
    'announcement',
    'department',
    'egg',
    'egg_category',
    'library_image',
    'location',
    'redeem_code',
    'redirect_link',
    'j4r_server',
  ].flatMap((noun) => [`${noun}.create`, `${noun}.update`, `${noun}.delete`]),
  // catalog/catalog.import.ts
  'location.import',
  'egg_category.import',
  'egg.import',
  // account/account-deletion.service.ts, account/account-erase.ts, sso/sso.service.ts, sso/identities.ts
  'account.delete_requested',
  'account.erased',
  'account.identity.link',
  'account.identity.unlink',
  // abuse/flags.service.ts
  'account_flag.approve',
  'account_flag.ban',
  // api-keys/api-keys.service.ts
  'api_key.create',
  'api_key.revoke',
  // backups/backups.service.ts, cloud/cloud.service.ts
  'backup.create',
  'backup.download',
  'backup.delete',
  'backup.cloud_upload',
  'backup.cloud_download',
  // hosted-images/image-reports.service.ts (update, delete and `image_report.${ImageReportAction}`)
  'image_report.update',
  'image_report.delete',
  'image_report.dismiss',
  'image_report.remove_image',
  'image_report.ban_uploader',
  // mail/mail-outbox.service.ts, mail/mail-templates.service.ts
  'mail.retry',
  'mail_template.update',
  'mail_template.reset',
  // plugins/plugins.registry.ts
  'plugin.enable',
  'plugin.disable',
  'plugin.configure',
  // roles/roles.service.ts
  'role.create',
  'role.update',
  'role.permissions',
  'role.delete',
  // servers/servers.service.ts, servers/queue.admin.routes.ts
  'server.delete',
  'server_queue.create',
  'server_queue.retry',
  'server_queue.delete',
  // settings/settings.routes.ts, panel/demo-panel.service.ts
  'settings.update',
  // tickets/tickets.staff.service.ts
  'ticket.reply',
  'ticket.note',
  'ticket.update',
  // users/users.service.ts, api-keys/sign-in-links.service.ts
  'user.update',
  'user.role_change',
  'user.coins_adjust',
  'user.ban',
  'user.unban',
  'user.reset_2fa',
  'user.sign_out',
  'user.delete',
  'user.sign_in_link',
] as const;

const entry = (id: string, action: string, actor: string | null = 'alice'): AuditEntry => ({
  id,
  actor_id: actor ? 'u1' : null,
  actor_username: actor,
  action,
  target_type: 'user',
  target_id: 'u2',
  before: null,
  after: null,
  created_at: '2026-03-01T12:00:00.000Z',
});

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
  await i18n.changeLanguage('en');
});

describe('audit actions', () => {
  it('has an English message for every action the API records', () => {
    const messages = en.audit.actions as Record<string, string>;
    const missing = RECORDED_ACTIONS.filter((action) => !messages[action]);
    expect(missing, 'add these to audit.actions').toEqual([]);
  });

  it('shows the message, dotted actions included, and a readable code for an unknown action', () => {
    render(
      <AuditList
        entries={[
          entry('1', 'redeem_code.create'),
          entry('2', 'account.identity.link'),
          entry('3', 'account.erased', null),
          entry('4', 'widget_box.spin_up'),
        ]}
      />,
    );
    expect(screen.getByText(/created a redeem code/)).toBeInTheDocument();
    expect(screen.getByText(/linked a sign-in provider/)).toBeInTheDocument();
    expect(screen.getByText(/erased the account's data/)).toBeInTheDocument();
    expect(screen.getByText(/widget box spin up/)).toBeInTheDocument();
    expect(screen.queryByText(/redeem_code|account\.|widget_box/)).toBeNull();
  });

  it('turns an unknown code into words', () => {
    expect(readableAction('redeem_code.create')).toBe('redeem code create');
    expect(readableAction('account.identity.link')).toBe('account identity link');
  });
});
