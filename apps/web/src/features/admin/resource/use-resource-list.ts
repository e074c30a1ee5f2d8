import { useCan } from '../../../lib/permissions.ts';
import { useListParams } from './use-list-params.ts';

/** What the signed-in member may do with a resource whose permissions are `<prefix>.create|edit|delete`. */
export function useResourceCan(prefix: string) {
  return {
    create: useCan(`${prefix}.create`),
    edit: useCan(`${prefix}.edit`),
    remove: useCan(`${prefix}.delete`),
  };
}

/**
 * A resource list page's state: the URL's list parameters (with the resource's own `filters`), the
 * page they ask for, and what the member may do (`<prefix>.create|edit|delete`).
 */
export function useResourceList<Api extends { useList(params: URLSearchParams): unknown }>(
  api: Api,
  prefix: string,
  filters: readonly string[] = [],
) {
  const list = useListParams(filters);
  const query = api.useList(list.params) as ReturnType<Api['useList']>;
  return { list, query, can: useResourceCan(prefix) };
}
