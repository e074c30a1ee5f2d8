import { randomUUID } from 'node:crypto';
import { type Body, display, invalid } from './http.ts';
import { filled, laravelInput, type Rules, validate } from './laravel.ts';
import { atom, nextId, type SimAllocation, type SimNode, type SimServer, type SimState } from './state.ts';

/**
 * POST /servers as Pelican does it: StoreServerRequest + Server::getRules, then
 * ServerCreationService with FindViableNodesService and AllocationSelectionService.
 */

const NO_NODES = 'No nodes satisfying the requirements specified for automatic deployment could be found.';
const NO_ALLOCATIONS = 'No allocations satisfying the requirements for automatic deployment were found.';
const TOO_MANY_PORTS = 'Adding more than 1000 ports in a single range at once is not supported.';
const PORT_RANGE = /^(\d{4,5})-(\d{4,5})$/;

/** PHP's truthiness, which `!$input->deploy` uses. */
const truthy = (v: unknown) => filled(v) && v !== false && v !== 0 && v !== '0';
const asBool = (v: unknown) => v === true || v === 1 || v === '1';

/** Public nodes sharing at least one tag with `tags` (any node when none) with room left (Node::isViable). */
export function viableNodes(s: SimState, memory: number, disk: number, cpu: number, tags: unknown[]): SimNode[] {
  return s.nodes
    .filter((n) => n.public)
    .filter((n) => tags.length === 0 || (n.tags ?? []).some((t) => tags.includes(t)))
    .filter((n) => {
      const servers = s.servers.filter((x) => x.node === n.id);
      // A size of 0 or an overallocation below 0 means unlimited.
      const fits = (size: number, over: number, key: 'memory' | 'disk' | 'cpu', want: number) =>
        size <= 0 || over < 0 || servers.reduce((a, x) => a + x.limits[key], 0) + want <= size * (1 + over / 100);
      return (
        fits(n.memory, n.memory_overallocate, 'memory', memory) &&
        fits(n.disk, n.disk_overallocate, 'disk', disk) &&
        fits(n.cpu ?? 0, n.cpu_overallocate ?? 0, 'cpu', cpu)
      );
    });
}

/** A free allocation on `nodes` within the ports and ranges asked for (Pelican picks one at random, this the first). */
function selectAllocation(s: SimState, nodes: number[], ports: unknown[], dedicated: boolean): SimAllocation {
  const wanted: [number, number][] = [];
  for (const port of ports) {
    if (typeof port !== 'boolean' && /^\d+$/.test(String(port))) wanted.push([Number(port), Number(port)]);
    const range = String(port).match(PORT_RANGE);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (to - from + 1 > 1000) throw display('DisplayException', TOO_MANY_PORTS);
      wanted.push([from, to]);
    }
  }
  // A dedicated IP is one no server on these nodes uses yet.
  const used = new Set(s.allocations.filter((a) => a.server_id !== null && nodes.includes(a.node_id)).map((a) => a.ip));
  const allocation = s.allocations.find(
    (a) =>
      a.server_id === null &&
      nodes.includes(a.node_id) &&
      (wanted.length === 0 || wanted.some(([from, to]) => a.port >= from && a.port <= to)) &&
      !(dedicated && used.has(a.ip)),
  );
  if (!allocation) throw display('NoViableAllocationException', NO_ALLOCATIONS);
  return allocation;
}

function rules(s: SimState, deploying: boolean): Rules {
  const free = {
    rule: 'exists',
    passes: (v: unknown) => s.allocations.some((a) => a.id === Number(v) && a.server_id === null),
  } as const;
  return {
    external_id: [
      'sometimes',
      'nullable',
      'string',
      'between:1,255',
      { rule: 'unique', passes: (v) => !s.servers.some((x) => x.external_id === v) },
    ],
    name: ['required', 'string', 'min:1', 'max:255'],
    description: ['nullable', 'string'],
    user: ['required', 'integer', { rule: 'exists', passes: (v) => s.users.some((u) => u.id === Number(v)) }],
    egg: ['required', { rule: 'exists', passes: (v) => s.eggs.some((e) => e.id === Number(v)) }],
    docker_image: ['sometimes', 'string'],
    startup: ['sometimes', 'string'],
    environment: ['present', 'array'],
    skip_scripts: ['sometimes', 'boolean'],
    oom_killer: ['sometimes', 'boolean'],
    limits: ['required', 'array'],
    'limits.memory': ['required', 'numeric', 'min:0'],
    'limits.swap': ['required', 'numeric', 'min:-1'],
    'limits.disk': ['required', 'numeric', 'min:0'],
    'limits.io': ['required', 'numeric', 'between:0,1000'],
    'limits.threads': ['nullable', 'regex:/^[0-9-,]+$/'],
    'limits.cpu': ['required', 'numeric', 'min:0'],
    feature_limits: ['required', 'array'],
    'feature_limits.databases': ['present', 'nullable', 'integer', 'min:0'],
    'feature_limits.allocations': ['sometimes', 'nullable', 'integer', 'min:0'],
    'feature_limits.backups': ['present', 'nullable', 'integer', 'min:0'],
    'allocation.default': deploying ? [] : ['required', 'integer', 'bail', free],
    'allocation.additional.*': deploying ? [] : ['integer', free],
    deploy: ['sometimes', 'required', 'array'],
    'deploy.tags': deploying ? ['array', 'present'] : ['array'],
    'deploy.tags.*': ['required_with:deploy.tags', 'string', 'min:1'],
    'deploy.dedicated_ip': ['required_with:deploy', 'boolean'],
    'deploy.port_range': deploying ? ['array', 'present'] : ['array'],
    'deploy.port_range.*': ['string'],
    start_on_completion: ['sometimes', 'boolean'],
  };
}

