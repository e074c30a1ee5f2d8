import { NOTIFY_WS_PATH } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import { websocketOnly } from '../../lib/websocket-only.ts';
import { access } from '../../plugins/access.ts';
import { sameHost } from '../afk/afk.routes.ts';

/** The notifications socket: a signed-in member's tabs hear when their bell has news (decision 0030). */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    method: 'GET',
    url: NOTIFY_WS_PATH,
    config: { access: access.session },
    schema: {
      tags: ['announcements'],
      summary: 'The notifications WebSocket ({"type":"notify","kind":"announcement"|"ticket"} from the server)',
      hide: true,
    },
    wsHandler: (socket, req) => {
      // A page on another site must not listen with the member's cookie.
      const origin = req.headers.origin;
      if (origin && !sameHost(origin, req.host)) {
        socket.close(1008, 'Wrong origin');
        return;
      }
      app.ctx.notifications.attach(req.auth!.account.user.id, socket);
    },
    handler: websocketOnly,
  });
}
