import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { type ApiFormExtras, useApiForm } from '../../auth/use-api-form.ts';

/** What every editable resource item has: an id, and the version an update must carry. */
export interface Versioned {
  id: number | string;
  updated_at: string;
}

/** The two mutations of `resourceApi` an editor needs. */
export interface EditorApi<Create, Update> {
  useCreate(): { mutateAsync: (body: Create) => Promise<unknown> };
  useUpdate(id: string): { mutateAsync: (body: Update) => Promise<unknown> };
}

export interface EditorOptions<Item extends Versioned, Schema extends z.ZodType<FieldValues>, Create, Update> {
  api: EditorApi<Create, Update>;
  /** The item being edited; undefined on the create page. */
  item: Item | undefined;
  /** The contract's create schema (the form's values). */
  create: Schema;
  /** The contract's update schema; its `updated_at` is not a field, it is sent from the loaded item. */
  update: z.ZodObject;
  defaults: (item: Item | undefined) => DefaultValues<z.output<Schema>>;
  /** Where a saved form goes (the list). */
  listPath: string;
  /** A unique field: ALREADY_EXISTS from the server is this field's problem, shown with this translation key. */
  unique?: { field: Path<z.output<Schema>>; message: string };
  /** The create body, when it is not the form's values as they are. */
  toCreate?: (values: z.output<Schema>) => Create;
  /** The update body (without `updated_at`), when it is not the form's values as they are. */
  toUpdate?: (values: z.output<Schema>) => Omit<Update, 'updated_at'>;
  extras?: ApiFormExtras;
}

/**
 * The create-or-update form of one resource item: the contract's schema for the page (create, or
 * update without its version), the mutation that fits, `updated_at` from the loaded item (stale edits
 * are refused by the server), a taken unique value on its field, and back to the list once saved.
 */
export function useResourceEditor<
  Item extends Versioned,
  Schema extends z.ZodType<FieldValues>,
  Create = z.output<Schema>,
  Update = unknown,
>(options: EditorOptions<Item, Schema, Create, Update>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { item, unique } = options;
  const create = options.api.useCreate();
  const update = options.api.useUpdate(String(item?.id ?? ''));
  const editor = useApiForm<z.output<Schema>>(
    (item ? options.update.omit({ updated_at: true }) : options.create) as never,
    async (values) => {
      try {
        if (item) {
          const body = options.toUpdate ? options.toUpdate(values) : values;
          await update.mutateAsync({ ...body, updated_at: item.updated_at } as Update);
        } else {
          await create.mutateAsync((options.toCreate ? options.toCreate(values) : values) as Create);
        }
      } catch (err) {
        if (unique && err instanceof ApiError && err.code === 'ALREADY_EXISTS') {
          editor.form.setError(unique.field, { message: t(unique.message) });
          return;
        }
        throw err;
      }
      await navigate(options.listPath);
    },
    { defaultValues: options.defaults(item) },
    options.extras,
  );
  return { ...editor, errors: editor.form.formState.errors };
}

export type ResourceEditor<Values extends FieldValues> = ReturnType<typeof useApiForm<Values>>;
