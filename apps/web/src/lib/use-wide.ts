import { useEffect, useState } from 'react';

const wideQuery = '(min-width: 640px)';

/** Whether the screen is at least 640 px wide (Tailwind's `sm`), followed as it turns or resizes. */
export function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia?.(wideQuery).matches ?? true);
  useEffect(() => {
    const media = window.matchMedia?.(wideQuery);
    const follow = () => setWide(media?.matches ?? true);
    media?.addEventListener('change', follow);
    return () => media?.removeEventListener('change', follow);
  }, []);
  return wide;
}
