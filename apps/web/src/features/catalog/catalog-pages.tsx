import {
  EggCategoryCreateSchema,
  EggCategoryUpdateSchema,
  EggCreateSchema,
  EggUpdateSchema,
  LocationCreateSchema,
  LocationUpdateSchema,
  locationStatuses,
  type PanelFlavour,
} from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Loading } from '../../components/ui/loading.tsx';
import type { resourceApi } from '../../lib/resource-api.ts';
import { usePanelFlavour } from '../admin/api.ts';
import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { ImportButton } from '../admin/resource/import-button.tsx';
import { ResourceEditPage } from '../admin/resource/resource-edit-page.tsx';
import { type FieldSpec, ResourceForm } from '../admin/resource/resource-form.tsx';
import { type Column, ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { categoriesApi, eggsApi, locationsApi } from './api.ts';
import { CatalogueDemoOffer } from './catalogue-demo-offer.tsx';

type Api = ReturnType<typeof resourceApi<{ id: number; name: string; updated_at: string }>>;
type T = (k: string) => string;

/** What the forms and lists adapt to: the panel software (null: not known, so both panels' fields). */
interface CatalogContext {
  panelFlavour: PanelFlavour | null;
}

/** What distinguishes one catalogue resource from another; the pages are the same. */
interface CatalogResource {
  path: string;
  title: string;
  permission: string;
  api: Api;
  create: z.ZodObject;
  update: z.ZodObject;
  fields: (t: T, ctx: CatalogContext) => FieldSpec[];
  defaults: Record<string, unknown>;
  columns: (t: T, ctx: CatalogContext) => Column<Record<string, unknown>>[];
  /** Translation key of what "Import from panel" takes from each panel software. */
  importHelp: string;
}

const yes = (t: T, v: unknown) => (v ? t('catalog.yes') : t('catalog.no'));
/** A record's link to the panel: the Pterodactyl field, the Pelican one, or both while the panel is unknown. */
const panelLink = (ctx: CatalogContext, pterodactyl: FieldSpec, pelican: FieldSpec): FieldSpec[] =>
  ctx.panelFlavour === null ? [pterodactyl, pelican] : [ctx.panelFlavour === 'pelican' ? pelican : pterodactyl];
const common = (t: T): Column<Record<string, unknown>>[] => [
  {
    key: 'name',
    header: t('catalog.fields.name'),
    sortable: true,
    render: (r) => <span className="font-medium">{String(r.name)}</span>,
  },
];

const resources: Record<string, CatalogResource> = {
  locations: {
    path: 'locations',
    title: 'admin.nav.locations',
    permission: 'admin.locations',
    api: locationsApi as unknown as Api,
    create: LocationCreateSchema,
    update: LocationUpdateSchema,
    fields: (t, ctx) => [
      { name: 'name', label: 'catalog.fields.name', type: 'text' },
      { name: 'description', label: 'catalog.fields.description', type: 'textarea', nullable: true },
      { name: 'slots', label: 'catalog.fields.slots', type: 'number', nullable: true, hint: 'catalog.hints.slots' },
      {
        name: 'status',
        label: 'catalog.fields.status',
        type: 'select',
        options: locationStatuses.map((s) => ({ value: s, label: t(`catalog.statuses.${s}`) })),
      },
      { name: 'vip', label: 'catalog.fields.vip', type: 'checkbox' },
      ...panelLink(
        ctx,
        { name: 'panel_location_id', label: 'catalog.fields.panel_location_id', type: 'number', nullable: true },
        {
          name: 'panel_node_tags',
          label: 'catalog.fields.panel_node_tags',
          type: 'tags',
          hint: 'catalog.hints.panel_node_tags',
          maxLength: 64,
        },
      ),
      { name: 'icon', label: 'catalog.fields.icon', type: 'url', nullable: true, picker: true },
    ],
    defaults: {
      name: '',
      description: null,
      slots: null,
      status: 'online',
      vip: false,
      panel_location_id: null,
      panel_node_tags: [],
      icon: null,
    },
    columns: (t, ctx) => [
      ...common(t),
      { key: 'status', header: t('catalog.fields.status'), render: (r) => t(`catalog.statuses.${String(r.status)}`) },
      { key: 'slots', header: t('catalog.fields.slots'), render: (r) => (r.slots === null ? '∞' : String(r.slots)) },
      { key: 'vip', header: t('catalog.fields.vip'), render: (r) => yes(t, r.vip) },
      ...(ctx.panelFlavour === 'pelican'
        ? [
            {
              key: 'panel_node_tags',
              header: t('catalog.nodeTags'),
              render: (r: Record<string, unknown>) => nodeTags(t, r.panel_node_tags as string[]),
            },
          ]
        : []),
    ],
    importHelp: 'catalog.importHelp.locations',
  },
  'egg-categories': {
    path: 'egg-categories',
    title: 'admin.nav.eggCategories',
    permission: 'admin.nests',
    api: categoriesApi as unknown as Api,
    create: EggCategoryCreateSchema,
    update: EggCategoryUpdateSchema,
    fields: (_t, ctx) => [
      { name: 'name', label: 'catalog.fields.name', type: 'text' },
      { name: 'description', label: 'catalog.fields.description', type: 'textarea', nullable: true },
      { name: 'enabled', label: 'catalog.fields.enabled', type: 'checkbox' },
      ...panelLink(
        ctx,
        { name: 'panel_nest_id', label: 'catalog.fields.panel_nest_id', type: 'number', nullable: true },
        // Empty is null (no tag); "" (the eggs without a tag) is set by the import, and kept.
        {
          name: 'panel_egg_tag',
          label: 'catalog.fields.panel_egg_tag',
          type: 'text',
          nullable: true,
          blank: 'catalog.untaggedEggs',
          hint: 'catalog.hints.panel_egg_tag',
          maxLength: 64,
        },
      ),
      { name: 'icon', label: 'catalog.fields.icon', type: 'url', nullable: true, picker: true },
    ],
    defaults: { name: '', description: null, enabled: true, panel_nest_id: null, panel_egg_tag: null, icon: null },
    columns: (t) => [
      ...common(t),
      { key: 'eggs', header: t('admin.nav.eggs'), render: (r) => String(r.eggs) },
      { key: 'enabled', header: t('catalog.fields.enabled'), render: (r) => yes(t, r.enabled) },
    ],
    importHelp: 'catalog.importHelp.categories',
  },
  eggs: {
    path: 'eggs',
    title: 'admin.nav.eggs',
    permission: 'admin.egg',
    api: eggsApi as unknown as Api,
    create: EggCreateSchema,
    update: EggUpdateSchema,
    fields: () => [
      { name: 'name', label: 'catalog.fields.name', type: 'text' },
      { name: 'description', label: 'catalog.fields.description', type: 'textarea', nullable: true },
      { name: 'category_id', label: 'catalog.fields.category', type: 'number' },
      { name: 'enabled', label: 'catalog.fields.enabled', type: 'checkbox' },
      { name: 'vip', label: 'catalog.fields.vip', type: 'checkbox' },
      { name: 'docker_image', label: 'catalog.fields.docker_image', type: 'text' },
      { name: 'startup', label: 'catalog.fields.startup', type: 'textarea' },
      {
        name: 'panel_egg_id',
        label: 'catalog.fields.panel_egg_id',
        type: 'number',
        nullable: true,
        hint: 'catalog.hints.panel_egg_id',
      },
      { name: 'icon', label: 'catalog.fields.icon', type: 'url', nullable: true, picker: true },
    ],
    defaults: {
      name: '',
      description: null,
      category_id: undefined,
      enabled: true,
      vip: false,
      docker_image: '',
      startup: '',
      panel_egg_id: null,
      icon: null,
    },
    columns: (t) => [
      ...common(t),
      {
        key: 'docker_image',
        header: t('catalog.fields.docker_image'),
        render: (r) => <code className="text-xs">{String(r.docker_image)}</code>,
      },
      { key: 'vip', header: t('catalog.fields.vip'), render: (r) => yes(t, r.vip) },
      {
        key: 'enabled',
        header: t('catalog.fields.enabled'),
        // Members are never offered an egg without its panel egg; say so where staff look.
        render: (r) => (r.panel_egg_id === null ? t('catalog.notLinked') : yes(t, r.enabled)),
      },
    ],
    importHelp: 'catalog.importHelp.eggs',
  },
};

/** A location's Pelican node tags; none means any node. */
const nodeTags = (t: T, tags: string[]) => (tags.length === 0 ? t('catalog.anyNode') : tags.join(', '));

export function CatalogList({ name }: { name: string }) {
  const { t } = useTranslation();
  const r = resources[name] as CatalogResource;
  const { flavour } = usePanelFlavour();
  const { list, query, can } = useResourceList(r.api, r.permission, ['status', 'vip', 'enabled', 'category_id']);
  const base = `/mc-admin/${r.path}`;
  // Empty, not merely filtered to nothing: the first-run case.
  const empty =
    query.data?.total === 0 && ![...list.params.keys()].some((k) => !['page', 'per_page', 'sort'].includes(k));
  return (
    <ResourceList<Record<string, unknown>>
      title={t(r.title)}
      list={list}
      query={query as never}
      rowKey={(row) => String(row.id)}
      createPath={can.create ? `${base}/create` : undefined}
      toolbar={
        can.create ? (
          <>
            <CatalogueDemoOffer empty={empty} />
            <ImportButton path={r.path} invalidate={r.api.all} help={t(r.importHelp)} />
          </>
        ) : undefined
      }
      columns={r.columns(t, { panelFlavour: flavour })}
      actions={(row) => <RowActions to={`${base}/${row.id}`} edit={can.edit} remove={can.remove} />}
    />
  );
}

export function CatalogForm({ name }: { name: string }) {
  const { t } = useTranslation();
  const r = resources[name] as CatalogResource;
  const { flavour, pending } = usePanelFlavour();
  // The fields depend on the panel, and the form's values on the fields: wait for it.
  if (pending) return <Loading label={t('common.loading')} />;
  const fields = r.fields(t, { panelFlavour: flavour });
  return (
    <ResourceEditPage api={r.api}>
      {(editing) => (
        <ResourceForm
          title={`${t(r.title)} · ${editing ? editing.name : t('resource.create')}`}
          fields={fields}
          api={r.api}
          item={editing}
          create={r.create}
          update={r.update}
          listPath={`/mc-admin/${r.path}`}
          defaults={(item) =>
            item
              ? Object.fromEntries(fields.map((f) => [f.name, (item as Record<string, unknown>)[f.name]]))
              : r.defaults
          }
        />
      )}
    </ResourceEditPage>
  );
}

export function CatalogDelete({ name }: { name: string }) {
  const r = resources[name] as CatalogResource;
  return <ResourceDeletePage api={r.api} label={(item) => item.name} listPath={`/mc-admin/${r.path}`} />;
}
