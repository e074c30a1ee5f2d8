import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element the URL's #hash names once the page has rendered it (`ready`). */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);
}
