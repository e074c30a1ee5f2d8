import { type ReactNode, useEffect, useRef, useState } from 'react';
import { SkinViewer, WalkingAnimation } from 'skinview3d';
import { loadUiSettings, UI_SETTINGS_KEY } from '../../lib/ui-settings.ts';
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

function applySettings(viewer: SkinViewer): void {
  const setup = viewerSetup(loadUiSettings());
  viewer.zoom = setup.zoom;
  viewer.autoRotate = setup.autoRotate;
  viewer.cameraLight.intensity = setup.cameraLight;
  viewer.globalLight.intensity = setup.globalLight;
  if (setup.walkingSpeed === null) {
    viewer.animation = null;
    return;
  }
  const walking = viewer.animation instanceof WalkingAnimation ? viewer.animation : new WalkingAnimation();
  walking.speed = setup.walkingSpeed;
  viewer.animation = walking;
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

  useEffect(() => {
    if (!box.current) return;
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
    box.current.append(canvas);
    applySettings(viewer);
    viewer.loadSkin(skin).catch(() => {
      if (!viewer.disposed && skin !== fallbackSkin) viewer.loadSkin(fallbackSkin).catch(() => undefined);
    });
    // The settings may be changed in another tab: follow them.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === UI_SETTINGS_KEY) applySettings(viewer);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      viewer.dispose();
      viewer.renderer.forceContextLoss();
      canvas.remove();
    };
  }, [skin, fallbackSkin, width, height]);

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
