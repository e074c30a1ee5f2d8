import type { PluginDetail } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { signIn, signOut } from '../../test/economy.ts';
import { pluginOf } from '../../test/plugins.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { PluginConfigPage } from './plugin-config-page.tsx';

afterEach(() => {
  signOut();
  toast.dismiss();
});

const detail = (values: Record<string, unknown> = {}, secretsSet: string[] = ['token']): PluginDetail => ({
  ...pluginOf(),
  config: [
    { key: 'title', type: 'string', label: 'Card title', required: true, default: 'Daily reward', maxLength: 60 },
    {
      key: 'message',
      type: 'text',
      label: 'Message',
      description: 'Shown under the button',
      required: false,
      maxLength: 500,
    },
    { key: 'webhook', type: 'url', label: 'Webhook address', required: false, maxLength: 500 },
    { key: 'token', type: 'secret', label: 'API token', required: false, maxLength: 200 },
    {
      key: 'amount',
      type: 'number',
      label: 'Reward amount',
      required: true,
      default: 10,
      min: 1,
      max: 1000,
      integer: true,
    },
    { key: 'announce', type: 'boolean', label: 'Announce claims', required: false, default: true },
    {
      key: 'mode',
      type: 'select',
      label: 'Streak mode',
      required: true,
      default: 'reset',
      multiple: false,
      options: [
        { value: 'reset', label: 'Reset on a missed day' },
        { value: 'keep', label: 'Keep the streak' },
      ],
    },
    {
      key: 'events',
      type: 'select',
      label: 'Events',
      required: false,
      multiple: true,
      options: [
        { value: 'claim', label: 'Claims' },
        { value: 'streak', label: 'Streak records' },
      ],
    },
  ],
  values: {
    title: 'Daily reward',
    message: 'Come back tomorrow',
    webhook: '',
    amount: 25,
    announce: true,
    mode: 'keep',
    events: ['claim'],
    ...values,
  },
  secrets_set: secretsSet,
});

const URL_ = '/mc-admin/plugins/daily-reward/config';
const open = () => renderPage(<PluginConfigPage />, { path: '/mc-admin/plugins/:identifier/config', url: URL_ });
const field = (key: string) => screen.getByTestId(`plugin-field-${key}`);

