/** Client plugins (extensions from server-side plugins arrive in a later release). */
export interface ClientPlugin {
  name: string;
  install(): void | Promise<void>;
}
const registry: ClientPlugin[] = [];

export function registerPlugin(plugin: ClientPlugin): void {
  registry.push(plugin);
}

/** Installs every plugin; one that fails is logged and skipped (specification §8). */
export async function installPlugins(): Promise<void> {
  for (const plugin of registry) {
    try {
      await plugin.install();
    } catch (err) {
      console.error(`Plugin ${plugin.name} failed to initialise`, err);
    }
  }
}
