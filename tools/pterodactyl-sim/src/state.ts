import { randomUUID } from 'node:crypto';

/** Which panel the simulator plays. */
export type SimFlavour = 'pterodactyl' | 'pelican';

/**
 * The simulator's in-memory panel: the rows a Pterodactyl or Pelican database would hold. Fields only
 * one panel has are optional (Pterodactyl: names, nests, locations; Pelican: tags, cpu, timezone…).
 */
export interface SimUser {
  id: number;
  external_id: string | null;
  uuid: string;
  username: string;
  email: string;
  first_name?: string;
  last_name?: string;
  language: string;
  timezone?: string;
  is_managed_externally?: boolean;
  root_admin: boolean;
  password: string | null;
  created_at: string;
  updated_at: string;
}
export interface SimServer {
  id: number;
  external_id: string | null;
  uuid: string;
  name: string;
  description: string;
  status: string | null;
  user: number;
  node: number;
  /** Null on Pelican for a server deployed without a port range. */
  allocation: number | null;
  nest?: number;
  egg: number;
  limits: {
    memory: number;
    swap: number;
    disk: number;
    io: number;
    cpu: number;
    threads: string | null;
    oom_disabled: boolean;
  };
  feature_limits: { databases: number | null; allocations: number | null; backups: number };
  docker_image: string;
  startup: string;
  environment: Record<string, string>;
  created_at: string;
  updated_at: string;
}
export interface SimLocation {
  id: number;
  short: string;
  long: string | null;
  created_at: string;
  updated_at: string;
}
export interface SimNode {
  id: number;
  uuid: string;
  public: boolean;
  name: string;
  location_id?: number;
  tags?: string[];
  fqdn: string;
  memory: number;
  memory_overallocate: number;
  disk: number;
  disk_overallocate: number;
  cpu?: number;
  cpu_overallocate?: number;
  maintenance_mode: boolean;
  created_at: string;
  updated_at: string;
}
export interface SimAllocation {
  id: number;
  node_id: number;
  ip: string;
  alias: string | null;
  port: number;
  server_id: number | null;
}
export interface SimVariable {
  id: number;
  egg_id: number;
  name: string;
  description: string;
  env_variable: string;
  default_value: string;
  user_viewable: boolean;
  user_editable: boolean;
  /** Laravel rules, pipe-separated (Pelican lists them: pelican-present.ts). */
  rules: string;
}
export interface SimEgg {
  id: number;
  uuid: string;
  nest?: number;
  name: string;
  description: string;
  docker_images: Record<string, string>;
  /** On Pelican the first of startup_commands. */
  startup: string;
  variables: SimVariable[];
  author?: string;
  tags?: string[];
  startup_commands?: Record<string, string>;
  icon?: string | null;
  features?: string[];
}
export interface SimNest {
  id: number;
  uuid: string;
  name: string;
  description: string;
  author: string;
}

export interface SimState {
  users: SimUser[];
  servers: SimServer[];
  locations: SimLocation[];
  nodes: SimNode[];
  allocations: SimAllocation[];
  nests: SimNest[];
  eggs: SimEgg[];
  nextId: Record<string, number>;
}

export const atom = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');

export function nextId(state: SimState, table: string): number {
  state.nextId[table] = (state.nextId[table] ?? 0) + 1;
  return state.nextId[table] as number;
}

export interface SeedOptions {
  /** Which panel's world: Pterodactyl's locations and nests, or Pelican's node and egg tags. */
  flavour?: SimFlavour;
  /** Free ports (allocations) on each node; a node without a free one refuses new servers. */
  portsPerNode?: number;
  /** Memory and disk of each node, in MB. */
  nodeMemory?: number;
  nodeDisk?: number;
  /** CPU of each node on Pelican, where 100 is one thread (Pterodactyl ignores it). */
  nodeCpu?: number;
}

/**
 * A small but realistic panel: a node in Europe and one in North America with free ports, Minecraft
 * and Rust eggs. On Pterodactyl the regions are locations and the eggs sit in nests; on Pelican the
 * nodes carry region tags, the eggs game tags, and a fourth egg has no tags at all.
 */
