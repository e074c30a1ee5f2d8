import { describe, expect, it, vi } from 'vitest';
import { runCommand, type TerminalContext } from './terminal.ts';

function context(overrides: Partial<TerminalContext> = {}): TerminalContext {
  return {
    t: (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key),
    settings: () => ({ app_name: 'Hostdeck', app_version: '1.2.3' }),
    session: () => ({
      userInfo: { username: 'ada', role: 'admin' },
      billing: {},
      stats: {},
      permissions: ['a', 'b', 'c'],
    }),
    changeLanguage: vi.fn(async () => {}),
    clearCache: vi.fn(),
    ...overrides,
  };
}

describe('the App tab terminal', () => {
  it('answers help, version, settings and session (no tokens)', async () => {
    const ctx = context();
    expect((await runCommand('help', ctx)).lines).toHaveLength(7);
    expect((await runCommand('version', ctx)).lines[0]).toContain('1.2.3');
    expect((await runCommand('settings', ctx)).lines).toEqual(['app_name = "Hostdeck"', 'app_version = "1.2.3"']);
    const session = (await runCommand('session', ctx)).lines.join('\n');
    expect(session).toContain('ada');
    expect(session).toContain('admin');
    expect(session).toContain('"count":3');
    expect((await runCommand('session', context({ session: () => null }))).lines).toEqual(['debugPanel.app.noSession']);
  });

  it('switches the language, clears the cache and the screen, and rejects unknown input', async () => {
    const ctx = context();
    await runCommand('locale set fr', ctx);
    expect(ctx.changeLanguage).toHaveBeenCalledWith('fr');
    expect((await runCommand('locale set xx', ctx)).lines[0]).toContain('badLocale');
    expect(ctx.changeLanguage).toHaveBeenCalledTimes(1);
    await runCommand('cache clear', ctx);
    expect(ctx.clearCache).toHaveBeenCalled();
    expect(await runCommand('clear', ctx)).toEqual({ lines: [], clear: true });
    expect((await runCommand('rm -rf /', ctx)).lines[0]).toContain('debugPanel.app.unknown');
  });
});
