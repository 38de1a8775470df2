import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveSockets } from '../live/sockets.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the open live-push sockets of this instance (`/api/ws`) */
    liveSockets: LiveSockets;
  }
}

/** Client frames are small JSON (subscribe lists at most 1000 serial numbers). */
const MAX_CLIENT_FRAME_BYTES = 64 * 1024;

/**
 * Live push: starts the hub (`app.platform.live`) and serves `GET /api/ws`. Browsers cannot send headers on
 * a WebSocket, so the route is public to the auth plugin and checks the `token` query parameter itself
 * (LiveSockets); the request log redacts it (redactUrl). Closing the app closes every socket first.
 */
export default fp(async function livePlugin(app: FastifyInstance) {
  const { services, platform } = app;
  const log = app.log.child({ module: 'live' });
  await platform.live.start(log);
  const sockets = new LiveSockets(platform.live, services.sessions, services.principals, {
    maxFrameBytes: MAX_CLIENT_FRAME_BYTES,
  });
  sockets.setLogger(log);
  app.decorate('liveSockets', sockets);
  // preClose, before @fastify/websocket's own (which closes every socket without a code, 1005): each
  // socket gets 1001 'server closing' as the server stops, so a console knows to reconnect.
  app.addHook('preClose', async () => sockets.close());
  app.addHook('onClose', async () => {
    sockets.close();
    await platform.live.close();
  });

  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
  app.get(
    '/api/ws',
    { websocket: true, config: { permission: 'public' }, schema: { hide: true } },
    (socket, request) => {
      const { token } = request.query as { token?: unknown };
      sockets.accept(corkable(socket), typeof token === 'string' && token ? token : undefined);
    },
  );
});

/**
 * The ws WebSocket with cork/uncork of its TCP socket, so LiveClient can batch a turn's frames into one
 * write. ws does not expose its socket; `_socket` has been its name since ws 1, and without it (another
 * version, a socket already gone) the client simply writes each frame at once.
 */
function corkable<T extends object>(socket: T): T & { cork?(): void; uncork?(): void } {
  const raw = (socket as { _socket?: { cork?: unknown; uncork?: unknown } })._socket;
  if (!raw || typeof raw.cork !== 'function' || typeof raw.uncork !== 'function') return socket;
  const tcp = raw as { cork(): void; uncork(): void };
  return Object.assign(socket, { cork: () => tcp.cork(), uncork: () => tcp.uncork() });
}
