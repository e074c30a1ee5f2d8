import type { SimEgg, SimLocation, SimNest, SimNode, SimServer, SimState, SimUser } from './state.ts';

/** Fractal's envelope as Pterodactyl's serializer writes it. */
export const item = (object: string, attributes: unknown) => ({ object, attributes });
export const list = (data: unknown[]) => ({ object: 'list', data });

export function paginated(data: unknown[], total: number, page: number, perPage: number, path: string, base: string) {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const links: Record<string, string> = {};
  if (page > 1) links.previous = `${base}${path}?page=${page - 1}`;
  if (page < totalPages) links.next = `${base}${path}?page=${page + 1}`;
  return {
    object: 'list',
    data,
    meta: {
      pagination: { total, count: data.length, per_page: perPage, current_page: page, total_pages: totalPages, links },
    },
  };
}

/** A page of `items` (per_page, default 50, and page from the query) in Fractal's paginated envelope. */
export function paginate<T>(items: T[], query: URLSearchParams, path: string, base: string, map: (t: T) => unknown) {
  const perPage = Number(query.get('per_page')) || 50;
  const page = Math.max(1, Number(query.get('page')) || 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  return { body: paginated(slice.map(map), items.length, page, perPage, path, base) };
}

export function userAttributes(u: SimUser) {
  const { password: _password, ...rest } = u;
  return { ...rest, '2fa': false };
}

export function serverAttributes(state: SimState, s: SimServer) {
  const location = state.locations.find((l) => l.id === state.nodes.find((n) => n.id === s.node)?.location_id);
  return {
    id: s.id,
    external_id: s.external_id,
    uuid: s.uuid,
    identifier: s.uuid.slice(0, 8),
    name: s.name,
    description: s.description,
    status: s.status,
    suspended: s.status === 'suspended',
    limits: s.limits,
    feature_limits: s.feature_limits,
    user: s.user,
    node: s.node,
    allocation: s.allocation,
    nest: s.nest,
    egg: s.egg,
    container: {
      startup_command: s.startup,
      image: s.docker_image,
      installed: s.status === 'installing' || s.status === 'install_failed' ? 0 : 1,
      environment: {
        ...s.environment,
        STARTUP: s.startup,
        P_SERVER_LOCATION: location?.short ?? '',
        P_SERVER_UUID: s.uuid,
        P_SERVER_ALLOCATION_LIMIT: s.feature_limits.allocations ?? 0,
      },
    },
    updated_at: s.updated_at,
    created_at: s.created_at,
  };
}

export function nestAttributes(n: SimNest) {
  return { ...n, created_at: '2024-01-01T00:00:00+00:00', updated_at: '2024-01-01T00:00:00+00:00' };
}

export function eggAttributes(e: SimEgg, include: Set<string>) {
  const images = Object.values(e.docker_images);
  const attributes: Record<string, unknown> = {
    id: e.id,
    uuid: e.uuid,
    name: e.name,
    nest: e.nest,
    author: 'support@pterodactyl.io',
    description: e.description,
    docker_image: images[0] ?? '',
    docker_images: e.docker_images,
    config: {
      files: {},
      startup: { done: ')! For help, type ' },
      stop: 'stop',
      logs: {},
      file_denylist: [],
      extends: null,
    },
    startup: e.startup,
    script: {
      privileged: true,
      install: '#!/bin/ash\necho installed',
      entry: 'ash',
      container: 'ghcr.io/pterodactyl/installers:alpine',
      extends: null,
    },
    created_at: '2024-01-01T00:00:00+00:00',
    updated_at: '2024-01-01T00:00:00+00:00',
  };
  if (include.has('variables')) {
    attributes.relationships = {
      variables: list(
        e.variables.map((v) =>
          item('egg_variable', {
            ...v,
            created_at: '2024-01-01T00:00:00.000000Z',
            updated_at: '2024-01-01T00:00:00.000000Z',
          }),
        ),
      ),
    };
  }
  return attributes;
}

export function locationAttributes(l: SimLocation) {
  return { id: l.id, short: l.short, long: l.long, updated_at: l.updated_at, created_at: l.created_at };
}

export function nodeAttributes(state: SimState, n: SimNode) {
  const servers = state.servers.filter((s) => s.node === n.id);
  return {
    ...n,
    description: null,
    scheme: 'https',
    behind_proxy: false,
    upload_size: 100,
    daemon_listen: 8080,
    daemon_sftp: 2022,
    daemon_base: '/var/lib/pterodactyl/volumes',
    allocated_resources: {
      memory: servers.reduce((a, s) => a + s.limits.memory, 0),
      disk: servers.reduce((a, s) => a + s.limits.disk, 0),
    },
  };
}
