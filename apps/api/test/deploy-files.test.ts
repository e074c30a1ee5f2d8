// No container engine runs in CI here, so the deployment files are checked by reading them: the
// Dockerfile's stages, the compose file's services and the Caddyfile and systemd unit that go with them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiRoot } from '../src/lib/paths.ts';
import { onPostgres } from './app.ts';

const root = join(apiRoot, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  image: string;
  name?: string;
  steps: Instruction[];
}

/** The Dockerfile as stages of instructions (continuation lines joined, comments dropped). */
function dockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = '', rest = ''] = line.match(/^(\S+)\s*(.*)$/) ?? [];
    const instruction = { op: op.toUpperCase(), args: rest.replace(/\s+/g, ' ') };
    if (instruction.op === 'FROM') {
      const [, image = '', name] = instruction.args.match(/^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i) ?? [];
      stages.push({ image: image.replace(/\$\{(\w+)\}/g, (_, k: string) => args[k] ?? ''), name, steps: [] });
    } else if (stages.length === 0 && instruction.op === 'ARG') {
      const [k, v = ''] = instruction.args.split('=');
      args[k!] = v;
    } else {
      stages.at(-1)?.steps.push(instruction);
    }
  }
  return { args, stages };
}

/** An image reference names a tag other than latest (or a digest). */
const pinned = (image: string) => /@sha256:/.test(image) || /:(?!latest$)[\w.-]+$/.test(image.split('/').at(-1)!);

const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

