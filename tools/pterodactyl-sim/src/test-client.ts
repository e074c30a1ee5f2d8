// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the simulator sent
export type Json = any;

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}
export type Call = (method: string, path: string, body?: unknown, key?: string) => Promise<Answer>;

/** A caller of the simulator's Application API as the tests use it: JSON in, JSON out, with `key` by default. */
export function client(url: string, key: string): Call {
  return async (method, path, body, as = key) => {
    const res = await fetch(`${url}/api/application${path}`, {
      method,
      headers: { authorization: `Bearer ${as}`, accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json, headers: res.headers };
  };
}
