import { afterEach, describe, expect, it } from 'vitest';
import { defaultUiSettings, loadUiSettings, UI_SETTINGS_KEY, type UiSettings, uiSettingsStore } from './ui-settings.ts';

const store = (value: unknown) => localStorage.setItem(UI_SETTINGS_KEY, JSON.stringify(value));
const nextRefresh = () =>
  new Promise<UiSettings>((resolve) => {
    const stop = uiSettingsStore.subscribe((s) => {
      stop();
      resolve(s);
    });
  });

afterEach(() => {
  localStorage.clear();
  uiSettingsStore.reset();
});

describe('ui-settings on load', () => {
  it('keeps valid values and drops unknown keys, wrong types, values out of range or off their step', () => {
    store({
      performance: { transitionSpeed: 2.3, frameRateLimit: 50, reduceMotion: 'yes', unknownKey: 1 },
      dropdown: { backgroundOpacity: 0.45, animationStyle: 'wobble', borderRadius: -4 },
      sidebar: { backgroundOpacity: 1.5, compactMode: true },
      skin: { zoom: 1.2 },
      extraGroup: { a: 1 },
    });
    const s = loadUiSettings();
    expect(s.performance.transitionSpeed).toBe(2.3);
    expect(s.performance.frameRateLimit).toBe(defaultUiSettings.performance.frameRateLimit); // 50 is off the 15 step
    expect(s.performance.reduceMotion).toBe(false);
    expect(s.performance).not.toHaveProperty('unknownKey');
    expect(s.dropdown.backgroundOpacity).toBe(0.45);
    expect(s.dropdown.animationStyle).toBe('fade');
    expect(s.dropdown.borderRadius).toBe(defaultUiSettings.dropdown.borderRadius);
    expect(s.sidebar.backgroundOpacity).toBe(defaultUiSettings.sidebar.backgroundOpacity);
    expect(s.sidebar.compactMode).toBe(true);
    expect(s.skin.zoom).toBe(1.2);
    expect(s).not.toHaveProperty('extraGroup');
  });

  it('never crashes on broken storage: not JSON, an array, null', () => {
    for (const raw of ['{not json', '[1,2]', 'null', '"text"']) {
      localStorage.setItem(UI_SETTINGS_KEY, raw);
      expect(loadUiSettings()).toEqual(defaultUiSettings);
    }
  });
});

describe('the ui-settings store', () => {
  it('saves every change at once and refreshes its subscribers shortly after a local write', async () => {
    const refreshed = nextRefresh();
    uiSettingsStore.update('sidebar', { compactMode: true });
    expect(JSON.parse(localStorage.getItem(UI_SETTINGS_KEY)!).sidebar.compactMode).toBe(true);
    expect((await refreshed).sidebar.compactMode).toBe(true);
  });

  it('refuses a bad value on write as on load', () => {
    uiSettingsStore.update('performance', { transitionSpeed: 99 });
    expect(uiSettingsStore.get().performance.transitionSpeed).toBe(defaultUiSettings.performance.transitionSpeed);
  });

  it('follows another tab: the storage event refreshes', async () => {
    const refreshed = nextRefresh();
    store({ ...defaultUiSettings, topNavigation: { ...defaultUiSettings.topNavigation, showSearchBar: false } });
    window.dispatchEvent(new StorageEvent('storage', { key: UI_SETTINGS_KEY }));
    expect((await refreshed).topNavigation.showSearchBar).toBe(false);
    expect(uiSettingsStore.get().topNavigation.showSearchBar).toBe(false);
  });

  it('resets to the defaults', () => {
    uiSettingsStore.update('skin', { autoRotate: true });
    uiSettingsStore.reset();
    expect(uiSettingsStore.get()).toEqual(defaultUiSettings);
    expect(JSON.parse(localStorage.getItem(UI_SETTINGS_KEY)!)).toEqual(defaultUiSettings);
  });
});
