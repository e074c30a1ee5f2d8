import type { CSSProperties } from 'react';
import type { UiSettings } from './ui-settings.ts';

/** A group of the UI settings that styles a shell part (top bar, sidebar, profile dropdown, notifications). */
type SurfaceGroup = Pick<UiSettings['sidebar'], 'glassEffect' | 'backgroundOpacity' | 'borderGlow'> &
  Partial<Pick<UiSettings['dropdown'], 'backdropBlur' | 'showBackground'>>;

/**
 * The attributes that style a `.surface` from its group (styles.css, "Shell parts"): `data-ui` lists
 * what is on (glass, blur, glow, bg) and `--ui-a` is the background's alpha. Glass is the translucent
 * background at the chosen opacity, blurred unless the group has a blur switch of its own.
 */
export function surfaceProps(g: SurfaceGroup): { 'data-ui': string; style: CSSProperties } {
  const on = {
    glass: g.glassEffect,
    blur: g.backdropBlur ?? g.glassEffect,
    glow: g.borderGlow,
    bg: g.showBackground ?? true,
  };
  return {
    'data-ui': Object.keys(on)
      .filter((k) => on[k as keyof typeof on])
      .join(' '),
    style: { '--ui-a': g.glassEffect ? g.backgroundOpacity : 1 } as CSSProperties,
  };
}
