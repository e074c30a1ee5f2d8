import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showStartupError } from '../lib/startup.ts';
import { defaultUiSettings, loadUiSettings, transitionSeconds } from '../lib/ui-settings.ts';
import { TransitionPicker } from './transitions.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderPicker() {
  const router = createMemoryRouter([{ path: '/', element: <TransitionPicker value="fade" /> }]);
  render(<RouterProvider router={router} />);
}

describe('transition picker', () => {
  it('shows the gear only when the theme-customization license is valid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ valid: true }))),
    );
    renderPicker();
    expect(await screen.findByTestId('transition-gear')).toBeInTheDocument();
  });

  it('hides it when the license is invalid', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ valid: false })));
    vi.stubGlobal('fetch', fetchMock);
    renderPicker();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 10));
    expect(screen.queryByTestId('transition-gear')).toBeNull();
  });
});

describe('UI settings', () => {
  it('merges stored values over the defaults and derives the transition duration as 1 / speed', () => {
    expect(transitionSeconds(defaultUiSettings)).toBeCloseTo(1 / 4.5);
    localStorage.setItem(
      'ui-settings',
      JSON.stringify({ performance: { transitionSpeed: 2 }, sidebar: { compactMode: true, bogus: 1 } }),
    );
    const merged = loadUiSettings();
    expect(merged.performance.transitionSpeed).toBe(2);
    expect(merged.performance.frameRateLimit).toBe(75);
    expect(merged.sidebar.compactMode).toBe(true);
    expect(merged.skin).toEqual({
      walkingAnimation: true,
      autoRotate: false,
      zoom: 0.8,
      animationSpeed: 1,
      cameraLight: 3,
      globalLight: 2.9,
    });
    expect(transitionSeconds(merged)).toBe(0.5);
  });
});

describe('start-up failure', () => {
  it('replaces the app with the Application Error screen', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>half-rendered app</p>';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showStartupError(new Error('boom'), root);
    expect(root.querySelector('h1')?.textContent).toBe('Application Error');
    expect(root.textContent).toContain('Sorry, something went wrong. Please try refreshing the page.');
    expect(root.textContent).not.toContain('half-rendered');
  });
});
