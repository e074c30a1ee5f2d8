import type { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { PanelService } from '../src/integrations/hosting/panel.service.ts';
import { panelKeyFor } from '../src/integrations/hosting/panel-key.ts';
import { PelicanProvider } from '../src/integrations/hosting/pelican-provider.ts';
import { PterodactylProvider } from '../src/integrations/hosting/pterodactyl-provider.ts';

export interface LogLine {
  level: number;
  msg: string;
  queueId?: string;
  code?: string;
  err?: { message: string; type: string };
  [key: string]: unknown;
}

/** A real pino logger (Fastify's) whose JSON lines the test can read. */
export function capturedLog(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } } });
  return { log: app.log, lines };
}

/**
 * The simulated panel as the queue worker sees it (the provider of its flavour), with a client
 * timeout of the test's choosing (the configured one waits 10 s): the key is the one the app derives
 * from the same address.
 */
export function panelAt(sim: PterodactylSimulator, timeoutMs = 10_000): PanelService {
  const Provider = sim.flavour === 'pelican' ? PelicanProvider : PterodactylProvider;
  const provider = new Provider({ baseUrl: sim.url, apiKey: sim.options.apiKey ?? '', timeoutMs });
  return {
    configured: () => true,
    key: () => panelKeyFor(sim.url),
    get: async () => provider,
  } as unknown as PanelService;
}

/** Polls until the condition holds (an event the test waits for), failing after a generous deadline. */
export async function until(what: string, check: () => Promise<boolean>, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
