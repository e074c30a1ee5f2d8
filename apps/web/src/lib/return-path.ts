import { storage } from './storage.ts';

const KEY = 'redirect_after_login';

/** Remembers the full path (path, query, hash) a logged-out visitor asked for. */
export function rememberReturnPath(path: string): void {
  if (path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth/')) storage.set(KEY, path);
}

/** The stored path (once), else the dashboard. Only same-site paths are followed. */
export function takeReturnPath(): string {
  const path = storage.get(KEY);
  storage.remove(KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/dashboard';
}
