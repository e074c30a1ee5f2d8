import {
  type AdminSetting,
  AdminSettingsResponseSchema,
  AdminSettingsUpdateBodySchema,
  ErrorEnvelopeSchema,
  hasPermission,
  ROOT_PERMISSION,
  settingsByKey,
  settingsCatalogue,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { access } from '../../plugins/access.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SettingsService } from './settings.service.ts';

/** Every catalogue entry with its current value; secrets only say whether they are set. */
function present(settings: SettingsService): AdminSetting[] {
  return settingsCatalogue.map((d) => {
    const secret = d.visibility === 'secret';
    return {
      key: d.key,
      type: d.type,
      group: d.group,
      visibility: d.visibility,
      description: d.description,
      value: secret ? null : settings.get(d.key),
      default: secret ? null : d.default,
      is_set: secret ? settings.string(d.key) !== '' : settings.isSet(d.key),
      ...(d.min !== undefined ? { min: d.min } : {}),
      ...(d.max !== undefined ? { max: d.max } : {}),
      ...(d.options ? { options: [...d.options] } : {}),
      ...(d.maxLength !== undefined ? { max_length: d.maxLength } : {}),
    };
  });
}

export async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { settings } = app.ctx;
  const errors = {
    400: ErrorEnvelopeSchema,
    401: ErrorEnvelopeSchema,
    403: ErrorEnvelopeSchema,
    409: ErrorEnvelopeSchema,
  };

  app.get(
    '/api/admin/settings',
    {
      config: { access: access.permission('admin.settings.view') },
      schema: {
        tags: ['admin'],
        summary: 'Every setting (secrets write-only)',
        response: { 200: AdminSettingsResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, settings: present(settings) }),
  );

  app.patch(
    '/api/admin/settings',
    {
      config: { access: access.permission('admin.settings.edit') },
      schema: {
        tags: ['admin'],
        summary: 'Change settings: all or none; null puts a key back to its default',
        body: AdminSettingsUpdateBodySchema,
        response: { 200: AdminSettingsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const rootOnly = Object.keys(req.body.values).filter((k) => settingsByKey.get(k)?.rootOnly);
      if (rootOnly.length > 0 && !hasPermission(actorOf(req).permissions, ROOT_PERMISSION)) {
        const message = 'Only an administrator holding admin.root can change this setting';
        throw new AppError('FORBIDDEN', message, Object.fromEntries(rootOnly.map((k) => [k, message])));
      }
      const before = Object.fromEntries(
        Object.keys(req.body.values).map((k) => [k, settingsByKey.has(k) ? settings.get(k) : null]),
      );
      await settings.update(req.body.values);
      await app.ctx.plugins.emit('settings.changed', { keys: Object.keys(req.body.values) });
      const after = Object.fromEntries(Object.keys(req.body.values).map((k) => [k, settings.get(k)]));
      await recordAudit(app.ctx.db, {
        actorId: actorOf(req).id,
        action: 'settings.update',
        targetType: 'settings',
        targetId: 'settings',
        before,
        after,
      });
      return { success: true as const, settings: present(settings) };
    },
  );
}
