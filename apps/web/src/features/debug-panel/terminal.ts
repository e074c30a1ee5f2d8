import { isLocale } from '../../lib/i18n.ts';
import type { SessionData } from '../../lib/session-manager.ts';

/** What the App tab's commands may reach; the panel passes the real ones, tests pass fakes. */
export interface TerminalContext {
  t: (key: string, options?: Record<string, unknown>) => string;
  settings: () => Record<string, unknown>;
  session: () => SessionData | null;
  changeLanguage: (code: string) => Promise<void>;
  clearCache: () => void;
}
/** Lines to print; `clear` empties the screen first. */
export interface TerminalResult {
  lines: string[];
  clear?: boolean;
}

export const terminalCommands = ['help', 'clear', 'settings', 'session', 'locale set', 'cache clear', 'version'];

export async function runCommand(input: string, ctx: TerminalContext): Promise<TerminalResult> {
  const [command = '', ...args] = input.trim().split(/\s+/);
  const { t } = ctx;
  switch (`${command} ${args[0] ?? ''}`.trim()) {
    case '':
      return { lines: [] };
    case 'help':
      return {
        lines: terminalCommands.map((c) => `${c.padEnd(12)} ${t(`debugPanel.app.help.${c.replace(' ', '_')}`)}`),
      };
    case 'clear':
      return { lines: [], clear: true };
    case 'settings':
      return { lines: Object.entries(ctx.settings()).map(([k, v]) => `${k} = ${JSON.stringify(v)}`) };
    case 'session': {
      const session = ctx.session();
      if (!session) return { lines: [t('debugPanel.app.noSession')] };
      const user = session.userInfo.username ?? session.userInfo.email ?? '?';
      return {
        lines: [
          t('debugPanel.app.sessionUser', { user }),
          t('debugPanel.app.sessionRole', { role: session.userInfo.role ?? '—' }),
          t('debugPanel.app.sessionPermissions', { count: session.permissions.length }),
        ],
      };
    }
    case 'locale set': {
      const code = args[1] ?? '';
      if (!isLocale(code)) return { lines: [t('debugPanel.app.badLocale', { code })] };
      await ctx.changeLanguage(code);
      return { lines: [t('debugPanel.app.localeSet', { code })] };
    }
    case 'cache clear':
      ctx.clearCache();
      return { lines: [t('debugPanel.app.cacheCleared')] };
    case 'version': {
      const s = ctx.settings();
      return { lines: [t('debugPanel.app.version', { version: s.app_version ?? '?', name: s.app_name ?? '' })] };
    }
    default:
      return { lines: [t('debugPanel.app.unknown', { command: input.trim() })] };
  }
}