export function createPelicanServer(s: SimState, body: Body): SimServer {
  const input = laravelInput(body);
  const errors = validate(input, rules(s, truthy(input.deploy)));
  if (errors.length) throw invalid(errors);
  // The rules above checked that it exists.
  const egg = s.eggs.find((e) => e.id === Number(input.egg))!;
  const limits = input.limits as Record<string, unknown>;
  const features = input.feature_limits as Record<string, unknown>;
  const deploy = input.deploy as { tags?: object; dedicated_ip?: unknown; port_range?: object } | undefined;

  let node: number;
  let allocation: number | null = null;
  let assigned: SimAllocation[] = [];
  if (deploy) {
    const tags = Object.values(deploy.tags ?? {});
    const nodes = viableNodes(s, Number(limits.memory), Number(limits.disk), Number(limits.cpu), tags);
    if (!nodes[0]) throw display('NoViableNodeException', NO_NODES);
    node = nodes[0].id;
    // No port range: the server is made without an allocation, on the first node that fits.
    const ports = Object.values(deploy.port_range ?? {});
    if (ports.length) {
      const ids = nodes.map((n) => n.id);
      const picked = selectAllocation(s, ids, ports, asBool(deploy.dedicated_ip));
      [node, allocation, assigned] = [picked.node_id, picked.id, [picked]];
    }
  } else {
    const asked = input.allocation as { default: unknown; additional?: object };
    allocation = Number(asked.default);
    const ids = [allocation, ...Object.values(asked.additional ?? {}).map(Number)];
    assigned = s.allocations.filter((a) => ids.includes(a.id) && a.server_id === null);
    node = s.allocations.find((a) => a.id === allocation)?.node_id ?? 0;
  }

  // VariableValidatorService: a variable left out is checked with its default (and stored as '').
  const given = (input.environment ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const variableRules: Rules = {};
  const names: Record<string, string> = {};
  for (const v of egg.variables) {
    values[v.env_variable] = given[v.env_variable] ?? v.default_value;
    variableRules[`environment.${v.env_variable}`] = v.rules.split('|');
    names[`environment.${v.env_variable}`] = `${v.name} variable`;
  }
  const variableErrors = validate({ environment: values }, variableRules, names);
  if (variableErrors.length) throw invalid(variableErrors);

  const now = atom();
  const commands = egg.startup_commands ?? { Default: egg.startup };
  const server: SimServer = {
    id: nextId(s, 'servers'),
    external_id: (input.external_id as string | undefined) ?? null,
    uuid: randomUUID(),
    name: String(input.name),
    description: (input.description as string | undefined) ?? '',
    status: 'installing',
    user: Number(input.user),
    node,
    allocation,
    egg: egg.id,
    limits: {
      memory: Number(limits.memory),
      swap: Number(limits.swap),
      disk: Number(limits.disk),
      io: Number(limits.io),
      cpu: Number(limits.cpu),
      threads: (limits.threads as string | undefined) ?? null,
      oom_disabled: !asBool(input.oom_killer),
    },
    feature_limits: {
      databases: Number(features.databases ?? 0),
      allocations: Number(features.allocations ?? 0),
      backups: Number(features.backups ?? 0),
    },
    docker_image: (input.docker_image as string | undefined) ?? Object.values(egg.docker_images)[0] ?? '',
    startup: (input.startup as string | undefined) ?? Object.values(commands)[0] ?? '',
    environment: Object.fromEntries(egg.variables.map((v) => [v.env_variable, String(given[v.env_variable] ?? '')])),
    created_at: now,
    updated_at: now,
  };
  for (const a of assigned) a.server_id = server.id;
  s.servers.push(server);
  return server;
}
