import { type UiSettings, uiRanges } from '../../lib/ui-settings.ts';

/** How the 3D skin viewer is set up, from the local UI settings (skin group and performance). */
export interface ViewerSetup {
  zoom: number;
  autoRotate: boolean;
  /** Walking speed, or null for a still figure. */
  walkingSpeed: number | null;
  cameraLight: number;
  globalLight: number;
}

const clamp = (value: number, min: number, max: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;

/** Reduce motion and disable animations (or the system's reduced motion) win over the skin's own walking and rotating. */
export function viewerSetup(ui: UiSettings, systemReduce = false): ViewerSetup {
  const still = ui.performance.reduceMotion || ui.performance.disableAnimations || systemReduce;
  return {
    zoom: clamp(ui.skin.zoom, uiRanges.zoom.min, uiRanges.zoom.max),
    autoRotate: !still && ui.skin.autoRotate,
    walkingSpeed: !still && ui.skin.walkingAnimation ? clamp(ui.skin.animationSpeed, 0.1, 5) : null,
    cameraLight: clamp(ui.skin.cameraLight, 0, 10),
    globalLight: clamp(ui.skin.globalLight, 0, 10),
  };
}
