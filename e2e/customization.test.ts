import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUiSettings, type UiSettings } from '../apps/web/src/lib/ui-settings.ts';
import en from '../apps/web/src/locales/en/en.json';
import { callApi, hasBrowser, launch, newMember, newPage, register } from './browser.ts';

type Group = keyof UiSettings;
type Values = Record<string, boolean | number | string>;
type Seen = Record<string, unknown>;

const words = en.customization;
const transitionStyles = ['fade', 'slide-right', 'slide-left', 'slide-up', 'slide-down', 'scale', 'flip', 'rotate'];
const animationStyles = ['fade', 'slide', 'scale', 'bounce'] as const;

/** The saved UI settings and page transition of the page's origin. */
const stored = (page: Page): Promise<UiSettings> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('ui-settings') ?? '{}'));
const storedTransition = (page: Page) => page.evaluate(() => localStorage.getItem('preferredTransition'));

async function openPanel(page: Page, tab: 'transitions' | 'components' | 'performance'): Promise<Locator> {
  await page.getByTestId('customize').click();
  const dialog = page.getByRole('dialog', { name: words.title });
  await dialog.waitFor();
  await dialog.getByTestId(`customization-tab-${tab}`).click();
  return dialog;
}
/** Escape closes the panel; the focus goes back to the palette button that opened it (then it is all done). */
async function closePanel(page: Page, focusBack = true): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: words.title }).waitFor({ state: 'detached' });
  if (focusBack)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('customize');
}

/** Sets controls of one group in the open panel by their labels, and checks each value is stored at once. */
async function setControls(page: Page, dialog: Locator, group: Group, values: Values): Promise<void> {
  const box = dialog.getByRole('group', { name: words.groups[group], exact: true });
  for (const [key, value] of Object.entries(values)) {
    const name = words.settings[key as keyof typeof words.settings];
    if (typeof value === 'boolean') await box.getByRole('switch', { name, exact: true }).setChecked(value);
    else if (typeof value === 'number') await box.getByRole('slider', { name, exact: true }).fill(String(value));
    else await box.getByRole('combobox', { name, exact: true }).selectOption(value);
    expect((await stored(page))[group][key as never], `${group}.${key}`).toBe(value);
  }
}

