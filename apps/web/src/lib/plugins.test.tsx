import type { ClientPluginApi } from '@hostdeck/plugin-sdk';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { PluginSlot } from '../components/ui/plugin-slot.tsx';
import { session, signOut } from '../test/economy.ts';
import { mockApi, renderPage } from '../test/render.tsx';
import { changeLanguage, i18n } from './i18n.ts';
import { INSTALL_TIMEOUT_MS, installAll, resetPluginSlots } from './plugin-installer.tsx';
import { installPlugins, slotRegistry } from './plugins.ts';
import { sessionManager } from './session-manager.ts';

type Install = (api: ClientPluginApi) => void | Promise<void>;
const entry = (identifier: string, extra: { style?: string } = {}) => ({
  identifier,
  version: '1.0.0',
  script: `/api/plugins/${identifier}/client.js?v=1.0.0`,
  style: extra.style ?? null,
});
/** The modules the "browser" imports, by script address; any other address fails to load. */
const loader = (modules: Record<string, Install>) => async (url: string) => {
  const id = url.split('/')[3] ?? '';
  const install = modules[id];
  if (!install) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
  return { default: install };
};
function writeList(list: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'hostdeck-plugins';
  el.textContent = JSON.stringify(list);
  document.body.append(el);
}
const dashboard = (
  <main>
    <h1>Dashboard</h1>
    <PluginSlot name="dashboard.cards" />
  </main>
);

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await signOut();
  resetPluginSlots();
  document.getElementById('hostdeck-plugins')?.remove();
  for (const link of document.head.querySelectorAll('link[data-plugin-style]')) link.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
const logged = () => errors.mock.calls.map((c) => String(c[0]));

