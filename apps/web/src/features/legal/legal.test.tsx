import type { AdminSetting } from '@hostdeck/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { SettingsPage } from '../admin/settings-page.tsx';
import { LegalPage } from './legal-page.tsx';

afterEach(signOut);

const policy = [
  '## What we keep',
  'Your **e-mail address** and [our contact](mailto:privacy@example.com).',
  '<script>window.hacked = true</script>',
  '[tricky](javascript:alert(1))',
].join('\n\n');

describe('legal pages', () => {
  it('render the Markdown of the setting through the safe renderer', async () => {
    await signIn({}, { settings: { privacy_policy: policy, app_name: 'Hostdeck' } });
    await renderPage(<LegalPage setting="privacy_policy" title="legal.privacy" />, {
      path: '/privacy-policy',
      url: '/privacy-policy',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    const text = screen.getByTestId('legal-text');
    // Headings move one level down under the page's own h1: ## is an h3.
    expect(within(text).getByRole('heading', { level: 3, name: 'What we keep' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(text).getByRole('link', { name: 'our contact' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(within(text).queryByRole('link', { name: 'tricky' })).toBeNull();
    expect(text.querySelector('script')).toBeNull();
  });

  it('say so when the operator has not written one', async () => {
    await signIn({}, { settings: { terms_of_service: '', app_name: 'Hostdeck' } });
    await renderPage(<LegalPage setting="terms_of_service" title="legal.terms" />, {
      path: '/terms-of-service',
      url: '/terms-of-service',
    });
    expect(screen.getByText('Hostdeck has not published this page yet.')).toBeInTheDocument();
  });
});

const legalSetting = (key: string, value: string): AdminSetting => ({
  key,
  type: 'markdown',
  group: 'legal',
  visibility: 'public',
  description: 'Markdown',
  value,
  default: '',
  is_set: value !== '',
  max_length: 100_000,
});

describe('legal settings', () => {
  it('are edited as Markdown with a live preview, and saved as written', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/settings': {
          success: true,
          settings: [legalSetting('privacy_policy', ''), legalSetting('terms_of_service', '# Terms')],
        },
        'PATCH /api/admin/settings': (body: unknown) => ({
          success: true,
          settings: [
            legalSetting('privacy_policy', (body as { values: { privacy_policy: string } }).values.privacy_policy),
            legalSetting('terms_of_service', '# Terms'),
          ],
        }),
      },
      { permissions: ['admin.settings.view', 'admin.settings.edit'] },
    );
    await renderPage(<SettingsPage />, { path: '/mc-admin/settings', url: '/mc-admin/settings' });
    const privacy = await screen.findByRole('textbox', { name: 'Privacy policy' });
    const [privacyPreview, termsPreview] = screen.getAllByRole('region', { name: 'Preview' });
    expect(within(termsPreview!).getByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(within(privacyPreview!).getByText('Nothing to preview yet.')).toBeInTheDocument();

    fireEvent.change(privacy, { target: { value: '## Cookies\n\nNone. <img src=x onerror="alert(1)">' } });
    expect(await within(privacyPreview!).findByRole('heading', { name: 'Cookies' })).toBeInTheDocument();
    expect(privacyPreview!.querySelector('img')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Settings saved.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      values: { privacy_policy: '## Cookies\n\nNone. <img src=x onerror="alert(1)">' },
    });
  });
});
