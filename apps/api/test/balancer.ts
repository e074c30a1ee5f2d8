import { Agent, request } from 'node:http';

/** One answer as the balancer's client sees it, and which instance gave it. */
export interface Answer {
  status: number;
  body: string;
  upstream: string;
  /** Instances that refused the connection first (the request was sent on to another). */
  refusedBy: string[];
}

interface Upstream {
  name: string;
  port: number;
  ready: boolean;
  /** What its probes found, in order, repeats folded: "200", "503 shutting_down", "ECONNREFUSED". */
  seen: string[];
}

/**
 * A round-robin load balancer as a real proxy behaves (Caddy's, nginx's): an instance is in the
 * rotation while its /readyz answers 200 (active checks every probeEveryMs), and a request whose
 * connection is refused (never accepted) is sent to the next instance. Anything else, a reset of an
 * accepted request included, is the client's error: never retried. A fresh connection per request,
 * so no request can meet a keep-alive connection the instance has just closed.
 */
export class Balancer {
  private readonly upstreams: Upstream[];
  private next = 0;
  private probing = true;
  private readonly probes: Promise<void>[];
  private readonly agent = new Agent({ keepAlive: false });

  constructor(
    upstreams: { name: string; port: number }[],
    private readonly probeEveryMs = 100,
  ) {
    this.upstreams = upstreams.map((u) => ({ ...u, ready: false, seen: [] }));
    this.probes = this.upstreams.map((u) => this.probe(u));
  }

  /** What the named instance's probes found so far (consecutive repeats folded). */
  probesOf(name: string): string[] {
    return [...(this.upstreams.find((u) => u.name === name)?.seen ?? [])];
  }

  /** Whether the named instance is in the rotation now. */
  isReady(name: string): boolean {
    return this.upstreams.some((u) => u.name === name && u.ready);
  }

  async send(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Answer> {
    const refusedBy: string[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const upstream = await this.pick(deadline);
      try {
        const res = await call(this.agent, upstream.port, method, path, options);
        return { ...res, upstream: upstream.name, refusedBy };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw err;
        // Never accepted: out of the rotation until its probe answers 200 again; the next one gets it.
        upstream.ready = false;
        refusedBy.push(upstream.name);
      }
    }
  }

  async close(): Promise<void> {
    this.probing = false;
    await Promise.all(this.probes);
    this.agent.destroy();
  }

  private async pick(deadline: number): Promise<Upstream> {
    for (;;) {
      const ready = this.upstreams.filter((u) => u.ready);
      if (ready.length > 0) return ready[this.next++ % ready.length] as Upstream;
      if (Date.now() > deadline) throw new Error('no instance was ready for 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private async probe(upstream: Upstream): Promise<void> {
    while (this.probing) {
      let found: string;
      try {
        const res = await call(this.agent, upstream.port, 'GET', '/readyz', {});
        upstream.ready = res.status === 200;
        found = res.status === 200 ? '200' : `${res.status} ${(JSON.parse(res.body) as { failed?: string }).failed}`;
      } catch (err) {
        upstream.ready = false;
        found = (err as NodeJS.ErrnoException).code ?? 'error';
      }
      if (upstream.seen.at(-1) !== found) upstream.seen.push(found);
      await new Promise((r) => setTimeout(r, this.probeEveryMs));
    }
  }
}

/** One HTTP request on a new connection; rejects with the socket's error (ECONNREFUSED, ECONNRESET...). */
export function call(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        timeout: 60_000,
        headers: {
          ...options.headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path} in 60 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}
