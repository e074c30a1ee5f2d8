import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Coins, LayoutDashboard } from 'lucide-react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { uiSettingsStore } from '../../lib/ui-settings.ts';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

afterEach(() => {
  uiSettingsStore.reset();
  signOut();
});

/** A write reaches the subscribers ~10 ms later (the store's refresh): wait for it. */
async function change(run: () => void) {
  await act(async () => {
    run();
    await new Promise<void>((resolve) => {
      const stop = uiSettingsStore.subscribe(() => {
        stop();
        resolve();
      });
    });
  });
}

const entries = [
  { path: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { path: '/earn/afk', label: 'nav.afk', icon: Coins },
  { path: '/earn/redeem', label: 'nav.redeem', icon: Coins },
];

describe('the shell parts follow their UI settings live', () => {
  it('the top bar: glass, blur, glow and the background opacity', async () => {
    await signIn({});
    await renderPage(<TopBar onMenu={() => {}} />, { path: '/', url: '/' });
    const bar = screen.getByTestId('top-bar');
    expect(bar).toHaveAttribute('data-ui', 'glass blur glow bg');
    expect(bar.style.getPropertyValue('--ui-a')).toBe('0.95');
    await change(() => uiSettingsStore.update('topNavigation', { backgroundOpacity: 0.4, borderGlow: false }));
    expect(bar).toHaveAttribute('data-ui', 'glass blur bg');
    expect(bar.style.getPropertyValue('--ui-a')).toBe('0.4');
    // Without glass the bar is opaque and not blurred.
    await change(() => uiSettingsStore.update('topNavigation', { glassEffect: false }));
    expect(bar).toHaveAttribute('data-ui', 'bg');
    expect(bar.style.getPropertyValue('--ui-a')).toBe('1');
  });

  it('the sidebar: compact mode and the dividers between sections', async () => {
    await renderPage(<SideNav entries={entries} open={false} onClose={() => {}} label="Main" />, {
      path: '/',
      url: '/',
    });
    const nav = screen.getByTestId('sidebar');
    expect(nav).not.toHaveAttribute('data-compact');
    // A divider where the section changes (/dashboard → /earn), none inside /earn.
    const items = nav.querySelectorAll('li');
    expect([...items].map((li) => li.classList.contains('border-t'))).toEqual([false, true, false]);
    await change(() => uiSettingsStore.update('sidebar', { compactMode: true, showSectionDividers: false }));
    expect(nav).toHaveAttribute('data-compact');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('title', 'Dashboard');
    expect([...items].some((li) => li.classList.contains('border-t'))).toBe(false);
  });

  it("the sidebar as the phone's drawer: open or not, and its animation style (styles.css plays it)", async () => {
    function Drawer() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            menu
          </button>
          <SideNav entries={entries} open={open} onClose={() => setOpen(false)} label="Main" />
        </>
      );
    }
    await renderPage(<Drawer />, { path: '/', url: '/' });
    const nav = screen.getByTestId('sidebar');
    expect(nav).not.toHaveAttribute('data-open');
    expect(nav).toHaveAttribute('data-anim', 'fade');
    await change(() => uiSettingsStore.update('sidebar', { animationStyle: 'bounce' }));
    expect(nav).toHaveAttribute('data-anim', 'bounce');
    fireEvent.click(screen.getByRole('button', { name: 'menu' }));
    expect(nav).toHaveAttribute('data-open');
    // The dimmed page behind it closes it.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(nav).not.toHaveAttribute('data-open');
  });

  it('the drawer by keyboard: focus moves in, Tab stays inside, Escape closes it and focus returns to the menu button', async () => {
    function Drawer() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)} aria-expanded={open}>
            menu
          </button>
          <SideNav entries={entries} open={open} onClose={() => setOpen(false)} label="Main" />
        </>
      );
    }
    await renderPage(<Drawer />, { path: '/', url: '/' });
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'menu' });
    menu.focus();
    await user.keyboard('{Enter}');
    const links = within(screen.getByTestId('sidebar')).getAllByRole('link');
    await waitFor(() => expect(links[0]).toHaveFocus());
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(links[links.length - 1]).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(links[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('sidebar')).not.toHaveAttribute('data-open');
    expect(menu).toHaveFocus();
  });
});
