import type { FastifyBaseLogger } from 'fastify';
import { vi } from 'vitest';
import { ServersService } from '../src/modules/servers/servers.service.ts';
import { ServerLifecycleWorker } from '../src/workers/server-lifecycle.worker.ts';
import type { TestApp } from './app.ts';

/**
 * A server lifecycle worker of the test's own on the test app: its own clock (last whole pass,
 * install looks) and a log whose calls the test reads (the app's logger is off in tests).
 */
export function lifecycleWorker(t: TestApp) {
  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const { db, panel, settings } = t.app.ctx;
  const logger = log as unknown as FastifyBaseLogger;
  const servers = new ServersService(db, settings, panel, logger);
  return { worker: new ServerLifecycleWorker(db, panel, settings, servers, logger, () => ''), log };
}
