import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsStore } from '../../lib/settings-store.ts';
import { settingsResponse, signIn, signOut } from '../../test/economy.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { TopBar } from './top-bar.tsx';

afterEach(() => signOut());

const LOGO = 'https://cdn.example.com/brand/logo.png';
const logo = () => screen.getByTestId('brand-logo');

describe('the app_logo setting', () => {
  it('is the logo of the top bar, and the built-in mark comes back if it fails to load', async () => {
    await signIn({}, { settings: { app_name: 'Blocky', app_logo: LOGO } });
    await renderPage(<TopBar onMenu={() => {}} />, { path: '/', url: '/' });
    expect(logo()).toHaveAttribute('src', LOGO);
    expect(screen.getByText('Blocky')).toBeInTheDocument();
    fireEvent.error(logo());
    expect(logo()).toHaveAttribute('src', '/favicon.svg');
  });

  it('is the logo of the sign-in pages; empty or not a web address, the built-in mark is shown', async () => {
    mockApi({ 'GET /api/system/settings': settingsResponse({ app_name: 'Blocky', app_logo: LOGO }) });
    await settingsStore.refresh();
    const { view } = await renderPage(<AuthLayout />, { path: '/auth/login', url: '/auth/login' });
    expect(logo()).toHaveAttribute('src', LOGO);
    view.unmount();

    for (const value of ['', 'javascript:alert(1)']) {
      mockApi({ 'GET /api/system/settings': settingsResponse({ app_name: 'Blocky', app_logo: value }) });
      await settingsStore.refresh();
      const again = await renderPage(<AuthLayout />, { path: '/auth/login', url: '/auth/login' });
      expect(logo()).toHaveAttribute('src', '/favicon.svg');
      again.view.unmount();
    }
  });
});
