import { type NotifyKind, type NotifyMessage, notifyKinds } from '@hostdeck/contracts';
import type { WebSocket } from 'ws';
import type { Bus } from '../../lib/bus.ts';

const CHANNEL = 'notify';
/** Sockets per member; one open tab is one socket. */
const MAX_PER_MEMBER = 20;

/**
 * The notifications sockets of this instance, and the bus that reaches every instance's: a staff
 * reply on one instance rings the bell of a member whose tab is connected to another. Messages
 * carry no content (only what kind of thing changed), so a lost one costs a refresh at most.
 */
export class NotificationsHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();

  constructor(private readonly bus: Bus) {
    bus.subscribe(CHANNEL, {
      message: (raw) => {
        const { user, kind } = JSON.parse(raw) as { user: string | null; kind: NotifyKind };
        this.send(user ? [this.sockets.get(user) ?? []] : this.sockets.values(), kind);
      },
      // Any bell may have missed news: every tab here asks again.
      missed: () => {
        for (const kind of notifyKinds) this.send(this.sockets.values(), kind);
      },
    });
  }

  private send(targets: Iterable<Iterable<WebSocket>>, kind: NotifyKind): void {
    const message = JSON.stringify({ type: 'notify', kind } satisfies NotifyMessage);
    for (const set of targets) for (const socket of set) socket.send(message);
  }

  /** Keeps the socket until it closes; the oldest goes when a member has too many. */
  attach(userId: string, socket: WebSocket): void {
    const set = this.sockets.get(userId) ?? new Set();
    if (set.size >= MAX_PER_MEMBER) set.values().next().value?.close(1008, 'Too many sockets');
    set.add(socket);
    this.sockets.set(userId, set);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
    socket.send(JSON.stringify({ type: 'ready' } satisfies NotifyMessage));
  }

  /** Tells one member's tabs (or, with null, every member's) that their bell has news. */
  async notify(user: string | null, kind: NotifyKind): Promise<void> {
    await this.bus.publish(CHANNEL, JSON.stringify({ user, kind }));
  }
}
