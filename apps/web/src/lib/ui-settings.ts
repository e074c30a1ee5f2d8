import { storage } from './storage.ts';

/** Local UI settings (specification §3 and §9), stored as `ui-settings`, merged over these defaults on load. */
export const defaultUiSettings = {
  skin: { walkingAnimation: true, autoRotate: false, zoom: 0.8, animationSpeed: 1, cameraLight: 3, globalLight: 2.9 },
  dropdown: {
    backdropBlur: true,
    glassEffect: true,
    animationStyle: 'fade',
    borderGlow: true,
    showBackground: true,
    showUserBackground: true,
    backgroundOpacity: 0.95,
    borderRadius: 16,
  },
  sidebar: {
    glassEffect: true,
    backgroundOpacity: 0.95,
    borderGlow: true,
    compactMode: false,
    showSectionDividers: true,
    animationStyle: 'fade',
  },
  topNavigation: { glassEffect: true, backgroundOpacity: 0.95, borderGlow: true, showSearchBar: true },
  notifications: {
    glassEffect: true,
    backgroundOpacity: 0.95,
    borderGlow: true,
    animationStyle: 'fade',
    showBackground: true,
  },
  performance: {
    reduceMotion: false,
    disableAnimations: false,
    optimizeImages: true,
    lazyLoading: true,
    preloadCritical: true,
    backgroundEffects: true,
    transitionSpeed: 4.5,
    frameRateLimit: 75,
    memoryOptimization: false,
    networkOptimization: true,
    enableCaching: true,
    compressAssets: true,
  },
};
export type UiSettings = typeof defaultUiSettings;
export const UI_SETTINGS_KEY = 'ui-settings';
export const uiRanges = {
  backgroundOpacity: { min: 0.1, max: 1, step: 0.05 },
  zoom: { min: 0.5, max: 1.5, step: 0.1 },
  transitionSpeed: { min: 0.5, max: 5, step: 0.1 },
  frameRateLimit: { min: 30, max: 144, step: 15 },
} as const;

function merge<T extends Record<string, unknown>>(base: T, over: unknown): T {
  if (!over || typeof over !== 'object') return base;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(base)) {
    const o = (over as Record<string, unknown>)[k];
    if (o === undefined) continue;
    out[k] = v && typeof v === 'object' ? merge(v as Record<string, unknown>, o) : typeof o === typeof v ? o : v;
  }
  return out as T;
}

export function loadUiSettings(): UiSettings {
  return merge(defaultUiSettings, storage.getJson(UI_SETTINGS_KEY));
}
export function saveUiSettings(next: UiSettings): void {
  storage.setJson(UI_SETTINGS_KEY, next);
}

/** Transition duration in seconds = 1 / speed (specification §9). */
export function transitionSeconds(settings: UiSettings = loadUiSettings()): number {
  const speed = Math.min(
    uiRanges.transitionSpeed.max,
    Math.max(uiRanges.transitionSpeed.min, settings.performance.transitionSpeed),
  );
  return 1 / speed;
}