/** Moves within the app without reloading (a link would do the same): the page plays its transition. */
const moveTo = (page: Page, hash: string) =>
  page.evaluate((h) => {
    history.pushState({}, '', `${location.pathname}#${h}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, hash);

/** The page's own enter animation (its wrapper around the shell), or "none" when it has none. */
const pageAnimation = (page: Page) =>
  page.evaluate(() => {
    const wrapper = document.querySelector('main')?.closest('.page-enter');
    return {
      className: wrapper?.className ?? '',
      animation: wrapper ? getComputedStyle(wrapper).animationName : 'none',
    };
  });

/** How a surface looks: its background's alpha, blur, glow, corners and enter animation. */
const look = (target: Locator) =>
  target.evaluate((e) => {
    const s = getComputedStyle(e);
    const rgba = s.backgroundColor.match(/[\d.]+/g) ?? [];
    return {
      alpha: rgba.length === 4 ? Math.round(Number(rgba[3]) * 100) / 100 : 1,
      blur: s.backdropFilter !== 'none',
      glow: s.boxShadow !== 'none',
      radius: s.borderTopLeftRadius,
      animation: s.animationName,
      bounce: s.animationTimingFunction.startsWith('cubic-bezier(0.34'),
    };
  });

/** Opens a top bar menu, reads what `read` sees of it, closes it again. */
async function inMenu<T>(page: Page, trigger: string, content: string, read: (menu: Locator) => Promise<T>) {
  await page.getByTestId(trigger).click();
  const menu = page.getByTestId(content);
  await menu.waitFor();
  try {
    return await read(menu);
  } finally {
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  }
}

/** The sidebar's look and layout: compact width, section dividers, its drawer animation. */
const sidebarSeen = async (page: Page): Promise<Seen> => {
  const nav = page.getByTestId('sidebar');
  const { alpha, blur, glow } = await look(nav);
  const layout = await nav.evaluate((e) => ({
    compact: e.getBoundingClientRect().width < 100,
    dividers: [...e.querySelectorAll('li')].filter((li) => getComputedStyle(li).borderTopWidth !== '0px').length > 0,
    anim: e.getAttribute('data-anim'),
    bounce: getComputedStyle(e).transitionTimingFunction.startsWith('cubic-bezier(0.34'),
  }));
  return { alpha, blur, glow, ...layout };
};

/** What the whole app shows of the motion, background and image settings. */
const appSeen = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const html = document.documentElement;
    const nav = document.querySelector('[data-testid="sidebar"]')!;
    return {
      reduce: html.classList.contains('reduce-motion'),
      // The sidebar's transition (its drawer) lasts 1 / transition speed seconds, 0 with reduced motion.
      shellMs: Math.round(Number.parseFloat(getComputedStyle(nav).transitionDuration) * 1000),
      bgEffects: getComputedStyle(document.body).backgroundImage !== 'none',
      avatarLoading: document.querySelector('[data-testid="profile-menu"] img')?.getAttribute('loading'),
    };
  });

interface Area {
  group: Group;
  tab: 'components' | 'performance';
  /** What the member sees of the group's settings. */
  seen: (page: Page) => Promise<Seen>;
  /** A menu is seen with the panel closed; the rest is seen behind the open panel. */
  menu?: boolean;
  defaults: Seen;
  /** Controls changed together, then what is seen. */
  steps: { set: Values; seen: Seen }[];
  /** Controls with a test of their own. */
  elsewhere?: string[];
}

/** Every control of the UI components and performance tabs, by what it changes on screen. */
const areas: Area[] = [
  {
    group: 'topNavigation',
    tab: 'components',
    seen: async (page) => {
      const { alpha, blur, glow } = await look(page.getByTestId('top-bar'));
      return { alpha, blur, glow, searchBar: (await page.getByTestId('search-open').count()) > 0 };
    },
    defaults: { alpha: 0.95, blur: true, glow: true, searchBar: true },
    steps: [
      {
        set: { backgroundOpacity: 0.3, borderGlow: false, showSearchBar: false },
        seen: { alpha: 0.3, glow: false, searchBar: false },
      },
      { set: { glassEffect: false }, seen: { alpha: 1, blur: false } },
    ],
  },
  {
    group: 'sidebar',
    tab: 'components',
    seen: sidebarSeen,
    defaults: { alpha: 0.95, blur: true, glow: true, compact: false, dividers: true, anim: 'fade', bounce: false },
    steps: [
      {
        set: { backgroundOpacity: 0.3, borderGlow: false, compactMode: true, showSectionDividers: false },
        seen: { alpha: 0.3, glow: false, compact: true, dividers: false },
      },
      // The animation style plays when the drawer opens on a phone (its own test below).
      {
        set: { glassEffect: false, animationStyle: 'bounce' },
        seen: { alpha: 1, blur: false, anim: 'bounce', bounce: true },
      },
    ],
  },
  {
    group: 'dropdown',
    tab: 'components',
    menu: true,
    seen: (page) =>
      inMenu(page, 'profile-menu', 'profile-menu-items', async (menu) => ({
        ...(await look(menu)),
        userBackground: await menu
          .getByTestId('profile-menu-header')
          .evaluate((e) => getComputedStyle(e).backgroundImage.includes('url(')),
      })),
    defaults: {
      alpha: 0.95,
      blur: true,
      glow: true,
      radius: '16px',
      animation: 't-fade',
      bounce: false,
      userBackground: true,
    },
    steps: [
      {
        set: {
          backgroundOpacity: 0.5,
          borderRadius: 4,
          borderGlow: false,
          backdropBlur: false,
          showUserBackground: false,
          animationStyle: 'slide',
        },
        seen: { alpha: 0.5, radius: '4px', glow: false, blur: false, userBackground: false, animation: 't-slide-down' },
      },
      { set: { glassEffect: false, animationStyle: 'bounce' }, seen: { alpha: 1, animation: 't-scale', bounce: true } },
      // No background at all: transparent, and no profile picture behind the header either.
      {
        set: { showUserBackground: true, showBackground: false, animationStyle: 'scale' },
        seen: { alpha: 0, userBackground: false, animation: 't-scale', bounce: false },
      },
    ],
  },
  {
    group: 'notifications',
    tab: 'components',
    menu: true,
    seen: (page) => inMenu(page, 'notifications', 'notifications-items', look),
    defaults: { alpha: 0.95, blur: true, glow: true, animation: 't-fade', bounce: false },
    steps: [
      {
        set: { backgroundOpacity: 0.5, borderGlow: false, animationStyle: 'slide' },
        seen: { alpha: 0.5, glow: false, animation: 't-slide-down' },
      },
      {
        set: { glassEffect: false, animationStyle: 'bounce' },
        seen: { alpha: 1, blur: false, animation: 't-scale', bounce: true },
      },
      {
        set: { showBackground: false, animationStyle: 'scale' },
        seen: { alpha: 0, animation: 't-scale', bounce: false },
      },
    ],
  },
  {
    group: 'skin',
    tab: 'components',
    // What the 3D viewer on the profile page does, read back from it (skin-viewer.tsx).
    seen: (page) => page.getByTestId('skin-viewer').evaluate((e) => ({ ...(e as HTMLElement).dataset })),
    defaults: { zoom: '0.8', autoRotate: 'false', walking: '1', cameraLight: '3', globalLight: '2.9' },
    steps: [
      {
        set: { autoRotate: true, zoom: 1.2, animationSpeed: 2, cameraLight: 5, globalLight: 1 },
        seen: { zoom: '1.2', autoRotate: 'true', walking: '2', cameraLight: '5', globalLight: '1' },
      },
      { set: { walkingAnimation: false }, seen: { walking: 'off' } },
    ],
  },
  {
    group: 'performance',
    tab: 'performance',
    seen: appSeen,
    defaults: { reduce: false, shellMs: 222, bgEffects: true, avatarLoading: 'lazy' },
    steps: [
      { set: { reduceMotion: true }, seen: { reduce: true, shellMs: 0 } },
      { set: { reduceMotion: false, disableAnimations: true }, seen: { reduce: true, shellMs: 0 } },
      {
        set: { disableAnimations: false, transitionSpeed: 2, backgroundEffects: false, lazyLoading: false },
        seen: { reduce: false, shellMs: 500, bgEffects: false, avatarLoading: 'eager' },
      },
      // frameRateLimit acts only where the browser draws below 60 FPS (lib/frame-rate.ts, unit-tested);
      // compressAssets is the browser's and the server's business (docs/ui-performance-settings.md).
      { set: { frameRateLimit: 120, compressAssets: false }, seen: { shellMs: 500 } },
    ],
    elsewhere: ['optimizeImages', 'memoryOptimization', 'preloadCritical', 'networkOptimization', 'enableCaching'],
  },
];

/** A small picture drawn in the page and sent to the API (a raw body, or a multipart form's "file"). */
const upload = (page: Page, url: string, method: 'PUT' | 'POST') =>
  page.evaluate(
    async ({ url, method }) => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 200 });
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#10b981';
      ctx.fillRect(0, 0, 320, 200);
      ctx.fillStyle = '#0f172a';
      ctx.fillRect(40, 40, 120, 80);
      const png = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const csrf = document.cookie.match(/(?:^|; )csrf_token=([^;]+)/)?.[1] ?? '';
      const form = new FormData();
      form.append('file', png, 'e2e.png');
      const res = await fetch(url, {
        method,
        headers: method === 'PUT' ? { 'content-type': 'image/png', 'x-csrf-token': csrf } : { 'x-csrf-token': csrf },
        body: method === 'PUT' ? png : form,
      });
      return { status: res.status, body: await res.json() };
    },
    { url, method },
  );

describe.runIf(hasBrowser())('the UI customization panel', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let image: { thumbnail_url: string; direct_url: string };

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await newPage(browser));
    await register(page, newMember());
    // An avatar (lazy images), a profile background (the profile menu's header) and a hosted image (the gallery).
    expect((await upload(page, '/api/account/avatar', 'PUT')).status).toBe(200);
    expect((await upload(page, '/api/account/background', 'PUT')).status).toBe(200);
    const hosted = await upload(page, '/api/user/images', 'POST');
    expect(hosted.status).toBe(201);
    image = hosted.body.data;
    const session = await callApi(page, 'GET', '/api/user/session');
    profile = `/profile/${session.body.user_info.uuid}`;
    await page.reload();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('opens from the profile menu and from the top bar; Escape closes it', async () => {
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: en.topBar.profile.customization }).click();
    const dialog = page.getByRole('dialog', { name: words.title });
    await dialog.waitFor();
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(Object.values(words.tabs));
    await closePanel(page, false);
    // From the palette button: closing gives it the focus back (closePanel waits for that).
    await openPanel(page, 'transitions');
    await closePanel(page);
  });

  it('Transitions: each of the eight styles is stored and plays when the member moves to a page', async () => {
    for (const style of transitionStyles) {
      const dialog = await openPanel(page, 'transitions');
      await dialog.getByTestId(`transition-${style}`).click();
      expect(await storedTransition(page)).toBe(style);
      expect(await dialog.getByTestId(`transition-${style}`).getAttribute('aria-pressed')).toBe('true');
      await closePanel(page);
      await moveTo(page, style);
      await expect
        .poll(() => pageAnimation(page))
        .toEqual({ className: `page-enter t-${style}`, animation: `t-${style}` });
    }
  });

  it('honours reduced motion: the system setting, and the reduceMotion setting without it', async () => {
    /** Motion on screen: <html>'s class, the shell's transition, the page's animation, the skin viewer's walk. */
    const motion = async () => ({
      ...(await appSeen(page)),
      page: (await pageAnimation(page)).animation,
      walking: await page.getByTestId('skin-viewer').getAttribute('data-walking'),
    });
    const moving = { reduce: false, shellMs: 222, page: 't-rotate', walking: '1' };
    const still = { reduce: true, shellMs: 0, page: 'none', walking: 'off' };
    // From here on, the own profile page: the shell, and the 3D skin viewer the skin settings drive.
    await page.goto(profile);
    await page.getByTestId('skin-viewer').locator('canvas').waitFor();
    await moveTo(page, 'motion');
    await expect.poll(motion).toMatchObject(moving);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await moveTo(page, 'reduced');
    await expect.poll(motion).toMatchObject(still);
    // The menus open without their animation too.
    expect((await inMenu(page, 'profile-menu', 'profile-menu-items', look)).animation).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await moveTo(page, 'moving');
    await expect.poll(motion).toMatchObject(moving);

    const dialog = await openPanel(page, 'performance');
    await setControls(page, dialog, 'performance', { reduceMotion: true });
    await closePanel(page);
    await moveTo(page, 'setting');
    await expect.poll(motion).toMatchObject(still);
    expect((await inMenu(page, 'profile-menu', 'profile-menu-items', look)).animation).toBe('none');
    await setControls(page, await openPanel(page, 'performance'), 'performance', { reduceMotion: false });
    await closePanel(page);
    await expect.poll(motion).toMatchObject({ reduce: false, shellMs: 222, walking: '1' });
  });

  for (const area of areas) {
    it(`${words.tabs[area.tab]}, ${words.groups[area.group]}: every control is stored and changes what is seen`, async () => {
      await expect.poll(() => area.seen(page)).toMatchObject(area.defaults);
      let expected = area.defaults;
      for (const step of area.steps) {
        const dialog = await openPanel(page, area.tab);
        await setControls(page, dialog, area.group, step.set);
        if (area.menu) await closePanel(page);
        expected = { ...expected, ...step.seen };
        await expect.poll(() => area.seen(page)).toMatchObject(expected);
        if (!area.menu) await closePanel(page);
      }
      // Every control of the group was changed by one step or another.
      const changed = new Set([...area.steps.flatMap((s) => Object.keys(s.set)), ...(area.elsewhere ?? [])]);
      expect([...changed].sort()).toEqual(Object.keys(defaultUiSettings[area.group]).sort());
    });
  }

  it('Sidebar: the phone drawer opens with each animation style', async () => {
    const drawer = () =>
      page.getByTestId('sidebar').evaluate((e) => {
        const s = getComputedStyle(e);
        return { visibility: s.visibility, translate: s.translate, opacity: s.opacity, scale: s.scale };
      });
    const closed: Record<(typeof animationStyles)[number], Seen> = {
      fade: { translate: 'none', opacity: '0', scale: 'none' },
      slide: { translate: '-100%', opacity: '1', scale: 'none' },
      scale: { translate: 'none', opacity: '0', scale: '0.85' },
      bounce: { translate: '-100%', opacity: '1', scale: 'none' },
    };
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      for (const style of animationStyles) {
        await setControls(page, await openPanel(page, 'components'), 'sidebar', { animationStyle: style });
        await closePanel(page);
        await expect.poll(drawer).toEqual({ visibility: 'hidden', ...closed[style] });
        await page.getByRole('button', { name: en.nav.menu }).click();
        await expect.poll(drawer).toEqual({ visibility: 'visible', translate: 'none', opacity: '1', scale: 'none' });
        expect((await sidebarSeen(page)).bounce).toBe(style === 'bounce');
        // A tap beside the drawer, on the dimmed page, closes it.
        await page.getByRole('button', { name: en.common.close, exact: true }).click({ position: { x: 370, y: 400 } });
        await expect.poll(drawer).toEqual({ visibility: 'hidden', ...closed[style] });
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('Performance, memoryOptimization: the skin viewer is let go while off screen', async () => {
    const canvases = () => page.getByTestId('skin-viewer').locator('canvas').count();
    await setControls(page, await openPanel(page, 'performance'), 'performance', { memoryOptimization: true });
    await closePanel(page);
    // Scrolled far below: a spacer at the end of the page makes the room (the top bar stays in view).
    await page.evaluate(() => {
      const spacer = Object.assign(document.createElement('div'), { id: 'e2e-spacer' });
      spacer.style.height = '4000px';
      document.querySelector('main')!.append(spacer);
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect.poll(canvases).toBe(0);
    // Off: the viewer is kept, off screen or not.
    await setControls(page, await openPanel(page, 'performance'), 'performance', { memoryOptimization: false });
    await expect.poll(canvases).toBe(1);
    expect(await page.getByTestId('skin-viewer').evaluate((e) => e.getBoundingClientRect().bottom < 0)).toBe(true);
    await closePanel(page);
    await page.evaluate(() => {
      document.getElementById('e2e-spacer')?.remove();
      window.scrollTo(0, 0);
    });
  });

  it('Performance, networkOptimization and enableCaching: what the page asks again when it regains focus', async () => {
    /** The API reads the page makes when it becomes visible again (a read of the page after it closes the list). */
    const readsOnFocus = async () => {
      const reads: string[] = [];
      const onRequest = (r: { method(): string; url(): string }) => {
        const url = new URL(r.url());
        if (r.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname);
      };
      page.on('request', onRequest);
      await page.evaluate(async () => {
        dispatchEvent(new Event('visibilitychange'));
        // Sent after every read the event started: its answer closes the list.
        await fetch(`/?after-focus=${Date.now()}`);
      });
      page.off('request', onRequest);
      return reads;
    };
    const dialog = await openPanel(page, 'performance');
    // Caching off (nothing is fresh), network optimization on: nothing is asked again.
    await setControls(page, dialog, 'performance', { enableCaching: false });
    expect(await readsOnFocus()).toEqual([]);
    // Network optimization off: the page's data is asked again.
    await setControls(page, dialog, 'performance', { networkOptimization: false });
    await expect.poll(readsOnFocus).not.toEqual([]);
    // Caching on: what was just read stays fresh for 30 s, nothing is asked again.
    await setControls(page, dialog, 'performance', { enableCaching: true });
    expect(await readsOnFocus()).toEqual([]);
    await closePanel(page);
  });

  it('Performance, optimizeImages: the gallery shows the thumbnail, or the original picture when off', async () => {
    await page.goto('/images');
    const picture = page.getByTestId('gallery-image').locator('img');
    await expect.poll(() => picture.getAttribute('src')).toBe(image.thumbnail_url);
    await setControls(page, await openPanel(page, 'performance'), 'performance', { optimizeImages: false });
    await expect.poll(() => picture.getAttribute('src')).toBe(image.direct_url);
    await closePanel(page);
    await page.goto(profile);
    await page.getByTestId('skin-viewer').locator('canvas').waitFor();
  });

  it('reset puts every setting back, the page transition included, and all is seen as at first', async () => {
    expect(await stored(page)).not.toEqual(defaultUiSettings);
    expect(await storedTransition(page)).toBe('rotate');
    const dialog = await openPanel(page, 'performance');
    await dialog.getByTestId('customization-reset').click();
    await page.getByTestId('customization-reset-dialog-confirm').click();
    expect(await stored(page)).toEqual(defaultUiSettings);
    expect(await storedTransition(page)).toBe('fade');
    await closePanel(page);
    for (const area of areas)
      await expect.poll(() => area.seen(page), { message: area.group }).toMatchObject(area.defaults);
    await moveTo(page, 'after-reset');
    await expect.poll(() => pageAnimation(page)).toEqual({ className: 'page-enter t-fade', animation: 't-fade' });
  });

  it('another tab follows a change, a reset, and acts on preloadCritical at once', async () => {
    const storeChunk = (p: Page) =>
      p.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/store-page-[^/]*\.js$/.test(new URL(e.name).pathname)),
      );
    await setControls(page, await openPanel(page, 'performance'), 'performance', { preloadCritical: false });
    const other = await context.newPage();
    await other.goto('/dashboard');
    await other.getByTestId('sidebar').waitFor();
    // The other tab's performance effects start once someone acts on it; nothing is preloaded.
    const effects = other.waitForResponse((r) => /\/performance-effects-[^/]*\.js$/.test(r.url()));
    await other.mouse.move(30, 30);
    await effects;
    expect(await storeChunk(other)).toBe(false);
    await setControls(page, page.getByRole('dialog', { name: words.title }), 'performance', { preloadCritical: true });
    await expect.poll(() => storeChunk(other)).toBe(true);

    const dialog = page.getByRole('dialog', { name: words.title });
    await dialog.getByTestId('customization-tab-components').click();
    await setControls(page, dialog, 'sidebar', { compactMode: true });
    await dialog.getByTestId('customization-tab-transitions').click();
    await dialog.getByTestId('transition-flip').click();
    await expect.poll(() => sidebarSeen(other)).toMatchObject({ compact: true });
    await moveTo(other, 'flip');
    await expect.poll(() => pageAnimation(other)).toMatchObject({ animation: 't-flip' });

    await dialog.getByTestId('customization-reset').click();
    await page.getByTestId('customization-reset-dialog-confirm').click();
    await expect.poll(() => sidebarSeen(other)).toMatchObject({ compact: false });
    await moveTo(other, 'reset');
    await expect.poll(() => pageAnimation(other)).toMatchObject({ animation: 't-fade' });
    await other.close();
    await closePanel(page);
  });
});
