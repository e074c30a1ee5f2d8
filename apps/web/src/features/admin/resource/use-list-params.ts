import { useSearchParams } from 'react-router';

/** The list parameters that do not narrow what is shown. */
const notNarrowing = ['page', 'per_page', 'sort'];

/**
 * The list's state lives in the URL (page, search, sort and the resource's own filters), so every
 * view is linkable and survives a refresh. Unknown keys are dropped before they reach the API.
 */
export function useListParams(filters: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const allowed = ['page', 'per_page', 'search', 'sort', ...filters];
  const apiParams = new URLSearchParams([...params].filter(([k, v]) => allowed.includes(k) && v !== ''));
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  // A search or filter is set (also one the page keeps out of the API parameters, like a status it
  // defaults itself): an empty list then means "no match", not "nothing yet".
  const narrowed = [...params].some(([k, v]) => v !== '' && !notNarrowing.includes(k));
  return { params: apiParams, get: (k: string) => params.get(k) ?? '', set, narrowed };
}
