/** The Application API's attribute shapes the product reads (pterodactyl-api reference §5). */
export interface PanelUser {
  id: number;
  external_id: string | null;
  uuid: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  root_admin: boolean;
}
export interface PanelServer {
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
    oom_disabled: boolean;
  };
  feature_limits: { databases: number | null; allocations: number | null; backups: number };
  user: number;
  node: number;
  allocation: number;
  nest: number;
  egg: number;
}
export interface PanelLocation {
  id: number;
  short: string;
  long: string | null;
}
export interface PanelNode {
  id: number;
  name: string;
  location_id: number;
  public: boolean;
  maintenance_mode: boolean;
  memory: number;
  disk: number;
  allocated_resources: { memory: number; disk: number };
}
export interface PanelNest {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
}
export interface PanelEggVariable {
  env_variable: string;
  default_value: string;
  rules: string;
  name: string;
}
export interface PanelEgg {
  id: number;
  uuid: string;
  nest: number;
  name: string;
  description: string | null;
  docker_image: string;
  docker_images: Record<string, string>;
  startup: string;
  variables: PanelEggVariable[];
}

export interface NewPanelUser {
  external_id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}
export interface NewPanelServer {
  external_id: string;
  name: string;
  description?: string;
  user: number;
  egg: number;
  docker_image: string;
  startup: string;
  environment: Record<string, string>;
  limits: { memory: number; swap: number; disk: number; io: number; cpu: number };
  feature_limits: { databases: number; allocations: number; backups: number };
  deploy: { locations: number[]; dedicated_ip: boolean; port_range: string[] };
}
