import { useState } from 'react';
import { useSetting, useSettingsState } from '../../lib/use-settings.ts';

const MARK = '/favicon.svg';

/**
 * The panel's logo (setting app_logo) in the top bar and on the sign-in pages; the built-in mark
 * while it is empty, not loaded yet, or fails to load. Decorative: the name stands beside it.
 */
export function BrandLogo({ size }: { size: 'sm' | 'md' }) {
  const ready = useSettingsState().status === 'initialized';
  const logo = useSetting<unknown>('app_logo');
  const src = ready && typeof logo === 'string' && /^https?:\/\//i.test(logo) ? logo : MARK;
  // Keyed by address: a new logo gets a fresh try after an old one failed.
  return <Logo key={src} src={src} className={size === 'sm' ? 'h-7' : 'h-8'} />;
}

function Logo({ src, className }: { src: string; className: string }) {
  const [failed, setFailed] = useState(false);
  const shown = failed ? MARK : src;
  return (
    <img
      src={shown}
      alt=""
      data-testid="brand-logo"
      className={`${className} ${shown === MARK ? 'aspect-square' : 'max-w-40 object-contain'} w-auto min-w-0`}
      onError={() => setFailed(true)}
    />
  );
}
