import { type AuditEntry, auditTargetTypes } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/en.json';
import { page, signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { AuditPage } from './audit-page.tsx';

afterEach(signOut);

const ADA = '6c1f3a52-4a8e-4d0e-9b0e-1f2a3b4c5d6e';
const MEMBER = '0d9c8b7a-6f5e-4d3c-8b2a-1a2b3c4d5e6f';
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  actor_id: ADA,
  actor_username: 'ada',
  action: 'user.ban',
  target_type: 'user',
  target_id: MEMBER,
  before: { banned: false },
  after: { banned: true },
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});
const ban = entry({});
const setting = entry({
  action: 'settings.update',
  target_type: 'settings',
  target_id: 'settings',
  before: { app_name: 'Old' },
  after: { app_name: 'New' },
});
const system = entry({ actor_id: null, actor_username: null, action: 'backup.create', target_type: 'backup' });

async function open(url = '/mc-admin/audit') {
  const calls = await signIn(
    {
      'GET /api/admin/audit': page([ban, setting, system], { total: 3 }),
      'GET /api/admin/audit?target_type=settings': page([setting]),
      [`GET /api/admin/audit?actor_id=${ADA}`]: page([ban, setting]),
      [`GET /api/admin/audit?target_type=user&target_id=${MEMBER}`]: page([ban]),
      'GET /api/admin/audit?target_type=backup': page([]),
    },
    { permissions: ['admin.dashboard.components.activity.view', 'admin.users.edit'] },
  );
  const view = await renderPage(<AuditPage />, { path: '/mc-admin/audit', url });
  return { calls, ...view, user: userEvent.setup() };
}
const rows = () => screen.getAllByRole('row').slice(1);

describe('the audit log page', () => {
  it('lists who did what to which record, with what changed, and says who the system is', async () => {
    await open();
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    expect(first).toHaveTextContent('ada');
    expect(first).toHaveTextContent('Member');
    expect(first).toHaveTextContent('banned: false → true');
    expect(within(first!).getByRole('link', { name: MEMBER })).toHaveAttribute(
      'href',
      `/mc-admin/users/${MEMBER}/edit`,
    );
    expect(second).toHaveTextContent('app_name: Old → New');
    expect(third).toHaveTextContent('System');
    // The API takes no search: the list shows no search box.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('narrows by the kind of record, by who acted and by one record, each undone by its chip', async () => {
    const { calls, user, router } = await open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of record' }), 'settings');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.some((c) => c.path === '/api/admin/audit?target_type=settings')).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of record' }), '');

    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(rows()[0]!).getByRole('button', { name: 'ada' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('audit-actor-chip')).toHaveTextContent('By ada');
    expect(router.state.location.search).toContain(`actor_id=${ADA}`);
    await user.click(screen.getByRole('button', { name: 'Show what everyone did' }));
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(within(rows()[0]!).getByRole('button', { name: 'Member' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('audit-target-chip')).toHaveTextContent(`Member ${MEMBER}`);
  });

  it('opens on a link to one record (a member page\'s "see all")', async () => {
    await open(`/mc-admin/audit?target_type=user&target_id=${MEMBER}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Kind of record' })).toHaveValue('user');
  });

  it('names the actor from the entries, not from the address alone, and says when filters match nothing', async () => {
    await open(`/mc-admin/audit?actor_id=${ADA}&actor_name=mallory`);
    await waitFor(() => expect(screen.getByTestId('audit-actor-chip')).toHaveTextContent('By ada'));
  });

  it('says a filter matches nothing without speaking of a search box it does not have', async () => {
    await open('/mc-admin/audit?target_type=backup');
    expect(await screen.findByTestId('resource-empty')).toHaveTextContent('Nothing matches these filters');
  });

  it('names every kind of record the API records', () => {
    for (const type of auditTargetTypes) expect(en.audit.targets, type).toHaveProperty(type);
  });
});
