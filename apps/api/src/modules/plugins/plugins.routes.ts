import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PluginClientListSchema,
  PluginConfigBodySchema,
  PluginDetailSchema,
  PluginIdentifierParamsSchema,
  PluginListSchema,
  PluginPermissionListSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { type Access, access, authenticate } from '../../plugins/access.ts';
import { matchRoute } from './plugins.loader.ts';
import { isPluginError } from './plugins.registry.ts';
import { scopeCss } from './plugins.scope-css.ts';

/** Plugins: staff's pages (list, enable, configure), the browser's part, and each plugin's own routes. */
export async function pluginsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const registry = () => app.ctx.plugins;
  const tags = ['admin'];
  const base = '/api/admin/plugins';
  const params = PluginIdentifierParamsSchema;
  const detail = (data: Awaited<ReturnType<ReturnType<typeof registry>['detail']>>) => ({
    success: true as const,
    data,
  });

  app.get(
    base,
    {
      config: { access: access.permission('admin.plugins.list') },
      schema: {
        tags,
        summary: 'Every plugin found (bundled, DATA_DIR/plugins, npm hostdeck-plugin-*), with its status and failures',
        response: { 200: PluginListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await registry().list() }),
  );

  app.post(
    `${base}/rescan`,
    {
      config: { access: access.permission('admin.plugins.edit') },
      schema: {
        tags,
        summary: 'Look at the plugin folders again (a plugin just copied in appears, without a restart)',
        response: { 200: PluginListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      await registry().rescan();
      return { success: true as const, data: await registry().list() };
    },
  );

  app.get(
    `${base}/permissions`,
    {
      config: { access: access.permission('admin.roles.list') },
      schema: {
        tags,
        summary: 'The permissions installed plugins add (for the role editor)',
        response: { 200: PluginPermissionListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await registry().permissions() }),
  );

  app.get(
    `${base}/:identifier`,
    {
      config: { access: access.permission('admin.plugins.list') },
      schema: {
        tags,
        summary: 'One plugin with its configuration fields and values (secrets never sent, only whether they are set)',
        params,
        response: { 200: PluginDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => detail(await registry().detail(req.params.identifier)),
  );

  for (const [verb, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `${base}/:identifier/${verb}`,
      {
        config: { access: access.permission('admin.plugins.edit') },
        schema: {
          tags,
          summary: enabled
            ? 'Enable a plugin: its code loads and its hooks run at once, on every instance'
            : 'Disable a plugin: its hooks, routes, jobs and client part stop at once, on every instance',
          params,
          response: { 200: PluginDetailSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (req) => detail(await registry().setEnabled(actorOf(req), req.params.identifier, enabled)),
    );
  }

  app.put(
    `${base}/:identifier/config`,
    {
      config: { access: access.permission('admin.plugins.edit') },
      schema: {
        tags,
        summary:
          'Save a plugin\'s configuration, checked against its fields (a secret left out keeps its value; "" clears it)',
        params,
        body: PluginConfigBodySchema,
        response: { 200: PluginDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => detail(await registry().saveConfig(actorOf(req), req.params.identifier, req.body.values)),
  );

  app.get(
    '/api/plugins/client',
    {
      config: { access: access.public },
      schema: {
        tags: ['system'],
        summary:
          'The enabled plugins with a part in the browser (also written into the page, so start-up does not ask)',
        response: { 200: PluginClientListSchema },
      },
    },
    async () => ({ success: true as const, data: registry().clientEntries() }),
  );

  // The client files of an enabled plugin; the stylesheet scoped to its components.
  for (const [file, type] of [
    ['client.js', 'text/javascript; charset=utf-8'],
    ['client.css', 'text/css; charset=utf-8'],
  ] as const) {
    app.get(
      `/api/plugins/:identifier/${file}`,
      {
        config: { access: access.public },
        schema: {
          tags: ['system'],
          summary: `An enabled plugin's ${file === 'client.js' ? 'client entry (an ES module)' : 'stylesheet, scoped to its components'}`,
          params,
          response: { 200: z.string(), ...errorResponses(404) },
        },
      },
      async (req, reply) => {
        const plugin = registry().runningPlugin(req.params.identifier);
        const entry = file === 'client.js' ? plugin?.manifest.client : plugin?.manifest.style;
        if (!plugin || !entry) throw new AppError('NOT_FOUND', 'This plugin has no such file, or is not enabled');
        const text = await readFile(join(plugin.dir, entry), 'utf8');
        return reply
          .type(type)
          .header('cache-control', 'public, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .send(file === 'client.css' ? scopeCss(text, plugin.manifest.identifier) : text);
      },
    );
  }

  // Each plugin's own routes. Fastify sees one public catch-all; the plugin's rule for the matched
  // route is then applied by the same authenticate() as every other route (CSRF is checked before,
  // for every state-changing request, by the security hook).
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/plugins/:identifier/*',
    config: { access: access.public },
    schema: {
      tags: ['plugins'],
      summary: "A plugin's own route (its access rule is the plugin's: public, signed in, or a permission)",
      params: z.object({ identifier: z.string(), '*': z.string() }),
    },
    handler: (req, reply) => pluginRoute(req, reply),
  });
}

async function pluginRoute(req: FastifyRequest, reply: FastifyReply) {
  const { identifier, '*': rest } = req.params as { identifier: string; '*': string };
  const registry = req.server.ctx.plugins;
  const plugin = registry.runningPlugin(identifier);
  if (!plugin) throw new AppError('NOT_FOUND', 'This plugin is not enabled, or does not exist');
  const path = `/${rest}`;
  const { route, params } = matchRoute(plugin.code.routes, req.method, path);
  if (!route) throw new AppError('NOT_FOUND', 'This plugin has no such route');
  const rule: Access =
    route.access === 'public'
      ? access.public
      : route.access === 'session'
        ? access.session
        : access.permission(route.access.permission);
  const auth = await authenticate(req, reply, rule);
  const member = auth
    ? {
        id: auth.account.user.id,
        username: auth.account.user.username,
        role: auth.account.role.level,
        permissions: [...auth.account.role.permissions],
      }
    : null;
  try {
    const body = await registry.run(
      identifier,
      `route ${route.method} ${route.path}`,
      registry.hookTimeoutMs,
      (signal) =>
        Promise.resolve(
          route.handler({
            ...registry.context(identifier, signal),
            request: {
              method: req.method,
              path,
              params,
              query: req.query as Record<string, string>,
              body: req.body,
              member,
            },
          }),
        ),
    );
    return reply.header('cache-control', 'no-store').send(body ?? { success: true });
  } catch (err) {
    if (isPluginError(err)) {
      const e = err;
      const status = Number.isInteger(e.status) && e.status >= 400 && e.status < 500 ? e.status : 400;
      return reply.status(status).send({ success: false, error_code: String(e.code).slice(0, 64), message: e.message });
    }
    if (err instanceof AppError) throw err;
    throw new AppError('PLUGIN_FAILED', 'The plugin could not answer; staff can see why on the plugins page');
  }
}
