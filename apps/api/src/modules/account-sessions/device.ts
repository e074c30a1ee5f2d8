import type { AccountSession } from '@hostdeck/contracts';
import { UAParser } from 'ua-parser-js';

type Device = Pick<AccountSession, 'browser' | 'browser_version' | 'os' | 'os_version' | 'device_type' | 'device'>;

/** Browser, OS and device from a stored user agent (ua-parser-js); unknown parts are null. */
export function parseDevice(userAgent: string | null): Device {
  const r = new UAParser(userAgent ?? '').getResult();
  const type = r.device.type;
  const model = [r.device.vendor, r.device.model].filter(Boolean).join(' ');
  return {
    browser: r.browser.name ?? null,
    browser_version: r.browser.version ?? null,
    os: r.os.name ?? null,
    os_version: r.os.version ?? null,
    // ua-parser-js leaves the type empty for desktops; consoles, TVs and wearables count as "other".
    device_type: !type ? 'desktop' : type === 'mobile' || type === 'tablet' ? type : 'other',
    device: model || null,
  };
}