export function seedState({
  flavour = 'pterodactyl',
  portsPerNode = 40,
  nodeMemory = 65_536,
  nodeDisk = 1_048_576,
  nodeCpu = 6_400,
}: SeedOptions = {}): SimState {
  const pelican = flavour === 'pelican';
  const now = atom();
  const state: SimState = {
    users: [],
    servers: [],
    locations: [],
    nodes: [],
    allocations: [],
    nests: [],
    eggs: [],
    nextId: {},
  };
  for (const [short, long, tags] of [
    ['eu', 'Europe (Frankfurt)', ['eu', 'europe']],
    ['us', 'North America (Virginia)', ['us']],
  ] as const) {
    const location = pelican ? undefined : nextId(state, 'locations');
    if (location !== undefined) state.locations.push({ id: location, short, long, created_at: now, updated_at: now });
    const nodeId = nextId(state, 'nodes');
    const sizes = { memory: nodeMemory, memory_overallocate: 0, disk: nodeDisk, disk_overallocate: 0 };
    const name = `${short}-node-1`;
    const fqdn = `${short}1.sim.hostdeck.local`;
    const tail = { maintenance_mode: false, created_at: now, updated_at: now };
    state.nodes.push(
      pelican
        ? {
            id: nodeId,
            uuid: randomUUID(),
            public: true,
            name,
            tags: [...tags],
            fqdn,
            ...sizes,
            cpu: nodeCpu,
            cpu_overallocate: 0,
            ...tail,
          }
        : { id: nodeId, uuid: randomUUID(), public: true, name, location_id: location, fqdn, ...sizes, ...tail },
    );
    for (let port = 25565; port < 25565 + portsPerNode; port++) {
      state.allocations.push({
        id: nextId(state, 'allocations'),
        node_id: nodeId,
        ip: `203.0.113.${nodeId}`,
        alias: null,
        port,
        server_id: null,
      });
    }
  }
  const nest = (name: string, description: string) => {
    if (pelican) return undefined;
    const row = { id: nextId(state, 'nests'), uuid: randomUUID(), name, description, author: 'support@pterodactyl.io' };
    state.nests.push(row);
    return row.id;
  };
  const minecraft = nest('Minecraft', 'Minecraft: Java Edition servers');
  const rust = nest('Rust', 'Rust dedicated servers');
  const egg = (
    nest: number | undefined,
    tags: string[],
    name: string,
    description: string,
    image: string,
    startup: string,
    vars: Omit<SimVariable, 'id' | 'egg_id'>[],
  ) => {
    const id = nextId(state, 'eggs');
    const uuid = randomUUID();
    const docker_images = { Default: image };
    const variables = vars.map((v) => ({ ...v, id: nextId(state, 'variables'), egg_id: id }));
    const pelicanFields = {
      author: 'panel@example.com',
      tags,
      startup_commands: { Default: startup },
      icon: null,
      features: [],
    };
    state.eggs.push(
      pelican
        ? { id, uuid, name, description, docker_images, startup, variables, ...pelicanFields }
        : { id, uuid, nest, name, description, docker_images, startup, variables },
    );
  };
  const jar = {
    name: 'Server Jar File',
    description: 'The name of the server jarfile to run the server with.',
    env_variable: 'SERVER_JARFILE',
    default_value: 'server.jar',
    user_viewable: true,
    user_editable: true,
    rules: 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/',
  };
  egg(
    minecraft,
    ['minecraft'],
    'Paper',
    'High performance Spigot fork.',
    'ghcr.io/pterodactyl/yolks:java_21',
    'java -Xms128M -Xmx{{SERVER_MEMORY}}M -jar {{SERVER_JARFILE}}',
    [
      jar,
      {
        name: 'Build Number',
        description: 'The build of Paper to download.',
        env_variable: 'BUILD_NUMBER',
        default_value: 'latest',
        user_viewable: true,
        user_editable: true,
        rules: 'required|string|max:20',
      },
    ],
  );
  egg(
    minecraft,
    ['minecraft'],
    'Vanilla Minecraft',
    'The official Minecraft server.',
    'ghcr.io/pterodactyl/yolks:java_21',
    'java -Xms128M -Xmx{{SERVER_MEMORY}}M -jar {{SERVER_JARFILE}}',
    [
      jar,
      {
        name: 'Server Version',
        description: 'The version to install.',
        env_variable: 'VANILLA_VERSION',
        default_value: 'latest',
        user_viewable: true,
        user_editable: true,
        rules: 'required|string|between:3,15',
      },
    ],
  );
  egg(
    rust,
    ['rust'],
    'Rust',
    'Facepunch Rust dedicated server.',
    'ghcr.io/pterodactyl/games:rust',
    './RustDedicated -batchmode +server.port {{SERVER_PORT}}',
    [
      {
        name: 'Server Name',
        description: 'The name shown in the server browser.',
        env_variable: 'HOSTNAME',
        default_value: 'A Rust Server',
        user_viewable: true,
        user_editable: true,
        rules: 'required|string|max:60',
      },
    ],
  );
  if (pelican)
    egg(
      undefined,
      [],
      'Generic SteamCMD',
      'Any game SteamCMD can install.',
      'ghcr.io/parkervcp/steamcmd:debian',
      './start.sh',
      [
        {
          name: 'Steam App ID',
          description: 'The Steam application to install.',
          env_variable: 'SRCDS_APPID',
          default_value: '1007',
          user_viewable: true,
          user_editable: false,
          rules: 'required|numeric',
        },
      ],
    );
  return state;
}
