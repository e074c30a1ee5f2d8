import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkLicense } from './license.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('license check', () => {
  it('caches the answer for 5 minutes, then drops and re-fetches it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ valid: true }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await checkLicense('theme-customization')).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/system/license/theme-customization', expect.anything());
    expect(JSON.parse(localStorage.getItem('license:theme-customization') ?? '{}')).toMatchObject({ valid: true });
    vi.setSystemTime(Date.now() + 4 * 60_000);
    expect(await checkLicense('theme-customization')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ valid: false })));
    expect(await checkLicense('theme-customization')).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('counts a failed check as invalid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(await checkLicense('theme-customization')).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    localStorage.clear();
    expect(await checkLicense('theme-customization')).toBe(false);
  });
});
