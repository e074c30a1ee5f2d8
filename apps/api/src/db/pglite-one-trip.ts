import { type PGlite, protocol, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';

/**
 * PGlite runs a query with parameters as six calls into its engine (parse, describe the statement,
 * bind, describe the portal, execute, sync), because it asks PostgreSQL for the parameters' types
 * before it turns the values into text. When every value is one whose text does not depend on that
 * type (strings, numbers, booleans, null), the five protocol messages can go in one call:
 * PostgreSQL infers the same types from the statement either way, and an error still ends at the
 * sync, as before. Anything else (dates, bigints, arrays, objects, bytes, COPY blobs) takes PGlite's
 * own path.
 * Decision 0025 (addendum "The embedded database's cost per query") has the figures.
 */
export function withOneTripQueries(pg: PGlite): PGlite {
  const query = pg.query.bind(pg);
  const transaction = pg.transaction.bind(pg);
  const fast = {
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      const values = asTexts(params, options);
      if (!values) return query<T>(text, params, options);
      return pg._runExclusiveTransaction(async () => {
        await pg._checkReady();
        const result = await pg._runExclusiveQuery(() => oneTrip<T>(pg, text, params, values, options));
        await pg.syncToFs();
        return result;
      });
    },
    transaction: <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
      transaction((tx) => callback(oneTripTransaction(pg, tx))),
  };
  // The instance keeps its own methods (and private state) for everything else.
  return new Proxy(pg, {
    get(target, key) {
      if (key === 'query' || key === 'transaction') return fast[key];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' && key !== 'constructor' ? value.bind(target) : value;
    },
  });
}

function oneTripTransaction(pg: PGlite, tx: Transaction): Transaction {
  const query = tx.query.bind(tx);
  return Object.create(tx, {
    query: {
      value: <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
        const values = asTexts(params, options);
        if (!values) return query<T>(text, params, options);
        if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
        return pg._runExclusiveQuery(() => oneTrip<T>(pg, text, params, values, options));
      },
    },
  });
}

const { serialize } = protocol;

async function oneTrip<T>(
  pg: PGlite,
  text: string,
  params: unknown[],
  values: (string | null)[],
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  const message = concat([
    serialize.parse({ text, types: options?.paramTypes }),
    serialize.bind({ values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  try {
    const messages: Message[] = await pg.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
    return resultOf(messages, pg.parsers, options) as Results<T>;
  } catch (err) {
    // As PGlite's own path does: the statement travels with its error.
    if (err instanceof Error && 'severity' in err) Object.assign(err, { query: text, params, queryOptions: options });
    throw err;
  }
}

type Parsers = Record<number | string, (value: string, typeId: number) => unknown>;
/** A backend message as PGlite parsed it: the fields each kind carries are read where used. */
type Message = { name: string; fields?: unknown[]; text?: string };

/**
 * PGlite's `parseResults` for one statement, without its first step: it copies the instance's parser
 * table (over 300 entries once the array types are known) into a new object on every query whose
 * options bring parsers, as drizzle's always do (~0.1 ms a query here). Same lookup order, same result.
 */
function resultOf(messages: Message[], base: Parsers, options: QueryOptions | undefined): Results {
  const own = options?.parsers as Parsers | undefined;
  const asArray = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (((value: string, typeId: number) => unknown) | undefined)[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const m of messages) {
    if (m.name === 'rowDescription') {
      fields = (m as { fields: { name: string; dataTypeID: number }[] }).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      parsers = fields.map(({ dataTypeID: t }) => own?.[t] ?? base[t] ?? (types.parsers as Parsers)[t]);
    } else if (m.name === 'dataRow') {
      const values = (m as { fields: (string | null)[] }).fields;
      const row: Record<string, unknown> | unknown[] = asArray ? new Array(values.length) : {};
      for (let i = 0; i < values.length; i++) {
        const v = values[i] ?? null;
        const parser = parsers[i];
        const parsed = v === null ? null : parser ? parser(v, (fields[i] as { dataTypeID: number }).dataTypeID) : v;
        if (asArray) (row as unknown[])[i] = parsed;
        else (row as Record<string, unknown>)[(fields[i] as { name: string }).name] = parsed;
      }
      rows.push(row);
    } else if (m.name === 'commandComplete') {
      const words = (m as { text: string }).text.split(' ');
      const command = words[0] ?? '';
      const count = Number.parseInt(words.at(-1) ?? '', 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows += count;
      return { rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as Results;
    }
  }
  return { affectedRows: 0, rows: [], fields: [] };
}

/** The values as PostgreSQL's text input, or undefined when one needs its type to be written. */
function asTexts(params: unknown[], options: QueryOptions | undefined): (string | null)[] | undefined {
  if (options?.blob || options?.serializers) return undefined;
  const out: (string | null)[] = new Array(params.length);
  for (let i = 0; i < params.length; i++) {
    const v = params[i];
    if (v === null || v === undefined) out[i] = null;
    else if (typeof v === 'string') out[i] = v;
    // PGlite writes these with toString() for text, number and JSON types alike, and PostgreSQL
    // reads "true"/"false"/"1"/"0" as booleans. (A Date or a bigint would be quoted in a JSON context.)
    else if (typeof v === 'number' || typeof v === 'boolean') out[i] = String(v);
    else return undefined;
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
