import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type Page = () => Promise<ComponentType>;

/** An admin page: its path under /mc-admin, the permission that opens it, and its lazily loaded component. */
export interface AdminPage {
  path: string;
  permission: string;
  lazy: RouteObject['lazy'];
}

/**
 * The list, create, edit and delete pages of a resource at `<path>`, `<path>/create`,
 * `<path>/:id/edit` and `<path>/:id/delete`, behind `<permission>.list|create|edit|delete`
 * (the client's twin of the API's crudRoutes). Each page is its own chunk.
 */
export function crudPages({
  path,
  permission,
  list,
  form,
  remove,
}: {
  path: string;
  permission: string;
  list: Page;
  /** The one page of /create and /:id/edit. */
  form: Page;
  remove: Page;
}): AdminPage[] {
  const lazy = (page: Page) => () => page().then((Component) => ({ Component }));
  return [
    { path, permission: `${permission}.list`, lazy: lazy(list) },
    { path: `${path}/create`, permission: `${permission}.create`, lazy: lazy(form) },
    { path: `${path}/:id/edit`, permission: `${permission}.edit`, lazy: lazy(form) },
    { path: `${path}/:id/delete`, permission: `${permission}.delete`, lazy: lazy(remove) },
  ];
}
