import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      trustProxy: false,
      databaseUrl: undefined,
      redisUrl: undefined,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/hostdeck',
      DATABASE_URL: 'postgres://u:p@db/hostdeck',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://panel.example.com/',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/hostdeck',
      databaseUrl: 'postgres://u:p@db/hostdeck',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://panel.example.com',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('names every bad variable in one clear message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must start with postgres://');
    expect(message).toContain('PUBLIC_URL');
  });

  it('reads METRICS_TOKEN (off when unset) and refuses a short one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN: must be at least 16 characters');
  });

  it('keeps the member cache on unless MEMBER_CACHE=off, and refuses another value', () => {
    expect(loadConfig({}).memberCache).toBe(true);
    expect(loadConfig({ MEMBER_CACHE: 'off' }).memberCache).toBe(false);
    expect(() => loadConfig({ MEMBER_CACHE: 'no' })).toThrow('MEMBER_CACHE');
  });

  it('reads the shutdown ceiling and delay (10 s and none by default); the delay must fit in the ceiling', () => {
    expect(loadConfig({})).toMatchObject({ shutdownTimeoutMs: 10_000, shutdownDelayMs: 0 });
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '30000', SHUTDOWN_DELAY_MS: '5000' })).toMatchObject({
      shutdownTimeoutMs: 30_000,
      shutdownDelayMs: 5_000,
    });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow('SHUTDOWN_TIMEOUT_MS');
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '10000' })).toThrow(
      'SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_TIMEOUT_MS',
    );
  });
});
