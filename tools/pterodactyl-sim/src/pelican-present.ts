import { item, list } from './present.ts';
import type { SimEgg, SimNode, SimServer, SimState, SimUser } from './state.ts';

/** The attributes Pelican's application transformers write (app/Transformers/Api/Application). */

export function pelicanUserAttributes(u: SimUser) {
  return {
    id: u.id,
    external_id: u.external_id,
    is_managed_externally: u.is_managed_externally ?? false,
    uuid: u.uuid,
    username: u.username,
    email: u.email,
    language: u.language,
    root_admin: u.root_admin,
    '2fa_enabled': false,
    '2fa': false,
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

const NOT_INSTALLED = new Set(['installing', 'install_failed', 'reinstall_failed']);

export function pelicanServerAttributes(s: SimServer) {
  const { oom_disabled, ...limits } = s.limits;
  return {
    id: s.id,
    external_id: s.external_id,
    uuid: s.uuid,
    identifier: s.uuid.slice(0, 8),
    name: s.name,
    description: s.description,
    status: s.status,
    suspended: s.status === 'suspended',
    limits: { ...limits, oom_disabled, oom_killer: !oom_disabled },
    feature_limits: s.feature_limits,
    user: s.user,
    node: s.node,
    allocation: s.allocation,
    egg: s.egg,
    container: {
      startup_command: s.startup,
      image: s.docker_image,
      installed: NOT_INSTALLED.has(s.status ?? '') ? 0 : 1,
      // A variable the create left out is stored as '' and shown so (EnvironmentService).
      environment: { ...s.environment, STARTUP: s.startup, P_SERVER_UUID: s.uuid },
    },
    updated_at: s.updated_at,
    created_at: s.created_at,
  };
}

export function pelicanNodeAttributes(state: SimState, n: SimNode) {
  const servers = state.servers.filter((s) => s.node === n.id);
  const sum = (key: 'memory' | 'disk' | 'cpu') => servers.reduce((a, s) => a + s.limits[key], 0);
  return {
    id: n.id,
    uuid: n.uuid,
    public: n.public,
    name: n.name,
    description: null,
    fqdn: n.fqdn,
    scheme: 'https',
    behind_proxy: false,
    maintenance_mode: n.maintenance_mode,
    memory: n.memory,
    memory_overallocate: n.memory_overallocate,
    disk: n.disk,
    disk_overallocate: n.disk_overallocate,
    cpu: n.cpu ?? 0,
    cpu_overallocate: n.cpu_overallocate ?? 0,
    upload_size: 100,
    daemon_listen: 8080,
    daemon_sftp: 2022,
    daemon_sftp_alias: null,
    daemon_connect: 8080,
    daemon_base: '/var/lib/pelican/volumes',
    tags: n.tags ?? [],
    created_at: n.created_at,
    updated_at: n.updated_at,
    allocated_resources: { memory: sum('memory'), disk: sum('disk'), cpu: sum('cpu') },
  };
}

export function pelicanEggAttributes(e: SimEgg, include: Set<string>) {
  const commands = e.startup_commands ?? { Default: e.startup };
  const attributes: Record<string, unknown> = {
    id: e.id,
    uuid: e.uuid,
    name: e.name,
    author: e.author ?? 'panel@example.com',
    description: e.description,
    icon: e.icon ?? null,
    features: e.features ?? [],
    tags: e.tags ?? [],
    docker_image: Object.values(e.docker_images)[0] ?? '',
    docker_images: e.docker_images,
    config: {
      files: {},
      startup: { done: ')! For help, type ' },
      stop: 'stop',
      logs: {},
      file_denylist: [],
      extends: null,
    },
    startup: Object.values(commands)[0] ?? '',
    startup_commands: commands,
    script: {
      privileged: true,
      install: '#!/bin/bash\necho installed',
      entry: 'bash',
      container: 'ghcr.io/pelican-eggs/installers:debian',
      extends: null,
    },
    created_at: '2024-01-01T00:00:00+00:00',
    updated_at: '2024-01-01T00:00:00+00:00',
  };
  if (include.has('variables')) {
    // Pelican keeps a variable's rules as a list and orders variables by `sort`.
    attributes.relationships = {
      variables: list(
        e.variables.map((v, i) =>
          item('egg_variable', {
            ...v,
            rules: v.rules.split('|'),
            sort: i + 1,
            created_at: '2024-01-01T00:00:00.000000Z',
            updated_at: '2024-01-01T00:00:00.000000Z',
          }),
        ),
      ),
    };
  }
  return attributes;
}
