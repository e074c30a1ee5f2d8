import { type PluginEvent, type PluginEventName, pluginEvents } from '@hostdeck/plugin-sdk';
import { createTestContext } from '@hostdeck/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import manifest from '../hostdeck-plugin.json' with { type: 'json' };
import plugin, { defaultTemplates, isWebhookUrl, renderTemplate, templateKey } from '../server.js';

const WEBHOOK = 'https://discord.com/api/webhooks/1234567890/abc_DEF-ghi';

type Call = { url: string; method?: string; headers: Record<string, string>; body: unknown };

/** A stand-in for Discord: records each request and answers from the list (the last one repeats). */
function discord(...answers: (() => Response)[]) {
  const calls: Call[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: JSON.parse(String(init?.body)),
    });
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    return answer ? answer() : new Response(null, { status: 204 });
  };
  return { calls, fetch };
}

function event<E extends PluginEventName>(name: E, data: PluginEvent<E>['data']): PluginEvent<E> {
  return { id: `evt-${name}`, name, at: '2025-11-28T10:00:00.000Z', data };
}

const ticketOpened = event('ticket.opened', {
  ticket: { id: 42, subject: 'Server **down** @everyone', user_id: 'u1', department: null },
});

function run<E extends PluginEventName>(e: PluginEvent<E>, config: Record<string, unknown>, fetch = discord().fetch) {
  const { ctx, logs } = createTestContext({ config: { webhook_url: WEBHOOK, ...config }, fetch });
  const hook = plugin.hooks?.[e.name] as (ev: PluginEvent<E>, c: typeof ctx) => Promise<void>;
  return { logs, done: hook(e, ctx) };
}

describe('discord-webhook', () => {
  it('hooks every event of the SDK', () => {
    expect(Object.keys(plugin.hooks ?? {}).sort()).toEqual([...pluginEvents].sort());
  });

  it('posts a chosen event as Discord webhook JSON, with mentions switched off', async () => {
    const d = discord();
    await run(ticketOpened, { events: ['ticket.opened'], username: 'Hostdeck' }, d.fetch).done;
    expect(d.calls).toEqual([
      {
        url: WEBHOOK,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: {
          content: '🎫 New ticket #42: **Server \\*\\*down\\*\\* @everyone**',
          username: 'Hostdeck',
          allowed_mentions: { parse: [] },
        },
      },
    ]);
  });

  it('posts nothing for an event that was not chosen', async () => {
    const d = discord();
    await run(ticketOpened, { events: ['server.created'] }, d.fetch).done;
    await run(ticketOpened, {}, d.fetch).done;
    expect(d.calls).toHaveLength(0);
  });

  it('uses the template staff wrote, and the default when it is empty; no username leaves it out', async () => {
    const d = discord();
    const created = event('server.created', {
      server: { id: 's1', name: 'Survival', owner_id: 'u1', status: 'active' },
    });
    await run(
      created,
      { events: ['server.created'], [templateKey('server.created')]: '{server.name} is up ({at})' },
      d.fetch,
    ).done;
    await run(created, { events: ['server.created'], [templateKey('server.created')]: '  ' }, d.fetch).done;
    expect(d.calls.map((c) => c.body)).toEqual([
      { content: 'Survival is up (2025\\-11\\-28T10:00:00.000Z)', allowed_mentions: { parse: [] } },
      { content: '🟢 Server **Survival** was created', allowed_mentions: { parse: [] } },
    ]);
  });

  it('throws on a non-2xx answer so the panel counts the failure', async () => {
    const d = discord(() => new Response('{"message": "Unknown Webhook", "code": 10015}', { status: 404 }));
    await expect(run(ticketOpened, { events: ['ticket.opened'] }, d.fetch).done).rejects.toThrow(
      /Discord answered 404.*Unknown Webhook/,
    );
  });

  it('waits for retry_after once on 429, then posts', async () => {
    const limited = () =>
      new Response(JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.01, global: false }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      });
    const d = discord(limited, () => new Response(null, { status: 204 }));
    const { done, logs } = run(ticketOpened, { events: ['ticket.opened'] }, d.fetch);
    await done;
    expect(d.calls).toHaveLength(2);
    expect(d.calls[1]?.body).toEqual(d.calls[0]?.body);
    expect(logs.map((l) => l.level)).toEqual(['warn']);
  });

  it('retries a 429 only once', async () => {
    const limited = () => new Response(JSON.stringify({ retry_after: 0.01 }), { status: 429 });
    const d = discord(limited);
    await expect(run(ticketOpened, { events: ['ticket.opened'] }, d.fetch).done).rejects.toThrow(
      /Discord answered 429/,
    );
    expect(d.calls).toHaveLength(2);
  });

  it('does not wait longer than the hook may run', async () => {
    const d = discord(() => new Response(JSON.stringify({ retry_after: 60 }), { status: 429 }));
    await expect(run(ticketOpened, { events: ['ticket.opened'] }, d.fetch).done).rejects.toThrow(/rate-limited/);
    expect(d.calls).toHaveLength(1);
  });

  it('refuses a webhook URL that is not Discord', async () => {
    const d = discord();
    const bad = run(
      ticketOpened,
      { events: ['ticket.opened'], webhook_url: 'https://evil.example/api/webhooks/1/x' },
      d.fetch,
    );
    await expect(bad.done).rejects.toThrow(/not a Discord webhook URL/);
    expect(d.calls).toHaveLength(0);
    expect(isWebhookUrl('https://discordapp.com/api/webhooks/1/tok')).toBe(true);
    expect(isWebhookUrl('https://canary.discord.com/api/v10/webhooks/1/tok')).toBe(true);
    expect(isWebhookUrl('http://discord.com/api/webhooks/1/tok')).toBe(false);
    expect(isWebhookUrl('https://discord.com.evil.example/api/webhooks/1/tok')).toBe(false);
  });

  it('the settings form refuses on save what the hook would refuse: the manifest’s pattern is the same rule', () => {
    const field = manifest.config.find((f) => f.key === 'webhook_url') as { pattern?: string };
    const pattern = new RegExp(field.pattern ?? '', 'u');
    for (const url of [
      WEBHOOK,
      'https://discordapp.com/api/webhooks/1/tok',
      'https://canary.discord.com/api/v10/webhooks/1/tok',
      'https://ptb.discord.com/api/webhooks/1/tok/?wait=true',
      'http://discord.com/api/webhooks/1/tok',
      'https://discord.com.evil.example/api/webhooks/1/tok',
      'https://evil.example/api/webhooks/1/x',
      'https://discord.com/api/webhooks/abc/tok',
    ])
      expect(pattern.test(url), url).toBe(isWebhookUrl(url));
  });
});

