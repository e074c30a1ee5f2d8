// @ts-check
// An in-memory stand-in for the context the panel gives a plugin, for a plugin's own unit tests.
// It keeps the panel's rules that a plugin may rely on: a store per plugin, credits once per key.

/** @type {import('./testing.d.ts').createTestContext} */
export function createTestContext(options = {}) {
  /** @type {Map<string, unknown>} */
  const store = new Map();
  /** @type {{ level: string, message: string, data?: Record<string, unknown> }[]} */
  const logs = [];
  /** @type {Map<string, number>} */
  const balances = new Map(Object.entries(options.balances ?? {}));
  /** @type {Set<string>} */
  const creditKeys = new Set();
  /** @type {{ userId: string, amount: number, key: string, reason: string }[]} */
  const credits = [];
  const log = Object.fromEntries(
    ['debug', 'info', 'warn', 'error'].map((level) => [
      level,
      /** @param {string} message @param {Record<string, unknown>} [data] */
      (message, data) => logs.push({ level, message, data }),
    ]),
  );
  const ctx = {
    plugin: { identifier: options.identifier ?? 'test-plugin', version: '0.0.0' },
    log,
    config: Object.freeze({ ...(options.config ?? {}) }),
    store: {
      /** @param {string} key */
      get: async (key) => structuredClone(store.get(key)),
      /** @param {string} key @param {unknown} value */
      set: async (key, value) => void store.set(key, structuredClone(value)),
      /** @param {string} key */
      delete: async (key) => void store.delete(key),
      /** @param {string} [prefix] */
      list: async (prefix = '') => [...store.keys()].filter((k) => k.startsWith(prefix)).sort(),
    },
    fetch: options.fetch ?? (async () => new Response('{}', { status: 200 })),
    signal: new AbortController().signal,
    coins: {
      /** @param {string} userId @param {number} amount @param {{ key: string, reason: string }} o */
      credit: async (userId, amount, o) => {
        if (creditKeys.has(o.key)) return { credited: false, balance: balances.get(userId) ?? 0 };
        creditKeys.add(o.key);
        balances.set(userId, (balances.get(userId) ?? 0) + amount);
        credits.push({ userId, amount, key: o.key, reason: o.reason });
        return { credited: true, balance: /** @type {number} */ (balances.get(userId)) };
      },
      /** @param {string} userId */
      balance: async (userId) => balances.get(userId) ?? 0,
    },
    servers: { ofMember: async () => options.servers ?? [] },
    request: {
      method: 'GET',
      path: '/',
      params: {},
      query: {},
      body: undefined,
      member: options.member ?? null,
      ...(options.request ?? {}),
    },
  };
  return { ctx, logs, credits, store };
}