describe('plugin settings page', () => {
  it('renders a control per field type with the saved values, labels, ranges and defaults', async () => {
    await signIn(
      { 'GET /api/admin/plugins/daily-reward': { success: true, data: detail() } },
      { permissions: ['admin.plugins.edit'] },
    );
    await open();
    expect(await screen.findByRole('heading', { name: 'Settings of Daily reward' })).toBeInTheDocument();
    expect(screen.getByLabelText('Card title')).toHaveValue('Daily reward');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Message')).toHaveValue('Come back tomorrow');
    expect(within(field('message')).getByText('Shown under the button')).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook address')).toHaveAttribute('type', 'url');
    const amount = screen.getByLabelText('Reward amount');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '1');
    expect(amount).toHaveAttribute('max', '1000');
    expect(amount).toHaveValue(25);
    expect(within(field('amount')).getByText('Between 1 and 1000 · Default: 10')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Announce claims' })).toHaveAttribute('aria-checked', 'true');
    expect(within(field('announce')).getByText('Default: on')).toBeInTheDocument();
    expect(screen.getByLabelText('Streak mode')).toHaveValue('keep');
    expect(within(field('mode')).getByText('Default: Reset on a missed day')).toBeInTheDocument();
    const events = screen.getByRole('group', { name: 'Events' });
    expect(within(events).getByRole('checkbox', { name: 'Claims' })).toBeChecked();
    expect(within(events).getByRole('checkbox', { name: 'Streak records' })).not.toBeChecked();
  });

  it("shows the manifest's own translations in the staff member's language, English where it has none", async () => {
    const translated: PluginDetail = {
      ...detail(),
      translations: {
        de: {
          name: 'Tägliche Belohnung',
          config: {
            title: { label: 'Kartentitel' },
            mode: { label: 'Serienmodus', options: { reset: 'Bei einem verpassten Tag zurücksetzen' } },
          },
        },
      },
    };
    await signIn(
      { 'GET /api/admin/plugins/daily-reward': { success: true, data: translated } },
      { permissions: ['admin.plugins.edit'] },
    );
    try {
      await changeLanguage('de');
      await open();
      expect(await screen.findByRole('heading', { name: 'Einstellungen von Tägliche Belohnung' })).toBeInTheDocument();
      expect(screen.getByLabelText('Kartentitel')).toHaveValue('Daily reward');
      expect(screen.getByLabelText('Serienmodus')).toHaveValue('keep');
      expect(within(field('mode')).getByText('Standard: Bei einem verpassten Tag zurücksetzen')).toBeInTheDocument();
      // No translation of this one: the manifest's English.
      expect(screen.getByLabelText('Reward amount')).toHaveValue(25);
      // Back in English, the same answer from the cache reads in English again.
      await changeLanguage('en');
      expect(await screen.findByRole('heading', { name: 'Settings of Daily reward' })).toBeInTheDocument();
      expect(screen.getByLabelText('Card title')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('names the region of its toasts in the language of the page', async () => {
    await signIn(
      { 'GET /api/admin/plugins/daily-reward': { success: true, data: detail() } },
      { permissions: ['admin.plugins.edit'] },
    );
    try {
      await changeLanguage('de');
      await open();
      expect(await screen.findByRole('region', { name: /^Benachrichtigungen/ })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('never fills in a secret, says whether it is set, keeps it when left empty and clears it on demand', async () => {
    const user = userEvent.setup();
    let saved = detail();
    const calls = await signIn(
      {
        'GET /api/admin/plugins/daily-reward': () => ({ success: true, data: saved }),
        'PUT /api/admin/plugins/daily-reward/config': (body: unknown) => {
          const { values } = body as { values: Record<string, unknown> };
          saved = detail({ ...values, token: undefined }, values.token === '' ? [] : ['token']);
          return { success: true, data: saved };
        },
      },
      { permissions: ['admin.plugins.edit'] },
    );
    await open();
    const token = await screen.findByLabelText('API token');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveValue('');
    expect(screen.getByTestId('secret-state-token')).toHaveTextContent('set');

    // Saved untouched: the secret is left out (kept); the others go as they are.
    await user.click(screen.getByRole('switch', { name: 'Announce claims' }));
    await user.click(screen.getByRole('checkbox', { name: 'Streak records' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      values: {
        title: 'Daily reward',
        message: 'Come back tomorrow',
        webhook: '',
        amount: 25,
        announce: false,
        mode: 'keep',
        events: ['claim', 'streak'],
      },
    });
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();

    // Cleared: "" goes, and the page says it is no longer set.
    await user.click(await screen.findByRole('button', { name: 'Clear API token' }));
    expect(screen.getByText('It will be cleared when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const second = calls.filter((c) => c.method === 'PUT')[1]?.body as { values: Record<string, unknown> };
    expect(second.values.token).toBe('');
    await waitFor(() => expect(screen.getByTestId('secret-state-token')).toHaveTextContent('not set'));
    expect(screen.getByLabelText('API token')).toHaveValue('');
  });

  it('sends a new secret typed in, and shows the server’s field errors under their fields', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/plugins/daily-reward': { success: true, data: detail() },
        'PUT /api/admin/plugins/daily-reward/config': apiError(400, 'VALIDATION_ERROR', {
          webhook: 'The webhook did not answer',
          token: 'Too short',
        }),
      },
      { permissions: ['admin.plugins.edit'] },
    );
    await open();
    await user.type(await screen.findByLabelText('API token'), 'new-secret');
    await user.type(screen.getByLabelText('Webhook address'), 'https://example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(field('webhook')).findByText('The webhook did not answer')).toBeInTheDocument();
    expect(within(field('token')).getByText('Too short')).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook address')).toHaveAttribute('aria-invalid', 'true');
    const body = calls.find((c) => c.method === 'PUT')?.body as { values: Record<string, unknown> };
    expect(body.values).toMatchObject({ token: 'new-secret', webhook: 'https://example.com/hook' });
    expect(screen.queryByText('Settings saved.')).toBeNull();
  });

  it('checks a field against its own form (the manifest’s pattern), told in the manifest’s words and language', async () => {
    const withPattern: PluginDetail = {
      ...detail(),
      config: detail().config.map((f) =>
        f.key === 'webhook'
          ? { ...f, pattern: '^https://hooks\\.example/\\d+$', patternMessage: 'A hooks.example address' }
          : f,
      ),
      translations: { de: { config: { webhook: { patternMessage: 'Eine Adresse von hooks.example' } } } },
    };
    const user = userEvent.setup();
    const calls = await signIn(
      { 'GET /api/admin/plugins/daily-reward': { success: true, data: withPattern } },
      { permissions: ['admin.plugins.edit'] },
    );
    try {
      await changeLanguage('de');
      await open();
      await user.type(await screen.findByLabelText('Webhook address'), 'https://elsewhere.example/1');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(await within(field('webhook')).findByRole('alert')).toHaveTextContent('Eine Adresse von hooks.example');
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    } finally {
      await changeLanguage('en');
    }
  });

  it('checks the fields before sending: required, range', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      { 'GET /api/admin/plugins/daily-reward': { success: true, data: detail() } },
      { permissions: ['admin.plugins.edit'] },
    );
    await open();
    await user.clear(await screen.findByLabelText('Card title'));
    await user.clear(screen.getByLabelText('Reward amount'));
    await user.type(screen.getByLabelText('Reward amount'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(field('title')).findByText('Required')).toBeInTheDocument();
    expect(within(field('amount')).getByRole('alert')).toHaveTextContent('Must be at most 1,000');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