describe.skipIf(onPostgres)('deployment files', () => {
  describe('Dockerfile', () => {
    const { stages } = dockerfile(read('Dockerfile'));
    const final = stages.at(-1)!;
    const named = (name: string) => stages.find((s) => s.name === name);
    const runs = (s: Stage) => s.steps.filter((i) => i.op === 'RUN').map((i) => i.args);
    const copies = (s: Stage) => s.steps.filter((i) => i.op === 'COPY').map((i) => i.args);

    it('is multi-stage, on pinned Debian slim images, never latest', () => {
      expect(stages.length).toBeGreaterThanOrEqual(2);
      for (const s of stages) {
        expect(pinned(s.image), s.image).toBe(true);
        expect(s.image).toMatch(/^node:20[\w.-]*-slim/);
      }
    });

    it('installs with npm ci from the lock file, copied before the install', () => {
      for (const s of stages.filter((st) => runs(st).some((r) => /\bnpm (ci|install|i)\b/.test(r)))) {
        expect(runs(s).join('\n')).not.toMatch(/\bnpm (install|i)\b/);
        const lock = s.steps.findIndex((i) => i.op === 'COPY' && /package-lock\.json/.test(i.args));
        const ci = s.steps.findIndex((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
        expect(lock, s.name).toBeGreaterThanOrEqual(0);
        expect(lock, s.name).toBeLessThan(ci);
        // npm ci checks the lock against every workspace's manifest: all of them must be there.
        for (const ws of workspaces)
          expect(
            copies(s).some((c) => c.includes(`${ws}/package.json`)),
            `${s.name}: ${ws}/package.json`,
          ).toBe(true);
      }
      expect(runs(stages[0]!).join('\n')).toMatch(/npm run build/);
    });

    it('runs as a non-root user with production dependencies and the built output only', () => {
      const users = final.steps.filter((i) => i.op === 'USER').map((i) => i.args);
      expect(users.length).toBeGreaterThan(0);
      expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
      // Nothing of the build context comes in whole, and no install happens here.
      expect(copies(final).filter((c) => !c.startsWith('--from='))).toEqual([]);
      expect(runs(final).join('\n')).not.toMatch(/\bnpm\b/);
      // node_modules come from a stage that installed without dev dependencies.
      const modules = copies(final).find((c) => /\/node_modules\b/.test(c))!;
      const from = named(modules.match(/--from=(\S+)/)![1]!)!;
      expect(runs(from).join('\n')).toMatch(/npm ci\b.*--omit=dev/);
      // What the server reads at run time (lib/paths.ts): the bundle, the migrations, the client, and the
      // shipped plugins with the SDK they import (plugins run without a build).
      for (const path of ['apps/api/dist', 'apps/api/drizzle', 'apps/web/dist', 'plugins', 'packages/plugin-sdk'])
        expect(
          copies(final).some((c) => c.includes(` /app/${path} `)),
          path,
        ).toBe(true);
      for (const c of copies(final)) expect(stages.some((s) => s.name === c.match(/--from=(\S+)/)?.[1])).toBe(true);
      const cmd = final.steps.find((i) => i.op === 'CMD')!.args;
      expect(cmd).toContain('apps/api/dist/server.js');
    });

    it('has a HEALTHCHECK on /healthz and a DATA_DIR volume', () => {
      const health = final.steps.find((i) => i.op === 'HEALTHCHECK');
      expect(health?.args).toMatch(/\/healthz/);
      const env = final.steps
        .filter((i) => i.op === 'ENV')
        .map((i) => i.args)
        .join(' ');
      const dataDir = env.match(/DATA_DIR=(\S+)/)?.[1];
      expect(dataDir).toBeTruthy();
      expect(final.steps.find((i) => i.op === 'VOLUME')?.args).toContain(dataDir);
    });

    it('.dockerignore keeps node_modules, builds and data out, and what the build needs in', () => {
      const ignored = read('.dockerignore')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'));
      for (const p of ['**/node_modules', '**/dist', 'data', '.git', '.env']) expect(ignored).toContain(p);
      // build.mjs copies CHANGELOG.md; npm ci needs the lock; the image ships the plugins.
      for (const p of ['package-lock.json', 'CHANGELOG.md', 'apps', 'packages', 'tools', 'plugins'])
        expect(ignored).not.toContain(p);
    });
  });

  describe('docker-compose.yml and the Caddyfile', () => {
    type Service = {
      image?: string;
      build?: unknown;
      environment?: Record<string, string>;
      healthcheck?: { test: string | string[] };
      volumes?: string[];
      stop_grace_period?: string;
    };
    const compose = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, Service>;
      networks?: { default?: { ipam?: { config?: { subnet: string }[] } } };
      volumes?: Record<string, unknown>;
    };
    const services = compose.services;
    const apps = Object.entries(services).filter(([, s]) => s.image?.startsWith('hostdeck'));

    it('has PostgreSQL 15, Redis 7, Caddy and two Hostdeck instances, every image pinned', () => {
      expect(services.postgres?.image).toMatch(/^postgres:15\b/);
      expect(services.redis?.image).toMatch(/^redis:7\b/);
      expect(services.caddy?.image).toMatch(/^caddy:2\b/);
      expect(apps.length).toBe(2);
      for (const [name, s] of Object.entries(services)) expect(pinned(s.image ?? ''), name).toBe(true);
      // Only one of them builds the image; the other runs the same one.
      expect(apps.filter(([, s]) => s.build).length).toBe(1);
    });

    it('both instances share the database, Redis, APP_KEY and DATA_DIR, and trust only the compose network', () => {
      const [[, a], [, b]] = apps as [[string, Service], [string, Service]];
      for (const key of ['DATABASE_URL', 'REDIS_URL', 'APP_KEY', 'TRUST_PROXY']) {
        expect(a.environment?.[key], key).toBeTruthy();
        expect(a.environment?.[key], key).toBe(b.environment?.[key]);
      }
      expect(a.volumes).toEqual(b.volumes);
      expect(a.environment!.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(a.environment!.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
      // A missing APP_KEY stops compose rather than letting each instance make its own.
      expect(a.environment!.APP_KEY).toMatch(/^\$\{APP_KEY:\?/);
      expect(a.environment!.TRUST_PROXY).toBe(compose.networks?.default?.ipam?.config?.[0]?.subnet);
      for (const v of a.volumes ?? []) expect(Object.keys(compose.volumes ?? {})).toContain(v.split(':')[0]);
    });

    it('every service has a health check; the instances check /readyz', () => {
      for (const [name, s] of Object.entries(services).filter(([n]) => n !== 'caddy'))
        expect(s.healthcheck?.test, name).toBeTruthy();
      for (const [name, s] of apps) expect(String(s.healthcheck?.test), name).toMatch(/\/readyz/);
    });

    it('an instance leaves the rotation before its port closes, and Docker waits out its drain', () => {
      const caddy = read('deploy/Caddyfile');
      const interval = Number(caddy.match(/health_interval\s+(\d+)s/)![1]) * 1000;
      for (const [name, s] of apps) {
        const delay = Number(s.environment?.SHUTDOWN_DELAY_MS);
        const ceiling = Number(s.environment?.SHUTDOWN_TIMEOUT_MS);
        // Caddy's next check sees /readyz 503 while the instance still serves.
        expect(delay, name).toBeGreaterThan(interval);
        expect(ceiling, name).toBeGreaterThan(delay);
        const grace = Number(s.stop_grace_period?.match(/^(\d+)s$/)?.[1]) * 1000;
        expect(grace, name).toBeGreaterThan(ceiling);
      }
    });

    it('Caddy proxies to exactly the two instances, checking /readyz', () => {
      const mount = services.caddy!.volumes!.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'))!;
      const file = mount.split(':')[0]!.replace(/^\.\//, '');
      expect(existsSync(join(root, file))).toBe(true);
      const caddy = read(file);
      const upstreams = caddy
        .match(/reverse_proxy\s+([^{\n]+)/)![1]!
        .trim()
        .split(/\s+/);
      expect(upstreams.sort()).toEqual(apps.map(([name]) => `${name}:3000`).sort());
      expect(caddy).toMatch(/health_uri\s+\/readyz/);
    });
  });

  describe('systemd unit', () => {
    const unit = Object.fromEntries(
      read('deploy/hostdeck.service')
        .split('\n')
        .filter((l) => /^\w+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const)
        // Environment= appears several times: keep them all.
        .reduce<[string, string][]>((acc, [k, v]) => {
          const prior = acc.find(([key]) => key === k);
          if (prior) prior[1] += `\n${v}`;
          else acc.push([k, v]);
          return acc;
        }, []),
    );

    it('runs the built server as its own user, restarts on failure, reads an environment file', () => {
      expect(unit.User).toBeTruthy();
      expect(unit.User).not.toBe('root');
      expect(unit.EnvironmentFile).toBeTruthy();
      expect(unit.Restart).toBe('on-failure');
      expect(unit.ExecStart).toContain('apps/api/dist/server.js');
    });

    it('is hardened and may write only to DATA_DIR', () => {
      expect(unit.NoNewPrivileges).toBe('true');
      expect(unit.ProtectSystem).toBe('strict');
      expect(unit.ProtectHome).toBe('true');
      expect(unit.PrivateTmp).toBe('true');
      const dataDir = unit.Environment!.match(/DATA_DIR=(\S+)/)![1]!;
      expect(unit.ReadWritePaths!.split(/\s+/)).toContain(dataDir);
    });
  });

  it('the deployment guide is linked from the README and says the images are not built in CI', () => {
    const guide = read('docs/operations/deploy.md');
    expect(guide).toMatch(/not built in CI/i);
    expect(read('README.md')).toContain('docs/operations/deploy.md');
  });
});
