import { focusManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameCap, frameGate, measureFps } from './frame-rate.ts';
import { applyPerformance } from './performance.ts';
import { applyPerformanceEffects, CLEANUP_MS, dropInactiveQueries, likelyNextRoutes } from './performance-effects.ts';
import { liveQueryDefaults, queryDefaults } from './query-client.ts';
import { defaultUiSettings, type UiSettings, uiSettingsStore } from './ui-settings.ts';

const withPerf = (p: Partial<UiSettings['performance']>): UiSettings => ({
  ...defaultUiSettings,
  performance: { ...defaultUiSettings.performance, ...p },
});

afterEach(() => {
  vi.useRealTimers();
  uiSettingsStore.reset();
  applyPerformanceEffects(
    withPerf({ memoryOptimization: false, preloadCritical: false }),
    new QueryClient(),
    () => undefined,
  );
});

describe('performance settings on <html>', () => {
  it('sets reduce-motion for reduceMotion, disableAnimations or the system, and the duration 1 / speed', () => {
    const html = document.createElement('html');
    applyPerformance(defaultUiSettings, false, html);
    expect(html.classList.contains('reduce-motion')).toBe(false);
    expect(html.style.getPropertyValue('--transition-duration')).toBe(`${1 / 4.5}s`);
    applyPerformance(withPerf({ reduceMotion: true }), false, html);
    expect(html.classList.contains('reduce-motion')).toBe(true);
    applyPerformance(withPerf({ disableAnimations: true, transitionSpeed: 2 }), false, html);
    expect(html.classList.contains('reduce-motion')).toBe(true);
    expect(html.style.getPropertyValue('--transition-duration')).toBe('0.5s');
    applyPerformance(defaultUiSettings, true, html);
    expect(html.classList.contains('reduce-motion')).toBe(true);
  });

  it('removes the decorative backgrounds when backgroundEffects is off', () => {
    const html = document.createElement('html');
    applyPerformance(withPerf({ backgroundEffects: false }), false, html);
    expect(html.classList.contains('no-bg-effects')).toBe(true);
    applyPerformance(defaultUiSettings, false, html);
    expect(html.classList.contains('no-bg-effects')).toBe(false);
  });
});

describe('frame rate limit', () => {
  /** A fake requestAnimationFrame whose clock advances `step` ms a frame. */
  const fakeFrames = (step: number) => {
    let now = 0;
    return (cb: (t: number) => void) => {
      now += step;
      queueMicrotask(() => cb(now));
      return 0;
    };
  };

  it('measures the frame rate and caps only below 60 FPS', async () => {
    const slow = await measureFps(fakeFrames(25));
    expect(Math.round(slow)).toBe(40);
    expect(frameCap(30, slow)).toBe(30);
    const fast = await measureFps(fakeFrames(1000 / 120));
    expect(Math.round(fast)).toBe(120);
    expect(frameCap(30, fast)).toBeNull();
  });

  it('lets through at most the capped number of frames a second', () => {
    const gate = frameGate(30);
    let drawn = 0;
    for (let t = 0; t < 1000; t += 1000 / 120) if (gate(t)) drawn += 1;
    expect(drawn).toBe(30);
  });
});

describe('query cache and preloading', () => {
  it('derives the query defaults from enableCaching and networkOptimization', () => {
    expect(queryDefaults(defaultUiSettings.performance)).toMatchObject({
      staleTime: 30_000,
      gcTime: 300_000,
      refetchOnWindowFocus: false,
    });
    expect(queryDefaults(withPerf({ enableCaching: false, networkOptimization: false }).performance)).toMatchObject({
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: true,
    });
  });

  it('drops the inactive queries every 30 s while memoryOptimization is on', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    client.setQueryData(['unused'], 1);
    // A subscribed observer keeps ['used'] active.
    const stop = new QueryObserver(client, { queryKey: ['used'], queryFn: () => 2 }).subscribe(() => undefined);
    applyPerformanceEffects(withPerf({ memoryOptimization: true, preloadCritical: false }), client, () => undefined);
    expect(client.getQueryCache().find({ queryKey: ['unused'] })).toBeDefined();
    vi.advanceTimersByTime(CLEANUP_MS);
    expect(client.getQueryCache().find({ queryKey: ['unused'] })).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ['used'] })).toBeDefined();
    applyPerformanceEffects(withPerf({ memoryOptimization: false, preloadCritical: false }), client, () => undefined);
    client.setQueryData(['later'], 3);
    vi.advanceTimersByTime(CLEANUP_MS * 2);
    expect(client.getQueryCache().find({ queryKey: ['later'] })).toBeDefined();
    expect(dropInactiveQueries(client)).toBe(1);
    stop();
  });

  it('applies the query defaults live and preloads the likely next routes only when preloadCritical is on', () => {
    const client = new QueryClient();
    const preload = vi.fn();
    client.setQueryData(['left behind'], 1);
    applyPerformanceEffects(withPerf({ preloadCritical: false, enableCaching: false }), client, preload);
    expect(preload).not.toHaveBeenCalled();
    expect(client.getDefaultOptions().queries).toMatchObject({ gcTime: 0 });
    // Caching off: what no one uses is not kept.
    expect(client.getQueryCache().find({ queryKey: ['left behind'] })).toBeUndefined();
    applyPerformanceEffects(withPerf({ preloadCritical: true }), client, preload);
    expect(preload.mock.calls.map(([p]) => p)).toEqual(likelyNextRoutes);
    expect(client.getDefaultOptions().queries).toMatchObject({ gcTime: 300_000 });
  });

  it('reaches the queries already on screen: what the window focus asks again follows the settings', async () => {
    const client = new QueryClient({ defaultOptions: { queries: liveQueryDefaults() } });
    client.mount();
    const queryFn = vi.fn(async () => 1);
    // On screen since before any change: its observer keeps the options it was made with.
    const observer = new QueryObserver(client, { queryKey: ['on screen'], queryFn });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    const refocus = async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      await Promise.resolve();
    };
    // Defaults: network optimization on, caching on: nothing is asked again.
    await refocus();
    expect(queryFn).toHaveBeenCalledTimes(1);
    // Caching off (nothing is fresh) and network optimization off: asked again on focus.
    uiSettingsStore.update('performance', { enableCaching: false, networkOptimization: false });
    await refocus();
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    // Caching on again: what was just read is fresh for 30 s.
    uiSettingsStore.update('performance', { enableCaching: true });
    await refocus();
    expect(queryFn).toHaveBeenCalledTimes(2);
    stop();
    client.unmount();
    focusManager.setFocused(undefined);
  });
});
