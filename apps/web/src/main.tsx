import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { applyStoredTheme } from './components/ui/theme-toggle.tsx';
import { installDebugCapture } from './lib/debug-capture.ts';
import { initI18n } from './lib/i18n.ts';
import { installPerformance } from './lib/performance.ts';
import { installPlugins } from './lib/plugins.ts';
import { sessionManager } from './lib/session-manager.ts';
import { appLanguage } from './lib/settings-store.ts';
import { showStartupError } from './lib/startup.ts';
import { loadUiSettings } from './lib/ui-settings.ts';
import { reportWebVitals } from './lib/web-vitals.ts';

function applyUiSettings(): void {
  try {
    const ui = loadUiSettings();
    const html = document.documentElement;
    html.classList.toggle('glass', ui.dropdown.glassEffect);
    html.classList.toggle('glow', ui.dropdown.borderGlow);
    html.style.setProperty('--surface-opacity', String(ui.dropdown.backgroundOpacity));
  } catch (err) {
    console.warn('Performance settings could not be applied', err);
  }
}

/** Start-up order: language messages, plugins, then mount on the next animation frame. */
async function start(): Promise<void> {
  applyStoredTheme();
  applyUiSettings();
  installPerformance();
  // A visitor without a stored language sees the panel's (app_lang); the settings it needs load now.
  const messages = initI18n({ defaultLanguage: appLanguage });
  // The page's code (and its part of the messages) and the member's session are asked for at once.
  preloadRoute(window.location.pathname);
  sessionManager.prefetch();
  await messages;
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

// The debug panel's capture (Ctrl+I) sees everything from here on.
installDebugCapture();
start().catch(showStartupError);
