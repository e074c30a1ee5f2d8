/**
 * Pelican's Application API attribute shapes the product reads (pterodactyl-api reference §12; read
 * from pelican-dev/panel's transformers): no nests or locations, nodes and eggs carry tags, users
 * have no names, a server's allocation may be null.
 */

export interface PelicanUser {
  id: number;
  external_id: string | null;
  uuid: string;
  username: string;
  email: string;
  language: string;
  root_admin: boolean;
}
export interface PelicanServer {
  id: number;
  external_id: string | null;
  uuid: string;
  identifier: string;
  name: string;
  description: string;
  status: string | null;
  suspended: boolean;
  limits: {
    memory: number;
    swap: number;
    disk: number;
    io: number;
    cpu: number;
    threads: string | null;
    oom_killer: boolean;
  };
  feature_limits: { databases: number | null; allocations: number | null; backups: number };
  user: number;
  node: number;
  allocation: number | null;
  egg: number;
}
export interface PelicanNode {
  id: number;
  name: string;
  public: boolean;
  maintenance_mode: boolean;
  tags: string[];
}
/** An egg variable; its validation rules are a list (Pterodactyl: one "a|b" string). */
export interface PelicanEggVariable {
  env_variable: string;
  default_value: string | null;
  rules: string[] | string;
  name: string;
}
export interface PelicanEgg {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  /** Since 1.0.0-beta24. */
  tags?: string[];
  docker_images: Record<string, string>;
  /** The first startup command (deprecated in favour of startup_commands). */
  startup: string;
  /** Since 1.0.0-beta26: named startup commands. */
  startup_commands?: Record<string, string>;
  variables: PelicanEggVariable[];
}

export interface NewPelicanUser {
  external_id: string;
  username: string;
  email: string;
  password: string;
}
export interface NewPelicanServer {
  external_id: string;
  name: string;
  description?: string;
  user: number;
  egg: number;
  /** Optional on Pelican: the egg's first image and first startup command when left out. */
  docker_image?: string;
  startup?: string;
  environment: Record<string, string>;
  oom_killer: boolean;
  limits: { memory: number; swap: number; disk: number; io: number; cpu: number };
  feature_limits: { databases: number; allocations: number; backups: number };
  deploy: { tags: string[]; dedicated_ip: boolean; port_range: string[] };
}
