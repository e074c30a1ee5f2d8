import type { ShareXConfig } from '@hostdeck/contracts';

/** "<app name>.sxcu", without the characters file systems refuse. */
export function sxcuFileName(appName: unknown): string {
  const name = typeof appName === 'string' ? appName.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() : '';
  return `${name || 'Hostdeck'}.sxcu`;
}

/** Hands the ShareX custom uploader to the browser as a file download (a Blob behind a download link). */
export function downloadSxcu(sharex: ShareXConfig, appName: unknown): void {
  const blob = new Blob([`${JSON.stringify(sharex, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = sxcuFileName(appName);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Released a while later: some browsers read the address after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