describe('templates', () => {
  it('fill placeholders from the event: nested paths, signed deltas, lists, nulls; unknown ones stay', () => {
    const coins = event('coins.changed', { user_id: 'u1', delta: 25, balance: 125, kind: 'afk' });
    expect(renderTemplate('{delta} → {balance} {nope} {user.x}', coins)).toBe('+25 → 125 {nope} {user.x}');
    expect(renderTemplate('{delta}', { ...coins, data: { ...coins.data, delta: -5 } })).toBe('\\-5');
    expect(renderTemplate('{keys}', event('settings.changed', { keys: ['site_name', 'theme'] }))).toBe(
      'site\\_name, theme',
    );
    expect(renderTemplate('{ticket.department}', ticketOpened)).toBe('—');
  });

  it('every default fills all of its placeholders from its event', () => {
    const samples: { [E in PluginEventName]: PluginEvent<E>['data'] } = {
      'member.registered': { user: { id: 'u1', username: 'steve', email: 's@example.com' } },
      'member.signed_in': { user: { id: 'u1', username: 'steve' }, method: 'password' },
      'server.queued': { server: { id: 's1', name: 'Lobby', owner_id: 'u1', status: 'queued' } },
      'server.created': { server: { id: 's1', name: 'Lobby', owner_id: 'u1', status: 'active' } },
      'server.renewed': {
        server: { id: 's1', name: 'Lobby', owner_id: 'u1', status: 'active' },
        renewed_until: '2025-12-28',
      },
      'server.suspended': { server: { id: 's1', name: 'Lobby', owner_id: 'u1', status: 'suspended' } },
      'server.deleted': { server: { id: 's1', name: 'Lobby', owner_id: 'u1', status: 'deleted' } },
      'coins.changed': { user_id: 'u1', delta: 5, balance: 10, kind: 'afk' },
      'purchase.completed': { user_id: 'u1', provider: 'stripe', coins: 500, amount: '4.99', currency: 'EUR' },
      'ticket.opened': ticketOpened.data,
      'ticket.replied': { ticket: ticketOpened.data.ticket, by: 'staff' },
      'announcement.published': { announcement: { id: 1, title: 'Hello', published_at: '2025-11-28T10:00:00Z' } },
      'settings.changed': { keys: ['site_name'] },
    };
    for (const name of pluginEvents) {
      const text = renderTemplate(defaultTemplates[name], event(name, samples[name] as never));
      expect(text, name).not.toMatch(/\{[\w.]+\}/);
    }
  });

  it('the manifest offers every event and shows the same default templates', () => {
    const events = manifest.config.find((f) => f.key === 'events');
    expect(events?.options?.map((o) => o.value)).toEqual([...pluginEvents]);
    for (const name of pluginEvents) {
      expect(manifest.config.find((f) => f.key === templateKey(name))?.default, name).toBe(defaultTemplates[name]);
    }
  });
});
