import { randomUUID } from 'node:crypto';

/** The simulator's in-memory panel: the rows a Pterodactyl database would hold. */
export interface SimUser {
  id: number;
  external_id: string | null;
  uuid: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
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
  allocation: number;
  nest: number;
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
  location_id: number;
  fqdn: string;
  memory: number;
  memory_overallocate: number;
  disk: number;
  disk_overallocate: number;
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
  rules: string;
}
export interface SimEgg {
  id: number;
  uuid: string;
  nest: number;
  name: string;
  description: string;
  docker_images: Record<string, string>;
  startup: string;
  variables: SimVariable[];
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
  /** Free ports (allocations) on each node; a node without a free one refuses new servers. */
  portsPerNode?: number;
  /** Memory and disk of each node, in MB. */
  nodeMemory?: number;
  nodeDisk?: number;
}

/** A small but realistic panel: two locations, a node in each with free ports, Minecraft and Rust eggs. */
export function seedState({
  portsPerNode = 40,
  nodeMemory = 65_536,
  nodeDisk = 1_048_576,
}: SeedOptions = {}): SimState {
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
  for (const [short, long] of [
    ['eu', 'Europe (Frankfurt)'],
    ['us', 'North America (Virginia)'],
  ] as const) {
    const id = nextId(state, 'locations');
    state.locations.push({ id, short, long, created_at: now, updated_at: now });
    const nodeId = nextId(state, 'nodes');
    state.nodes.push({
      id: nodeId,
      uuid: randomUUID(),
      public: true,
      name: `${short}-node-1`,
      location_id: id,
      fqdn: `${short}1.sim.hostdeck.local`,
      memory: nodeMemory,
      memory_overallocate: 0,
      disk: nodeDisk,
      disk_overallocate: 0,
      maintenance_mode: false,
      created_at: now,
      updated_at: now,
    });
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
  const minecraft = {
    id: nextId(state, 'nests'),
    uuid: randomUUID(),
    name: 'Minecraft',
    description: 'Minecraft: Java Edition servers',
    author: 'support@pterodactyl.io',
  };
  const rust = {
    id: nextId(state, 'nests'),
    uuid: randomUUID(),
    name: 'Rust',
    description: 'Rust dedicated servers',
    author: 'support@pterodactyl.io',
  };
  state.nests.push(minecraft, rust);
  const egg = (
    nest: number,
    name: string,
    description: string,
    image: string,
    startup: string,
    vars: Omit<SimVariable, 'id' | 'egg_id'>[],
  ) => {
    const id = nextId(state, 'eggs');
    state.eggs.push({
      id,
      uuid: randomUUID(),
      nest,
      name,
      description,
      docker_images: { Default: image },
      startup,
      variables: vars.map((v) => ({ ...v, id: nextId(state, 'variables'), egg_id: id })),
    });
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
    minecraft.id,
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
    minecraft.id,
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
    rust.id,
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
  return state;
}
