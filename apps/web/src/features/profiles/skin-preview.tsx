import { Component, type CSSProperties, lazy, type ReactNode, Suspense } from 'react';
import defaultSkin from '../../assets/default-skin.png';

/** The bundled skin shown for members without their own (a 64×64 Steve-like layout). */
export const DEFAULT_SKIN = defaultSkin;

// skinview3d and three.js stay out of the main bundle: fetched when a skin is first shown.
const SkinViewer3d = lazy(() => import('./skin-viewer.tsx'));

/** The skin's face (head and hat layer) drawn flat from the texture: no WebGL needed. */
export function SkinFace({ src, size, label }: { src: string; size: number; label: string }) {
  const scale = size / 8;
  const url = `url(${JSON.stringify(src)})`;
  const style: CSSProperties = {
    width: size,
    height: size,
    backgroundImage: `${url}, ${url}`,
    backgroundSize: `${64 * scale}px auto`,
    backgroundPosition: `-${40 * scale}px -${8 * scale}px, -${8 * scale}px -${8 * scale}px`,
    backgroundRepeat: 'no-repeat',
    imageRendering: 'pixelated',
  };
  return <span role="img" aria-label={label} data-testid="skin-flat" className="block rounded-md" style={style} />;
}

/** A failed chunk load (offline, a new deployment) shows the flat face instead of an error page. */
class ViewerBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A member's Minecraft skin in 3D (their own or the default one), following the local skin-viewer
 * settings; the flat face while the viewer loads, and instead of it where WebGL is missing.
 */
export function SkinPreview({
  skin,
  width = 180,
  height = 260,
  label,
}: {
  skin: string | null;
  width?: number;
  height?: number;
  label: string;
}) {
  const src = skin ?? DEFAULT_SKIN;
  const flat = <SkinFace src={src} size={Math.round(Math.min(width, height) / 2)} label={label} />;
  return (
    <div className="flex items-center justify-center" style={{ width, height }} data-testid="skin-preview">
      <ViewerBoundary fallback={flat}>
        <Suspense fallback={flat}>
          <SkinViewer3d
            skin={src}
            fallbackSkin={DEFAULT_SKIN}
            width={width}
            height={height}
            label={label}
            fallback={flat}
          />
        </Suspense>
      </ViewerBoundary>
    </div>
  );
}
