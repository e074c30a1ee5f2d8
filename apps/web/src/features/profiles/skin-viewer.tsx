import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { SkinViewer, WalkingAnimation } from 'skinview3d';
import { frameCap, frameGate, measureFps } from '../../lib/frame-rate.ts';
import { uiSettingsStore, useUiSettings } from '../../lib/ui-settings.ts';
import { viewerSetup } from './skin-settings.ts';

let webgl: boolean | undefined;
/** Whether this browser can draw WebGL at all (asked once, on a throwaway canvas that is released). */
function hasWebGL(): boolean {
  if (webgl === undefined) {
    try {
      const probe = document.createElement('canvas');
      const gl = probe.getContext('webgl2') ?? probe.getContext('webgl');
      webgl = gl !== null;
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      webgl = false;
    }
  }
  return webgl;
}

/**
 * frameRateLimit: a second of frames is measured; below 60 FPS the viewer draws at most `limit` frames
 * a second (its own loop calls `draw`, which schedules the next one: the gate skips frames in between).
 */
async function capFrames(viewer: SkinViewer, limit: number): Promise<void> {
  const cap = frameCap(limit, await measureFps());
  if (cap === null || viewer.disposed) return;
  const loop = viewer as unknown as { draw(): void; animationID: number | null };
  const draw = loop.draw.bind(viewer);
  const gate = frameGate(cap);
  loop.draw = () => {
    if (gate(performance.now())) draw();
    else loop.animationID = requestAnimationFrame(() => loop.draw());
  };
}

/** memoryOptimization: whether the box is on screen (always true when the setting is off). */
function useOnScreen(box: RefObject<HTMLDivElement | null>, watch: boolean): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    if (!watch || !box.current || typeof IntersectionObserver === 'undefined') return setShown(true);
    const observer = new IntersectionObserver(([entry]) => setShown(entry?.isIntersecting ?? true));
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [box, watch]);
  return shown;
}

/** The facts of a live viewer written on its box (none while it is disposed of). */
const viewerFacts = ['zoom', 'autoRotate', 'walking', 'cameraLight', 'globalLight'] as const;
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)');

/**
 * The skin settings (and the motion ones) laid on the viewer; what the viewer now does is written on
 * its box as data attributes (data-zoom, data-auto-rotate, data-walking: the speed or "off", the lights).
 */
function applySettings(viewer: SkinViewer, box: HTMLElement): void {
  const setup = viewerSetup(uiSettingsStore.get(), reducedMotion()?.matches ?? false);
  viewer.zoom = setup.zoom;
  viewer.autoRotate = setup.autoRotate;
  viewer.cameraLight.intensity = setup.cameraLight;
  viewer.globalLight.intensity = setup.globalLight;
  let walking: WalkingAnimation | null = null;
  if (setup.walkingSpeed !== null) {
    walking = viewer.animation instanceof WalkingAnimation ? viewer.animation : new WalkingAnimation();
    walking.speed = setup.walkingSpeed;
  }
  viewer.animation = walking;
  Object.assign(box.dataset, {
    zoom: String(viewer.zoom),
    autoRotate: String(viewer.autoRotate),
    walking: walking ? String(walking.speed) : 'off',
    cameraLight: String(viewer.cameraLight.intensity),
    globalLight: String(viewer.globalLight.intensity),
  });
}

/**
 * The 3D Minecraft skin viewer (skinview3d, loaded in its own chunk through SkinPreview).
 * Without WebGL it shows `fallback`; the viewer is disposed when the component goes.
 */
export default function SkinViewer3d({
  skin,
  fallbackSkin,
  width,
  height,
  label,
  fallback,
}: {
  skin: string;
  /** Loaded instead when `skin` cannot be (a removed or broken file). */
  fallbackSkin: string;
  width: number;
  height: number;
  label: string;
  fallback: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { frameRateLimit, memoryOptimization } = useUiSettings().performance;
  // Off screen, with memoryOptimization on, the viewer and its WebGL context are disposed of.
  const shown = useOnScreen(box, memoryOptimization);

  useEffect(() => {
    if (!box.current || !shown) return;
    // A fresh canvas per viewer: a disposed viewer's WebGL context is released with its canvas.
    const canvas = document.createElement('canvas');
    let viewer: SkinViewer;
    try {
      if (!hasWebGL()) throw new Error('WebGL is not available');
      viewer = new SkinViewer({ canvas, width, height, pixelRatio: 'match-device' });
    } catch {
      setFailed(true); // no WebGL here (an old device, a locked-down browser, a test DOM)
      return;
    }
    const holder = box.current;
    holder.append(canvas);
    const apply = () => applySettings(viewer, holder);
    apply();
    capFrames(viewer, frameRateLimit).catch((err) => console.warn('Frame rate limit not applied', err));
    viewer.loadSkin(skin).catch(() => {
      if (!viewer.disposed && skin !== fallbackSkin) viewer.loadSkin(fallbackSkin).catch(() => undefined);
    });
    // Changed in the customization panel, in another tab or in the system's motion setting: followed live.
    const stop = uiSettingsStore.subscribe(apply);
    const motion = reducedMotion();
    motion?.addEventListener?.('change', apply);
    return () => {
      stop();
      motion?.removeEventListener?.('change', apply);
      viewer.dispose();
      viewer.renderer.forceContextLoss();
      canvas.remove();
      for (const key of viewerFacts) delete holder.dataset[key];
    };
  }, [skin, fallbackSkin, width, height, shown, frameRateLimit]);

  if (failed) return <>{fallback}</>;
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-testid="skin-viewer"
      className="cursor-grab active:cursor-grabbing"
      style={{ width, height }}
    />
  );
}
