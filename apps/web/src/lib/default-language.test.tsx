import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher } from '../components/ui/language-switcher.tsx';
import { settingsResponse } from '../test/economy.ts';
import { mockApi } from '../test/render.tsx';
import { changeLanguage, i18n, initI18n } from './i18n.ts';
import { appLanguage } from './settings-store.ts';

afterEach(() => vi.unstubAllGlobals());

/** Starts the language as main.tsx does, the panel's settings answered by `settings`. */
async function start(settings: Record<string, unknown>) {
  const calls = mockApi({ 'GET /api/system/settings': settingsResponse(settings) });
  await initI18n({ defaultLanguage: appLanguage });
  return calls;
}

describe('the default language (app_lang)', () => {
  it('is what a visitor without a stored language sees, without storing it; a stored choice wins', async () => {
    await start({ app_name: 'Panel', app_lang: 'de' });
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    render(<LanguageSwitcher />);
    expect(screen.getByTestId('language-switcher')).toHaveValue('de');
    expect(screen.getByText('Sprache')).toBeInTheDocument();
    // Only the visitor's own choice is kept: the panel may change its default later.
    expect(localStorage.getItem('locale')).toBeNull();

    localStorage.setItem('locale', 'fr');
    const calls = await start({ app_lang: 'de' });
    expect(i18n.language).toBe('fr');
    expect(calls).toEqual([]); // nothing to ask the server for
    await changeLanguage('en');
  });
});
