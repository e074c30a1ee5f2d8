import type { PluginSlotProps } from '@hostdeck/plugin-sdk';
import { Component, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { type SlotEntry, type SlotPlacement, slotRegistry } from '../../lib/plugins.ts';
import { useSession } from '../../lib/use-session.ts';

/** Each plugin's crash in a slot is logged once per page load, however often the slot renders again. */
const logged = new Set<string>();

/** A plugin component that throws shows nothing, and the page around it lives on. */
class PluginBoundary extends Component<{ entry: SlotEntry; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    const { plugin, slot } = this.props.entry;
    const key = `${plugin}:${slot}`;
    if (logged.has(key)) return;
    logged.add(key);
    console.error(`Plugin ${plugin} failed in the ${slot} slot; it is hidden`, error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A slot's components, in their order, each in <div|li data-plugin="<identifier>"> (the scope of its
 * CSS) and its own error boundary. A plugin's links to the panel's pages move through the router (no
 * page reload), as the panel's own links do.
 */
export function SlotItems({ name, className, list = false, subject = null }: SlotPlacement) {
  const info = useSession().data?.userInfo;
  const navigate = useNavigate();
  const uuid = info?.uuid;
  const member: PluginSlotProps['member'] =
    typeof uuid === 'string' ? { id: uuid, username: String(info?.username ?? '') } : null;
  const follow = (e: MouseEvent) => {
    const a = (e.target as Element).closest?.('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    e.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
  const Wrapper = list ? 'ul' : 'div';
  const Item = list ? 'li' : 'div';
  return (
    <Wrapper className={className} data-slot={name}>
      {(slotRegistry.entries[name] ?? []).map((entry) => {
        const Plugin = entry.component as ComponentType<PluginSlotProps>;
        return (
          // The click only routes the links inside (they keep their own keys).
          <Item key={`${entry.plugin}:${entry.rank[2]}`} data-plugin={entry.plugin} onClick={follow}>
            <PluginBoundary entry={entry}>
              <Plugin member={member} subject={subject} />
            </PluginBoundary>
          </Item>
        );
      })}
    </Wrapper>
  );
}
