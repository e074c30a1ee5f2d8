import type { LinkProvider } from '@hostdeck/contracts';

/** Where each link provider's API lives (tests point these at local doubles). */
export interface LinkEndpoints {
  /** Linkvertise's dynamic links (link-to.net) and its anti-bypassing API (publisher.linkvertise.com). */
  linkvertiseLinks: string;
  linkvertiseApi: string;
  shareus: string;
  linkpays: string;
  gyanilinks: string;
}
export const defaultLinkEndpoints: LinkEndpoints = {
  linkvertiseLinks: 'https://link-to.net',
  linkvertiseApi: 'https://publisher.linkvertise.com',
  shareus: 'https://api.shareus.io',
  linkpays: 'https://linkpays.in',
  gyanilinks: 'https://gyanilinks.com',
};

/** The provider failed or refused (bad key, down, unexpected answer); nothing was claimed. */
export class LinkProviderError extends Error {}

export interface LinkProviderConfig {
  apiKey: string;
  /** Linkvertise publisher id. */
  userId: string;
  /** Generic shortener address template with {url} and optionally {key}. */
  template: string;
}

const TIMEOUT_MS = 10_000;

async function get(url: string, method = 'GET'): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { method, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new LinkProviderError(`The link provider cannot be reached (${(err as Error).message})`);
  }
  const body = await res.text();
  if (!res.ok) throw new LinkProviderError(`The link provider answered HTTP ${res.status}`);
  return body.trim();
}

const isHttpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/\S+$/.test(v);

/**
 * AdLinkFly's API, which LinkPays and GyaniLinks run: GET /api?api=KEY&url=URL answers
 * {"status":"success","shortenedUrl":"…"} or {"status":"error","message":"…"}.
 */
async function adLinkFly(base: string, apiKey: string, target: string): Promise<string> {
  const body = await get(`${base}/api?api=${encodeURIComponent(apiKey)}&url=${encodeURIComponent(target)}`);
  let json: { status?: string; shortenedUrl?: string; message?: unknown };
  try {
    json = JSON.parse(body);
  } catch {
    throw new LinkProviderError('The link provider did not answer with JSON');
  }
  if (json.status !== 'success' || !isHttpUrl(json.shortenedUrl)) {
    const message = Array.isArray(json.message) ? json.message.join(' ') : String(json.message ?? 'no link');
    throw new LinkProviderError(`The link provider refused: ${message}`);
  }
  return json.shortenedUrl;
}

/** ShareUs "easy API": GET /easy_api?key=KEY&link=URL answers the short link as plain text. */
async function shareUs(base: string, apiKey: string, target: string): Promise<string> {
  const body: string = await get(
    `${base}/easy_api?key=${encodeURIComponent(apiKey)}&link=${encodeURIComponent(target)}`,
  );
  if (isHttpUrl(body)) return body;
  throw new LinkProviderError(`ShareUs refused: ${String(body).slice(0, 200)}`);
}

/**
 * Linkvertise "dynamic links": link-to.net/<publisher id>/<random>/dynamic?r=<base64 of the target>.
 * No API call; what proves completion is the anti-bypass hash checked in verifyLinkvertise.
 */
function linkvertiseLink(base: string, userId: string, target: string): string {
  if (!/^\d+$/.test(userId)) throw new LinkProviderError('The Linkvertise publisher id is not set');
  const random = Math.floor(Math.random() * 1000);
  return `${base}/${userId}/${random}/dynamic?r=${Buffer.from(encodeURI(target)).toString('base64')}`;
}

function genericLink(template: string, apiKey: string, target: string): string {
  if (!template.includes('{url}')) throw new LinkProviderError('The shortener address template has no {url}');
  const url = template.replaceAll('{key}', encodeURIComponent(apiKey)).replaceAll('{url}', encodeURIComponent(target));
  if (!isHttpUrl(url)) throw new LinkProviderError('The shortener address template is not an http(s) address');
  return url;
}

/** The address the member opens: the provider's link that ends on `target`. */
export async function shortenLink(
  provider: LinkProvider,
  config: LinkProviderConfig,
  target: string,
  endpoints: LinkEndpoints,
): Promise<string> {
  switch (provider) {
    case 'linkvertise':
      return linkvertiseLink(endpoints.linkvertiseLinks, config.userId, target);
    case 'shareus':
      return shareUs(endpoints.shareus, config.apiKey, target);
    case 'linkpays':
      return adLinkFly(endpoints.linkpays, config.apiKey, target);
    case 'gyanilinks':
      return adLinkFly(endpoints.gyanilinks, config.apiKey, target);
    case 'generic':
      return genericLink(config.template, config.apiKey, target);
  }
}

/**
 * Linkvertise anti-bypassing: POST /api/v1/anti_bypassing?token=TOKEN&hash=HASH answers TRUE once
 * for a hash Linkvertise issued in the last seconds (and deletes it), FALSE otherwise, and
 * "Invalid token." for a wrong token.
 */
export async function verifyLinkvertise(token: string, hash: string, endpoints: LinkEndpoints): Promise<boolean> {
  const body = await get(
    `${endpoints.linkvertiseApi}/api/v1/anti_bypassing?token=${encodeURIComponent(token)}&hash=${encodeURIComponent(hash)}`,
    'POST',
  );
  if (/^invalid token/i.test(body)) throw new LinkProviderError('Linkvertise refused the anti-bypassing token');
  return body.toUpperCase() === 'TRUE';
}
