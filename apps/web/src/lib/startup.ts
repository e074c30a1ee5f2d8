/** A start-up failure replaces the app with this screen (specification §2 and §8); plain DOM, no React needed. */
export function showStartupError(err: unknown, root: HTMLElement | null = document.getElementById('root')): void {
  console.error('Application failed to start', err);
  if (!root) return;
  const main = document.createElement('main');
  main.setAttribute(
    'style',
    'min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:1rem;font-family:system-ui,sans-serif;text-align:center',
  );
  const box = document.createElement('div');
  const h1 = document.createElement('h1');
  h1.setAttribute('style', 'font-size:1.5rem;font-weight:700');
  h1.textContent = 'Application Error';
  const p = document.createElement('p');
  p.setAttribute('style', 'margin-top:.5rem;opacity:.8');
  p.textContent = 'Sorry, something went wrong. Please try refreshing the page.';
  box.append(h1, p);
  main.append(box);
  root.replaceChildren(main);
}
