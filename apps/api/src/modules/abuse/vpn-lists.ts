import { readFile } from 'node:fs/promises';
import { type RangeTable, RangeTableBuilder } from './vpn-ranges.ts';

/** Longest wait for one list download. */
export const LIST_FETCH_TIMEOUT_MS = 15_000;
/** A list larger than this is refused (a public VPN list of a million lines is ~20 MB). */
const LIST_MAX_BYTES = 64 * 1024 * 1024;

export interface ListLoadResult {
  table: RangeTable;
  /** Sources that could not be read this time (their previous copy, if any, was used). */
  failed: { source: string; error: string }[];
  /** Lines in the lists that were not an address, CIDR or range. */
  invalidLines: number;
}

/** The sources of the vpn_block_lists setting: one URL or file path per line; # starts a comment. */
export function listSources(setting: string): string[] {
  const sources = setting
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l !== '');
  return [...new Set(sources)];
}

async function download(url: string, timeoutMs: number): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > LIST_MAX_BYTES) throw new Error(`list larger than ${LIST_MAX_BYTES} bytes`);
  const text = await res.text();
  if (text.length > LIST_MAX_BYTES) throw new Error(`list larger than ${LIST_MAX_BYTES} bytes`);
  return text;
}

/** Reads one source: http(s) URLs are downloaded, anything else is a file on this server. */
export function readSource(source: string, timeoutMs = LIST_FETCH_TIMEOUT_MS): Promise<string> {
  return /^https?:\/\//i.test(source) ? download(source, timeoutMs) : readFile(source, 'utf8');
}

/**
 * Loads every source and builds one table. A source that fails keeps its last good text (from
 * `previous`, which this updates), so a provider's bad hour does not empty the table.
 */
export async function loadLists(
  sources: string[],
  previous: Map<string, string>,
  read: (source: string) => Promise<string> = readSource,
): Promise<ListLoadResult> {
  const failed: ListLoadResult['failed'] = [];
  const texts = await Promise.all(
    sources.map(async (source) => {
      try {
        const text = await read(source);
        previous.set(source, text);
        return text;
      } catch (err) {
        failed.push({ source, error: err instanceof Error ? err.message : String(err) });
        return previous.get(source) ?? '';
      }
    }),
  );
  // Sources no longer configured are forgotten.
  for (const key of [...previous.keys()]) if (!sources.includes(key)) previous.delete(key);
  const builder = new RangeTableBuilder();
  for (const text of texts) builder.addList(text);
  return { table: builder.build(), failed, invalidLines: builder.invalid };
}
