import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../src/config.ts';

/** The configuration of a test instance (no vitest import: child processes of tests use it too). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 3000,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'hostdeck-test-')),
    trustProxy: false,
    memberCache: true,
    logLevel: 'silent',
    debug: false,
    checkResponses: true,
    appKey: 'test-app-key-test-app-key-test-app-key',
    authRateLimitPerMinute: 1000,
    bodyLimit: 1_048_576,
    webDistDir: join(tmpdir(), 'hostdeck-no-web-dist'),
    shutdownTimeoutMs: 10_000,
    shutdownDelayMs: 0,
    ...overrides,
  };
}
