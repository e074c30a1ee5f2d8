import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionManager } from '../../lib/session-manager.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { ProfileMenu } from './deferred-menu.tsx';

afterEach(async () => {
  await sessionManager.clear();
});

async function show() {
  document.cookie = 'user_session=1; path=/';
  mockApi({
    'GET /api/user/session': {
      success: true,
      user_info: { uuid: 'u1', username: 'ada', role: 1, credits: 5, avatar: null, role_color: '' },
      billing: {},
      stats: {},
      permissions: [],
    },
  });
  await sessionManager.initialize();
  await renderPage(<ProfileMenu />, { path: '/somewhere', url: '/somewhere' });
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

describe('a menu loaded when a member reaches for it', () => {
  it('shows its button at once, and a keyboard press before the code is there opens the menu when it arrives', async () => {
    const user = await show();
    const button = screen.getByRole('button', { name: 'Account menu of ada' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('My account');
    // Opened by a key: the first item has the focus, as when Radix opens a menu from the keyboard.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The real trigger took the placeholder's place and gets the focus back.
    expect(screen.getByRole('button', { name: 'Account menu of ada' })).toHaveFocus();
  });

  it('swaps in the real menu when a pointer comes over the button, which then opens on a click', async () => {
    const user = await show();
    await user.hover(screen.getByRole('button', { name: 'Account menu of ada' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu of ada' })).toHaveAttribute('data-state', 'closed'),
    );
    await user.click(screen.getByRole('button', { name: 'Account menu of ada' }));
    expect(await screen.findByRole('menu')).toBeVisible();
  });
});
