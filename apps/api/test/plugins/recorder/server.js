// @ts-check
import { definePlugin, PluginError, pluginEvents } from '@hostdeck/plugin-sdk';

/** Counts each event it sees in its store, and keeps the last payload of each. */
const record = async (event, ctx) => {
  const n = (await ctx.store.get(`count:${event.name}`)) ?? 0;
  await ctx.store.set(`count:${event.name}`, n + 1);
  await ctx.store.set(`last:${event.name}`, event.data);
  await ctx.store.set(`seen:${event.id}`, ((await ctx.store.get(`seen:${event.id}`)) ?? 0) + 1);
};

export default definePlugin({
  // Every event the panel has: the triggers are tested through it.
  hooks: Object.fromEntries(pluginEvents.map((name) => [name, record])),
  jobs: [
    {
      name: 'tally',
      everySeconds: 60,
      run: async (ctx) => ctx.store.set('job:runs', ((await ctx.store.get('job:runs')) ?? 0) + 1),
    },
  ],
  routes: [
    {
      method: 'GET',
      path: '/echo/:value',
      access: 'public',
      handler: (ctx) => ({ success: true, value: ctx.request.params.value }),
    },
    {
      method: 'GET',
      path: '/hello',
      access: 'public',
      handler: (ctx) => ({ success: true, greeting: ctx.config.greeting }),
    },
    {
      method: 'GET',
      path: '/whoami',
      access: 'session',
      handler: (ctx) => ({ success: true, member: ctx.request.member?.username, token_set: Boolean(ctx.config.token) }),
    },
    {
      method: 'GET',
      path: '/count/:event',
      access: { permission: 'plugin.recorder.peek' },
      handler: async (ctx) => ({
        success: true,
        count: (await ctx.store.get(`count:${ctx.request.params.event}`)) ?? 0,
      }),
    },
    {
      method: 'POST',
      path: '/gift',
      access: 'session',
      handler: async (ctx) => {
        const member = /** @type {NonNullable<typeof ctx.request.member>} */ (ctx.request.member);
        const result = await ctx.coins.credit(member.id, 5, {
          key: `gift:${member.id}`,
          reason: 'A gift from the recorder',
        });
        if (!result.credited) throw new PluginError(409, 'ALREADY_GIFTED', 'Only one gift each');
        return { success: true, ...result };
      },
    },
    {
      method: 'GET',
      path: '/boom',
      access: 'public',
      handler: () => {
        throw new Error('kaboom');
      },
    },
  ],
});
