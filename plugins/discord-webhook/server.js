// @ts-check
// Discord webhook notifications: each event staff chose is rendered through its template and posted
// to the channel's webhook (https://discord.com/developers/docs/resources/webhook#execute-webhook).
import { definePlugin, pluginEvents } from '@hostdeck/plugin-sdk';

/**
 * @typedef {import('@hostdeck/plugin-sdk').PluginEventName} PluginEventName
 * @typedef {import('@hostdeck/plugin-sdk').PluginEvent} PluginEvent
 * @typedef {{ webhook_url?: string | null, events?: string[] | string | null, username?: string | null }
 *   & Record<string, unknown>} Config the panel gives null for a setting with no value and no default
 * @typedef {import('@hostdeck/plugin-sdk').PluginContext<Config>} Context
 */

/** The messages used when staff leave a template empty (the manifest shows the same defaults). */
export const defaultTemplates = /** @type {Record<PluginEventName, string>} */ ({
  'member.registered': '👋 New member: **{user.username}**',
  'member.signed_in': '🔑 **{user.username}** signed in ({method})',
  'server.queued': '⏳ Server **{server.name}** was queued',
  'server.created': '🟢 Server **{server.name}** was created',
  'server.renewed': '🔁 Server **{server.name}** was renewed until {renewed_until}',
  'server.suspended': '⛔ Server **{server.name}** was suspended',
  'server.deleted': '🗑️ Server **{server.name}** was deleted',
  'coins.changed': '🪙 Coins {delta} for member {user_id} ({kind}); balance {balance}',
  'purchase.completed': '💳 Purchase completed: {coins} coins for {amount} {currency} ({provider})',
  'ticket.opened': '🎫 New ticket #{ticket.id}: **{ticket.subject}**',
  'ticket.replied': '💬 New {by} reply on ticket #{ticket.id}: **{ticket.subject}**',
  'announcement.published': '📣 New announcement: **{announcement.title}**',
  'settings.changed': '⚙️ Panel settings changed: {keys}',
});

/** The config key of an event's template: template_ticket_opened for ticket.opened. */
export const templateKey = (/** @type {string} */ event) => `template_${event.replace(/\./g, '_')}`;

/** Discord's own hosts, canary and PTB included; the path is /api[/vN]/webhooks/<id>/<token>. */
const WEBHOOK_URL =
  /^https:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/api\/(?:v\d+\/)?webhooks\/\d+\/[\w-]+\/?(?:\?[\w=&-]*)?$/;
export const isWebhookUrl = (/** @type {unknown} */ url) => typeof url === 'string' && WEBHOOK_URL.test(url);

/** Discord refuses a message longer than this. */
const MAX_CONTENT = 2000;
/** The longest rate-limit pause waited for: the hook has 5 s in all. */
const MAX_RETRY_WAIT_MS = 3000;

/** Markdown characters escaped in values, so a ticket subject like **hi** is shown as typed. */
const escapeMarkdown = (/** @type {string} */ text) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');

/**
 * Fills {path.to.value} placeholders from the event's data; {event} and {at} name the event and its
 * time. A list is joined with commas, {delta} gets its sign; an unknown placeholder is left as written
 * (so a typo shows in the channel rather than vanishing).
 * @param {string} template
 * @param {PluginEvent} event
 */
export function renderTemplate(template, event) {
  /** @type {Record<string, unknown>} */
  const root = { ...event.data, event: event.name, at: event.at };
  return template.replace(/\{([a-z_][\w.]*)\}/gi, (whole, /** @type {string} */ path) => {
    /** @type {unknown} */
    let value = root;
    for (const part of path.split('.')) {
      value = value && typeof value === 'object' ? /** @type {Record<string, unknown>} */ (value)[part] : undefined;
    }
    if (value === undefined) return whole;
    if (value === null) return '—';
    if (path === 'delta' && typeof value === 'number' && value > 0) return `+${value}`;
    if (Array.isArray(value)) return escapeMarkdown(value.join(', '));
    if (typeof value === 'object') return whole;
    return escapeMarkdown(String(value));
  });
}

/** The events staff chose (a list; a single value is accepted too). */
const chosenEvents = (/** @type {Config} */ config) =>
  Array.isArray(config.events) ? config.events : config.events ? [config.events] : [];

/**
 * The webhook body Discord expects. allowed_mentions parse [] keeps @everyone, roles and users in a
 * member's username or ticket subject from pinging anyone.
 * @param {Config} config
 * @param {PluginEvent} event
 */
export function webhookBody(config, event) {
  const configured = config[templateKey(event.name)];
  const template =
    typeof configured === 'string' && configured.trim() !== '' ? configured : defaultTemplates[event.name];
  let content = renderTemplate(template, event);
  if (content.length > MAX_CONTENT) content = `${content.slice(0, MAX_CONTENT - 1)}…`;
  /** @type {{ content: string, username?: string, allowed_mentions: { parse: string[] } }} */
  const body = { content, allowed_mentions: { parse: [] } };
  const username = typeof config.username === 'string' ? config.username.trim() : '';
  if (username) body.username = username.slice(0, 80);
  return body;
}

/** How long Discord asks us to wait, in ms: the JSON body's retry_after (seconds), else Retry-After. */
async function retryAfterMs(/** @type {Response} */ res) {
  try {
    const body = /** @type {{ retry_after?: unknown }} */ (await res.clone().json());
    if (typeof body.retry_after === 'number') return body.retry_after * 1000;
  } catch {
    // Not JSON: fall back to the header.
  }
  const header = Number(res.headers.get('retry-after'));
  return Number.isFinite(header) ? header * 1000 : Number.NaN;
}

const wait = (/** @type {number} */ ms, /** @type {AbortSignal} */ signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
  });

/**
 * Posts one event if staff chose it. A non-2xx answer throws, so the panel logs and counts the
 * failure; a 429 is retried once after Discord's retry_after when that fits in the hook's time.
 * @param {PluginEvent} event
 * @param {Context} ctx
 */
export async function postEvent(event, ctx) {
  if (!chosenEvents(ctx.config).includes(event.name)) return;
  const url = ctx.config.webhook_url;
  if (!isWebhookUrl(url)) {
    throw new Error('The webhook URL is not set or is not a Discord webhook URL (https://discord.com/api/webhooks/…)');
  }
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(webhookBody(ctx.config, event)),
    signal: ctx.signal,
  };
  let res = await ctx.fetch(/** @type {string} */ (url), init);
  if (res.status === 429) {
    const ms = await retryAfterMs(res);
    if (!(ms >= 0 && ms <= MAX_RETRY_WAIT_MS)) {
      throw new Error(`Discord rate-limited the webhook (retry after ${Number.isNaN(ms) ? '?' : ms} ms)`);
    }
    ctx.log.warn('Discord rate-limited the webhook; retrying once', { event: event.name, retry_after_ms: ms });
    await wait(ms, ctx.signal);
    res = await ctx.fetch(/** @type {string} */ (url), init);
  }
  if (!res.ok) {
    const detail = (await res.text().catch(() => '')).slice(0, 200);
    throw new Error(`Discord answered ${res.status}${detail ? `: ${detail}` : ''}`);
  }
}

export default definePlugin(
  /** @type {import('@hostdeck/plugin-sdk').PluginDefinition<Config>} */ ({
    // One hook per event: each posts only when staff chose that event.
    hooks: Object.fromEntries(pluginEvents.map((name) => [name, postEvent])),
  }),
);
