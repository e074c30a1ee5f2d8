import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** Who the passkeys belong to: the panel's host name (RP id), its origin, and the name browsers show. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/**
 * The relying party of this request. With app_url (or PUBLIC_URL) set, that address decides: a
 * passkey is bound to it and answers from any other origin are refused. Without one (a panel tried
 * out on a laptop, the browser tests) the address the browser used decides; that is safe because
 * the browser signs the origin it really showed, and a passkey only ever answers for its own RP id.
 */
export function relyingParty(req: FastifyRequest): RelyingParty {
  const { settings, config } = req.server.ctx;
  const configured = settings.string('app_url').replace(/\/+$/, '') || config.publicUrl;
  let origin: string;
  try {
    origin = new URL(configured || `${req.protocol}://${req.host}`).origin;
  } catch {
    throw new AppError('BAD_REQUEST', 'The request names no usable host');
  }
  if (origin === 'null') throw new AppError('BAD_REQUEST', 'The request names no usable host');
  return { id: new URL(origin).hostname, name: settings.string('app_name') || 'Hostdeck', origin };
}
