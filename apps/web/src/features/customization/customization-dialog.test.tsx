import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savePreferredTransition, transitionStyles } from '../../app/transitions.tsx';
import { loadMessages } from '../../lib/i18n.ts';
import { defaultUiSettings, type UiSettings, uiSettingsStore } from '../../lib/ui-settings.ts';
import { renderPage } from '../../test/render.tsx';
import { CustomizationDialog } from './customization-dialog.tsx';
import { CustomizationButton, openCustomization } from './host.tsx';

afterEach(() => uiSettingsStore.reset());

/** What is saved under `ui-settings` right now. */
const stored = (): UiSettings => JSON.parse(localStorage.getItem('ui-settings') ?? '{}');

async function show() {
  const onClose = vi.fn();
  const page = await renderPage(<CustomizationDialog onClose={onClose} />, { path: '/', url: '/' });
  await loadMessages('extra');
  return { ...page, onClose, user: userEvent.setup() };
}

/** A value for the control of `key` other than `now`, within its range. */
function another(now: number, slider: HTMLInputElement): number {
  return Number(slider.min) === now ? Number(slider.max) : Number(slider.min);
}

/** Changes every control of one group and checks each change was saved at once. */
async function changeEveryControl<G extends keyof UiSettings>(group: G, title: string) {
  const box = screen.getByRole('group', { name: title });
  const keys = Object.keys(defaultUiSettings[group]) as (keyof UiSettings[G] & string)[];
  const switches = within(box).queryAllByRole('switch');
  const sliders = within(box).queryAllByRole('slider') as HTMLInputElement[];
  const selects = within(box).queryAllByRole('combobox') as HTMLSelectElement[];
  expect(switches.length + sliders.length + selects.length).toBe(keys.length);
  let s = 0;
  let r = 0;
  let c = 0;
  for (const key of keys) {
    const before = defaultUiSettings[group][key] as unknown;
    if (typeof before === 'boolean') fireEvent.click(switches[s++]!);
    else if (typeof before === 'number') {
      const slider = sliders[r++]!;
      fireEvent.change(slider, { target: { value: String(another(before, slider)) } });
    } else fireEvent.change(selects[c++]!, { target: { value: 'bounce' } });
    const after = (stored()[group] as Record<string, unknown>)[key];
    expect(after, `${group}.${key}`).not.toEqual(before);
    expect(after, `${group}.${key}`).toEqual((uiSettingsStore.get()[group] as Record<string, unknown>)[key]);
  }
}

describe('the UI customization panel', () => {
  it('is a dialog with three keyboard tabs; Escape closes it', async () => {
    const { user, onClose } = await show();
    const dialog = await screen.findByRole('dialog', { name: 'UI customization' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Transitions', 'UI components', 'Performance']);
    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'UI components' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'UI components' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('Transitions: each of the eight styles is previewed and saved as preferredTransition', async () => {
    const { user } = await show();
    await user.click(await screen.findByRole('tab', { name: 'Transitions' }));
    for (const style of transitionStyles) {
      const choice = screen.getByTestId(`transition-${style}`);
      // The preview plays the page transition's own animation.
      expect(choice.querySelector(`.t-${style}`)).not.toBeNull();
      await user.click(choice);
      expect(localStorage.getItem('preferredTransition')).toBe(style);
      expect(choice).toHaveAttribute('aria-pressed', 'true');
    }
  });

  it('UI components: every control of the five groups saves its value at once', async () => {
    const { user } = await show();
    await user.click(await screen.findByRole('tab', { name: 'UI components' }));
    await changeEveryControl('dropdown', 'Profile menu');
    await changeEveryControl('notifications', 'Notifications');
    await changeEveryControl('sidebar', 'Sidebar');
    await changeEveryControl('topNavigation', 'Top bar');
    await changeEveryControl('skin', 'Skin viewer');
    // The ranges of the specification: opacity 0.1–1 step 0.05, zoom 0.5–1.5 step 0.1.
    const opacity = within(screen.getByRole('group', { name: 'Top bar' })).getByRole('slider');
    expect([opacity.getAttribute('min'), opacity.getAttribute('max'), opacity.getAttribute('step')]).toEqual([
      '0.1',
      '1',
      '0.05',
    ]);
    fireEvent.change(opacity, { target: { value: '0.35' } });
    expect(stored().topNavigation.backgroundOpacity).toBe(0.35);
    const zoom = within(screen.getByRole('group', { name: 'Skin viewer' })).getByRole('slider', { name: 'Zoom' });
    expect([zoom.getAttribute('min'), zoom.getAttribute('max'), zoom.getAttribute('step')]).toEqual([
      '0.5',
      '1.5',
      '0.1',
    ]);
  });

  it('Performance: every key is a control that saves at once, with the ranges of the specification', async () => {
    const { user } = await show();
    await user.click(await screen.findByRole('tab', { name: 'Performance' }));
    const speed = await screen.findByRole('slider', { name: 'Transition speed' });
    expect([speed.getAttribute('min'), speed.getAttribute('max'), speed.getAttribute('step')]).toEqual([
      '0.5',
      '5',
      '0.1',
    ]);
    const fps = screen.getByRole('slider', { name: 'Frame rate limit' });
    expect([fps.getAttribute('min'), fps.getAttribute('max'), fps.getAttribute('step')]).toEqual(['30', '144', '15']);
    await changeEveryControl('performance', 'Performance');
    fireEvent.change(fps, { target: { value: '60' } });
    expect(stored().performance.frameRateLimit).toBe(60);
  });

  it('resets everything to the defaults after a confirmation, the page transition included', async () => {
    const { user } = await show();
    savePreferredTransition('flip');
    await user.click(await screen.findByRole('tab', { name: 'UI components' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Sidebar' })).getByRole('switch', { name: 'Compact mode (icons only)' }),
    );
    expect(stored().sidebar.compactMode).toBe(true);
    await user.click(screen.getByTestId('customization-reset'));
    const confirm = await screen.findByTestId('customization-reset-dialog');
    // Cancelled: nothing changes.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(stored().sidebar.compactMode).toBe(true);
    expect(localStorage.getItem('preferredTransition')).toBe('flip');
    await user.click(screen.getByTestId('customization-reset'));
    await user.click(await screen.findByTestId('customization-reset-dialog-confirm'));
    expect(stored()).toEqual(defaultUiSettings);
    // Stored on its own (specification §3), reset with the rest.
    expect(localStorage.getItem('preferredTransition')).toBe('fade');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Compact mode (icons only)' })).not.toBeChecked());
    await user.click(screen.getByRole('tab', { name: 'Transitions' }));
    expect(screen.getByTestId('transition-fade')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('opening the panel', () => {
  it('from the palette button or the profile menu, loaded on use; closing gives the focus back', async () => {
    const user = userEvent.setup();
    await renderPage(<CustomizationButton />, { path: '/', url: '/' });
    const button = screen.getByRole('button', { name: 'Customize the interface' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'UI customization' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    // The profile menu's item opens the same panel.
    openCustomization();
    expect(await screen.findByRole('dialog', { name: 'UI customization' })).toBeVisible();
  });
});

describe('the preferred transition', () => {
  it('is followed live by every reader once chosen, without a reload', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    const { savePreferredTransition, usePreferredTransition } = await import('../../app/transitions.tsx');
    const { result } = renderHook(() => usePreferredTransition());
    act(() => savePreferredTransition('flip'));
    expect(result.current).toBe('flip');
    act(() => savePreferredTransition('fade'));
    expect(result.current).toBe('fade');
  });
});
