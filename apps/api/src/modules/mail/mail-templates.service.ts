import {
  allowedMailVariables,
  type MailTemplate,
  type MailTemplateKey,
  type MailTemplateSummary,
  type MailTemplateUpdate,
  mailTemplateKeys,
  mailVariableDescriptions,
} from '@hostdeck/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailTemplates } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { defaultMailTemplates } from './template-defaults.ts';

type Override = typeof mailTemplates.$inferSelect;

function present(key: MailTemplateKey, override: Override | undefined): MailTemplate {
  const def = defaultMailTemplates[key];
  return {
    key,
    subject: override?.subject ?? def.subject,
    html: override?.html ?? def.html,
    edited: override !== undefined,
    updated_at: override?.updatedAt.toISOString() ?? null,
    default_subject: def.subject,
    default_html: def.html,
    variables: allowedMailVariables(key).map((name) => ({ name, description: mailVariableDescriptions[name] ?? '' })),
  };
}

/**
 * The fixed set of mail templates in the admin area: each is its default (in code) unless staff
 * saved an override. Saving the default text back, or "reset", removes the override.
 */
export class MailTemplatesService {
  constructor(private readonly db: Db) {}

  async list(): Promise<MailTemplateSummary[]> {
    const overrides = new Map((await this.db.select().from(mailTemplates)).map((o) => [o.key, o]));
    return mailTemplateKeys.map((key) => {
      const { subject, edited, updated_at } = present(key, overrides.get(key));
      return { key, subject, edited, updated_at };
    });
  }

  async get(key: MailTemplateKey): Promise<MailTemplate> {
    const [override] = await this.db.select().from(mailTemplates).where(eq(mailTemplates.key, key));
    return present(key, override);
  }

  async update(actor: Actor, key: MailTemplateKey, body: MailTemplateUpdate): Promise<MailTemplate> {
    const def = defaultMailTemplates[key];
    const isDefault = body.subject === def.subject && body.html === def.html;
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await this.lock(tx, key);
      // Compared with what the editor loaded (null: it showed the default), so a parallel edit is not lost.
      if (
        (current?.updatedAt.toISOString() ?? null) !==
        (body.updated_at ? new Date(body.updated_at).toISOString() : null)
      )
        throw new AppError(
          'STALE_RECORD',
          'Someone changed this template after you opened it; reload it and make your change again',
        );
      let saved: Override | undefined;
      if (isDefault) await tx.delete(mailTemplates).where(eq(mailTemplates.key, key));
      else
        [saved] = await tx
          .insert(mailTemplates)
          .values({ key, subject: body.subject, html: body.html, updatedBy: actor.id, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: mailTemplates.key,
            set: { subject: body.subject, html: body.html, updatedBy: actor.id, updatedAt: new Date() },
          })
          .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: isDefault ? 'mail_template.reset' : 'mail_template.update',
        targetType: 'mail_template',
        targetId: key,
        before: { subject: current?.subject ?? def.subject, html: current?.html ?? def.html },
        after: { subject: body.subject, html: body.html },
      });
      return present(key, saved);
    });
  }

  /** "Reset to default": deletes the override (a template already at its default stays as it is). */
  async reset(actor: Actor, key: MailTemplateKey): Promise<void> {
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await this.lock(tx, key);
      if (!current) return;
      await tx.delete(mailTemplates).where(eq(mailTemplates.key, key));
      const def = defaultMailTemplates[key];
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'mail_template.reset',
        targetType: 'mail_template',
        targetId: key,
        before: { subject: current.subject, html: current.html },
        after: { subject: def.subject, html: def.html },
      });
    });
  }

  /** One template's edits queue behind each other, whether or not an override row exists yet. */
  private async lock(tx: Db, key: MailTemplateKey): Promise<Override | undefined> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail_template:${key}`}))`);
    const [row] = await tx.select().from(mailTemplates).where(eq(mailTemplates.key, key));
    return row;
  }
}
