import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { useUiSettings } from '../../lib/ui-settings.ts';

/** Lazy loading of the specification: 50 px ahead of the viewport, a tenth of the picture visible. */
export const lazyObserverOptions: IntersectionObserverInit = { rootMargin: '50px', threshold: 0.1 };

/**
 * An image of a list (gallery, announcements, member avatars, server and egg icons, ticket
 * attachments). With lazyLoading on it gets its `src` only when an
 * IntersectionObserver sees it near the viewport (its box is reserved by width/height or classes);
 * the browser's own lazy loading stays as a second line; with the setting off it loads at once.
 */
export function LazyImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const { lazyLoading } = useUiSettings().performance;
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(false);
  const wait = lazyLoading && typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const img = ref.current;
    if (!wait || near || !img) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, lazyObserverOptions);
    observer.observe(img);
    return () => observer.disconnect();
  }, [wait, near]);
  return (
    <img
      ref={ref}
      {...rest}
      alt={alt}
      loading={lazyLoading ? 'lazy' : 'eager'}
      src={wait && !near ? undefined : src}
      data-src={src}
    />
  );
}
