import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyStoredTheme } from './components/ui/theme-toggle.tsx';
import { initI18n } from './lib/i18n.ts';
import { installPlugins } from './lib/plugins.ts';
import { loadUiSettings } from './lib/ui-settings.ts';
import { reportWebVitals } from './lib/web-vitals.ts';

/** A start-up failure replaces the app with this screen (specification §2, §8). */
function showStartupError(err: unknown): void {
  console.error('Application failed to start', err);
  const root = document.getElementById('root');
  if (!root) return;
  root.innerHTML =
    '<main style="min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:1rem;font-family:system-ui,sans-serif;text-align:center">' +
    '<div><h1 style="font-size:1.5rem;font-weight:700">Application Error</h1>' +
    '<p style="margin-top:.5rem;opacity:.8">Sorry, something went wrong. Please try refreshing the page.</p></div></main>';
}

function applyUiSettings(): void {
  try {
    const ui = loadUiSettings();
    const html = document.documentElement;
    html.classList.toggle('glass', ui.dropdown.glassEffect);
    html.classList.toggle('glow', ui.dropdown.borderGlow);
    html.style.setProperty('--surface-opacity', String(ui.dropdown.backgroundOpacity));
    html.classList.toggle('reduce-motion', ui.performance.reduceMotion || ui.performance.disableAnimations);
  } catch (err) {
    console.warn('Performance settings could not be applied', err);
  }
}

/** Start-up order: language messages, plugins, then mount on the next animation frame. */
async function start(): Promise<void> {
  applyStoredTheme();
  applyUiSettings();
  await initI18n();
  await installPlugins();
  await new Promise<void>((resolve, reject) =>
    requestAnimationFrame(() => {
      try {
        const el = document.getElementById('root');
        if (!el) throw new Error('#root is missing');
        createRoot(el).render(
          <StrictMode>
            <App />
          </StrictMode>,
        );
        resolve();
      } catch (err) {
        reject(err);
      }
    }),
  );
  reportWebVitals();
}

start().catch(showStartupError);