describe('installing client plugins', () => {
  it('with an empty list in the page, asks nothing and loads no installer', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    writeList([]);
    await installPlugins();
    expect(fetch).not.toHaveBeenCalled();
    // The installer (and the slots' renderer it brings) was never loaded.
    expect(slotRegistry.Render).toBeNull();
    await renderPage(dashboard, { path: '/dashboard', url: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(document.querySelector('[data-slot]')).toBeNull();
  });

  it('asks the API for the list when the page has none (the dev server)', async () => {
    const calls = mockApi({ 'GET /api/plugins/client': { success: true, data: [entry('hello')] } });
    await installPlugins({ load: loader({ hello: (api) => api.registerSlot('dashboard.cards', () => 'Hello card') }) });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/plugins/client']);
    await renderPage(dashboard, { path: '/dashboard', url: '/dashboard' });
    expect(await screen.findByText('Hello card')).toBeInTheDocument();
  });

  it('logs and skips a plugin whose script fails to load, installs the others, and the app still mounts', async () => {
    writeList([entry('broken', { style: '/api/plugins/broken/client.css?v=1' }), entry('works')]);
    await installPlugins({
      load: loader({ works: (api) => api.registerSlot('dashboard.cards', () => <p>Works card</p>) }),
    });
    expect(logged().filter((m) => m.includes('broken'))).toHaveLength(1);
    expect(logged().some((m) => m.includes('works'))).toBe(false);
    // Its stylesheet is taken away again.
    expect(document.head.querySelector('link[data-plugin-style="broken"]')).toBeNull();
    await renderPage(dashboard, { path: '/dashboard', url: '/dashboard' });
    expect(await screen.findByText('Works card')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('drops what a plugin registered before its install threw', async () => {
    await installAll([entry('half')], {
      load: loader({
        half: (api) => {
          api.registerSlot('dashboard.cards', () => 'Half card');
          api.addTranslations('en', { hello: 'Half hello' });
          throw new Error('boom');
        },
      }),
    });
    expect(logged().some((m) => m.includes('half'))).toBe(true);
    expect(slotRegistry.entries['dashboard.cards'] ?? []).toHaveLength(0);
    expect(i18n.exists('plugins.half.hello')).toBe(false);
  });

  it('skips a plugin whose install takes longer than 5 s, and ignores what it registers later', async () => {
    vi.useFakeTimers();
    let late: ClientPluginApi | null = null;
    const done = installAll([entry('slow'), entry('quick')], {
      load: loader({
        slow: (api) => {
          late = api;
          return new Promise<void>(() => {});
        },
        quick: (api) => api.registerSlot('dashboard.cards', () => 'Quick card'),
      }),
    });
    await vi.advanceTimersByTimeAsync(INSTALL_TIMEOUT_MS);
    await done;
    expect(logged().filter((m) => m.includes('slow'))).toHaveLength(1);
    (late as unknown as ClientPluginApi).registerSlot('dashboard.cards', () => 'Late card');
    expect((slotRegistry.entries['dashboard.cards'] ?? []).map((e) => e.plugin)).toEqual(['quick']);
  });

  it('adds a stylesheet per plugin, and each component sits in <div data-plugin> (the scope of its CSS)', async () => {
    await installAll([entry('styled', { style: '/api/plugins/styled/client.css?v=1.0.0' })], {
      load: loader({ styled: (api) => api.registerSlot('dashboard.cards', () => <p>Styled card</p>) }),
    });
    const link = document.head.querySelector<HTMLLinkElement>('link[data-plugin-style="styled"]');
    expect(link?.rel).toBe('stylesheet');
    expect(link?.getAttribute('href')).toBe('/api/plugins/styled/client.css?v=1.0.0');
    await renderPage(dashboard, { path: '/dashboard', url: '/dashboard' });
    expect((await screen.findByText('Styled card')).parentElement).toHaveAttribute('data-plugin', 'styled');
  });
});

describe('plugin slots', () => {
  it('render by their order, then by the plugins’ order in the list, then in registration order', async () => {
    await installAll([entry('first'), entry('second')], {
      load: loader({
        first: (api) => {
          api.registerSlot('dashboard.cards', () => <p>first-a</p>);
          api.registerSlot('dashboard.cards', () => <p>first-late</p>, { order: 10 });
          api.registerSlot('dashboard.cards', () => <p>first-b</p>);
        },
        second: async (api) => {
          await Promise.resolve();
          api.registerSlot('dashboard.cards', () => <p>second-early</p>, { order: -1 });
          api.registerSlot('dashboard.cards', () => <p>second-a</p>);
        },
      }),
    });
    await renderPage(dashboard, { path: '/dashboard', url: '/dashboard' });
    await screen.findByText('first-a');
    const texts = [...document.querySelectorAll('[data-slot="dashboard.cards"] p')].map((p) => p.textContent);
    expect(texts).toEqual(['second-early', 'first-a', 'first-b', 'second-a', 'first-late']);
  });

  it('contain a crashing component: it shows nothing, is logged once, and the page and other plugins live on', async () => {
    await installAll([entry('crashy'), entry('fine')], {
      load: loader({
        crashy: (api) =>
          api.registerSlot('dashboard.cards', () => {
            throw new Error('render failed');
          }),
        fine: (api) =>
          api.registerSlot('dashboard.cards', () => {
            const [n, setN] = useState(0);
            return (
              <button type="button" onClick={() => setN(n + 1)}>
                Clicked {n}
              </button>
            );
          }),
      }),
    });
    await renderPage(dashboard, { path: '/dashboard', url: '/dashboard' });
    const button = await screen.findByRole('button', { name: 'Clicked 0' });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(document.querySelector('[data-plugin="crashy"]')).toBeEmptyDOMElement();
    button.click();
    expect(await screen.findByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
    expect(logged().filter((m) => m.startsWith('Plugin crashy'))).toHaveLength(1);
  });

  it('give each component the signed-in member', async () => {
    const { sessionManager } = await import('./session-manager.ts');
    vi.spyOn(sessionManager, 'getState').mockReturnValue({
      data: { userInfo: { uuid: 'u-1', username: 'ada' } },
    } as never);
    await installAll([entry('who')], {
      load: loader({
        who: (api) => api.registerSlot('dashboard.cards', ({ member }) => <p>Hi {member?.username ?? 'nobody'}</p>),
      }),
    });
    await renderPage(dashboard, { path: '/dashboard', url: '/dashboard' });
    expect(await screen.findByText('Hi ada')).toBeInTheDocument();
  });

  it('give each component what the page is about (the profile shown)', async () => {
    await installAll([entry('about')], {
      load: loader({
        about: (api) =>
          api.registerSlot('profile.sections', ({ subject }) => <p>About {subject?.username ?? 'nothing'}</p>),
      }),
    });
    const profile = <PluginSlot name="profile.sections" subject={{ type: 'profile', id: 'u-2', username: 'bob' }} />;
    await renderPage(profile, { path: '/profile/:uuid', url: '/profile/u-2' });
    expect(await screen.findByText('About bob')).toBeInTheDocument();
  });
});

describe('the API a plugin gets', () => {
  it('adds its translations under plugins.<identifier>, in the member’s language', async () => {
    await installAll([entry('greeter')], {
      load: loader({
        greeter: (api) => {
          api.addTranslations('en', { title: 'Daily hello, {{name}}' });
          api.addTranslations('fr', { title: 'Bonjour quotidien, {{name}}' });
          api.registerSlot('dashboard.cards', () => {
            const t = api.useT();
            return <p>{t('title', { name: 'Ada' })}</p>;
          });
        },
      }),
    });
    await renderPage(dashboard, { path: '/dashboard', url: '/dashboard' });
    expect(await screen.findByText('Daily hello, Ada')).toBeInTheDocument();
    expect(i18n.t('plugins.greeter.title', { name: 'x' })).toBe('Daily hello, x');
    await changeLanguage('fr');
    try {
      expect(await screen.findByText('Bonjour quotidien, Ada')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('calls its own routes through the app’s client: CSRF header, JSON, errors as ApiError', async () => {
    document.cookie = 'csrf_token=abc; path=/';
    document.cookie = 'user_session=1; path=/';
    const calls = mockApi({
      'GET /api/user/session': session({ credits: 1010 }),
      'POST /api/plugins/daily/claim': { success: true, coins: 10 },
      'GET /api/plugins/daily/state': new Response(
        JSON.stringify({ success: false, error_code: 'ALREADY_CLAIMED', message: 'Come back tomorrow' }),
        { status: 409 },
      ),
    });
    let api: ClientPluginApi | null = null;
    await installAll([entry('daily')], {
      load: loader({
        daily: (a) => {
          api = a;
        },
      }),
    });
    const plugin = api as unknown as ClientPluginApi;
    expect(plugin.identifier).toBe('daily');
    expect(plugin.React.createElement).toBeTypeOf('function');
    await expect(plugin.request('/claim', { method: 'POST', body: { at: 1 } })).resolves.toEqual({
      success: true,
      coins: 10,
    });
    await expect(plugin.request('state')).rejects.toMatchObject({ status: 409, code: 'ALREADY_CLAIMED' });
    const post = calls[0];
    expect(post?.body).toEqual({ at: 1 });
    expect(post?.headers).toMatchObject({ 'x-csrf-token': 'abc', 'content-type': 'application/json' });
    // After a write (it may have moved coins) the session is loaded again: the top bar's coins follow.
    await waitFor(() => expect(sessionManager.getState().data?.userInfo.credits).toBe(1010));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/plugins/daily/claim',
      'GET /api/user/session',
      'GET /api/plugins/daily/state',
    ]);
  });
});
