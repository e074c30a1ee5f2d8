import type { CSSProperties } from 'react';
import type { UiSettings } from '../../lib/ui-settings.ts';
import { surfaceProps } from '../../lib/ui-surface.ts';

/**
 * The menus' animation styles as the page transitions' keyframes (styles.css), played when one opens;
 * bounce is the scale overshooting: its timing as the --enter-ease variable `.page-enter` reads (no CSS
 * of its own at start-up; an inline animation-timing-function would not survive Radix positioning the
 * menu, which sets and then removes an inline `animation: none`).
 */
const enter: Record<string, string> = { fade: 't-fade', slide: 't-slide-down', scale: 't-scale', bounce: 't-scale' };
const bounce = { '--enter-ease': 'cubic-bezier(0.34, 1.8, 0.64, 1)' };

/**
 * How a top bar menu looks from its group of the UI settings: glass, blur, glow, background and its
 * opacity (surfaceProps), the corner radius where the group has one, and the enter animation as a class
 * (off with reduced motion, like the page transitions).
 */
export function menuLook(g: UiSettings['dropdown'] | UiSettings['notifications']) {
  const { style, ...props } = surfaceProps(g);
  return {
    ...props,
    'data-anim': g.animationStyle,
    style: {
      ...style,
      ...(g.animationStyle === 'bounce' ? bounce : {}),
      borderRadius: 'borderRadius' in g ? g.borderRadius : undefined,
    } as CSSProperties,
    enterClass: `page-enter ${enter[g.animationStyle] ?? 't-fade'}`,
  };
}
