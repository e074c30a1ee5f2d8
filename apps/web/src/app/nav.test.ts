import { describe, expect, it } from 'vitest';
import { enabledEntries, memberNav } from './nav.ts';

const paths = (values: Record<string, unknown>) => enabledEntries(memberNav, (key) => values[key]).map((e) => e.path);

describe('the member navigation follows the feature flags', () => {
  const areas: [string, string][] = [
    ['/server/create', 'allow_servers'],
    ['/earn/afk', 'afk_enabled'],
    ['/earn/redeem', 'code_redemption_enabled'],
    ['/earn/referrals', 'referrals_enabled'],
    ['/earn/j4r', 'j4r_enabled'],
    ['/store', 'store_enabled'],
    ['/leaderboard', 'leaderboard_enabled'],
    ['/ticket', 'allow_tickets'],
    ['/images', 'images_enabled'],
  ];

  it.each(areas)('%s hides while %s is off, and shows while it is on', (path, flag) => {
    expect(paths({ [flag]: false })).not.toContain(path);
    expect(paths({ [flag]: true })).toContain(path);
    // Only its own flag counts.
    expect(
      paths({ [flag]: true, ...Object.fromEntries(areas.filter(([p]) => p !== path).map(([, f]) => [f, false])) }),
    ).toEqual(expect.arrayContaining([path]));
  });

  it('shows link rewards while any link provider is on', () => {
    const off = {
      l4r_linkvertise_enabled: false,
      l4r_shareus_enabled: false,
      l4r_linkpays_enabled: false,
      l4r_gyanilinks_enabled: false,
      l4r_generic_enabled: false,
    };
    expect(paths(off)).not.toContain('/earn/links');
    expect(paths({ ...off, l4r_generic_enabled: true })).toContain('/earn/links');
  });

  it('keeps an entry whose setting has not loaded, and the areas no flag switches off', () => {
    expect(paths({})).toEqual(memberNav.map((e) => e.path));
    const everythingOff = Object.fromEntries(
      memberNav
        .flatMap((e) => (e.setting ? (typeof e.setting === 'string' ? [e.setting] : [...e.setting]) : []))
        .map((k) => [k, false]),
    );
    expect(paths(everythingOff)).toEqual(['/dashboard', '/lookup', '/announcements']);
  });
});
