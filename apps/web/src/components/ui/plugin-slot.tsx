import { type SlotPlacement, slotRegistry } from '../../lib/plugins.ts';

/**
 * Where plugins' components go (issue #18). Nothing at all while no plugin registered one here (a page
 * pays a lookup); otherwise the installer's renderer: each component in <div data-plugin="<identifier>">
 * (the scope of its CSS) and an error boundary, in a wrapper with `className` (a <ul> when `list`).
 */
export function PluginSlot(props: SlotPlacement) {
  const { Render, entries } = slotRegistry;
  return Render && entries[props.name]?.length ? <Render {...props} /> : null;
}
