import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { ProfileMenu } from './profile-menu.tsx';

afterEach(async () => {
  await sessionManager.clear();
  await i18n.changeLanguage('en');
  document.documentElement.classList.remove('dark');
  vi.unstubAllGlobals();
});

async function show({ role = 1, permissions = [] as string[] } = {}) {
  document.cookie = 'user_session=1; path=/';
  const calls = mockApi({
    'PUT /api/account/locale': { success: true },
    'GET /api/user/session': {
      success: true,
      user_info: { uuid: 'u1', username: 'ada', role, credits: 1250, avatar: null, role_color: '#10b981' },
      billing: {},
      stats: {},
      permissions,
    },
  });
  await sessionManager.initialize();
  const page = await renderPage(<ProfileMenu />, {
    path: '/somewhere',
    url: '/somewhere',
    extra: [
      { path: '/account', element: <p>account page</p> },
      { path: '/auth/logout', element: <p>logout page</p> },
      { path: '/mc-admin', element: <p>admin page</p> },
      { path: '/mc-admin/tickets', element: <p>ticket desk</p> },
    ],
  });
  return { ...page, calls, user: userEvent.setup() };
}

describe('profile menu', () => {
  it('is a menu button that opens with the keyboard, moves with the arrows and closes on Escape', async () => {
    const { user } = await show();
    const button = screen.getByRole('button', { name: 'Account menu of ada' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('avatar-initial')).toHaveAttribute('data-initial', 'a');

    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('profile-coins')).toHaveTextContent('1,250 coins');
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['My account', 'Customization', 'LanguageEnglish', 'Switch to the dark theme', 'Log out']);
    // A member without admin permissions has no admin entry.
    expect(menu).not.toHaveTextContent('Admin area');

    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('profile-customization')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('profile-language')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside', async () => {
    const { user } = await show();
    await user.click(screen.getByTestId('profile-menu'));
    await screen.findByRole('menu');
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('signs out from the menu: Enter on "Log out" goes to the logout page', async () => {
    const { user, router } = await show();
    await user.click(screen.getByTestId('profile-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/logout'));
  });

  it('shows the admin area to staff with an admin permission, and switches theme and language', async () => {
    document.documentElement.classList.add('dark');
    const { user, router, calls } = await show({ role: 4, permissions: ['admin.tickets.list'] });
    await user.click(screen.getByTestId('profile-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch to the light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
    // The menu stays open after the theme switch.
    expect(screen.getByRole('menuitem', { name: 'Switch to the dark theme' })).toBeInTheDocument();

    // The language list is a sub-menu: ArrowRight opens it, the arrows move, Enter chooses.
    screen.getByTestId('profile-language').focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Français' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(localStorage.getItem('locale')).toBe('fr');
    // Stored on the account too: the next session refresh brings it back instead of undoing it.
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'PUT', path: '/api/account/locale', body: { locale: 'fr' } }),
      ),
    );

    await user.click(screen.getByTestId('profile-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Espace d’administration' }));
    // The role may not open the admin dashboard: the link leads to the first admin page it may see.
    await waitFor(() => expect(router.state.location.pathname).toBe('/mc-admin/tickets'));
  });

  it('lists the languages in the menu itself on a phone, where a submenu has no room beside it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: !query.includes('min-width'),
      addEventListener() {},
      removeEventListener() {},
    }));
    const { user } = await show();
    await user.click(screen.getByTestId('profile-menu'));
    await screen.findByRole('menu');
    expect(screen.queryByTestId('profile-language')).toBeNull();
    const list = screen.getByRole('group', { name: 'Language' });
    expect(list).toBe(screen.getByTestId('profile-language-list'));
    expect(screen.getAllByRole('menuitemradio').map((i) => i.textContent)).toHaveLength(6);
    await user.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(i18n.language).toBe('de'));
  });

  it('has no admin entry for a staff role without admin permissions', async () => {
    const { user } = await show({ role: 4, permissions: [] });
    await user.click(screen.getByTestId('profile-menu'));
    expect(await screen.findByRole('menu')).not.toHaveTextContent('Admin area');
  });
});
