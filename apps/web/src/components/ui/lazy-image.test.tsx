import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uiSettingsStore } from '../../lib/ui-settings.ts';
import { LazyImage, lazyObserverOptions } from './lazy-image.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LazyImage', () => {
  it('waits for the observer (50px margin, threshold 0.1) before loading', () => {
    let seen: IntersectionObserverCallback | undefined;
    const options: (IntersectionObserverInit | undefined)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback, o?: IntersectionObserverInit) {
          seen = cb;
          options.push(o);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<LazyImage src="/a.png" alt="a" />);
    expect(options[0]).toEqual(lazyObserverOptions);
    expect(lazyObserverOptions).toEqual({ rootMargin: '50px', threshold: 0.1 });
    expect(screen.getByAltText('a').getAttribute('src')).toBeNull();
    act(() => seen?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByAltText('a').getAttribute('src')).toBe('/a.png');
  });

  it('loads at once when lazyLoading is off', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    uiSettingsStore.update('performance', { lazyLoading: false });
    render(<LazyImage src="/b.png" alt="b" />);
    expect(screen.getByAltText('b').getAttribute('src')).toBe('/b.png');
    expect(screen.getByAltText('b').getAttribute('loading')).toBe('eager');
    uiSettingsStore.reset();
  });
});
