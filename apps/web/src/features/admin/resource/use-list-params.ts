import { useSearchParams } from 'react-router';

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
  return { params: apiParams, get: (k: string) => params.get(k) ?? '', set };
}
