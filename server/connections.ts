/**
 * Knows every open connection of a server and the requests in flight on it, so no connection queues
 * more answers than a bound (pipelined requests nobody reads the answers of), and a draining worker
 * finishes in-flight requests, closes idle connections and knows when it is done.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests one connection may have waiting for their answers (HTTP/1.1 pipelining): Node queues the
 * answers of those sent ahead, which a client that reads nothing turns into a worker's CPU and
 * memory. Browsers and common clients send one at a time; a connection past this is cut.
 */
export const MAX_PIPELINED_REQUESTS = 32;
/** While draining, a connection idle this long is closed: one just idle may be about to carry the client's next request. */
const DRAIN_IDLE_GRACE_MS = 1_000;
const DRAIN_CHECK_MS = 50;

/** Tracks `server`'s connections; its request listener calls `requestStarted` for each request. */
export function trackConnections(server: Server, onOverflow: (inFlight: number) => void) {
  const sockets = new Map<Socket, { inFlight: number; idleSince: number }>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { inFlight: 0, idleSince: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  /** A response's 'finish', one listener for all: its connection, unless closed since, has one request fewer in flight. */
  function responseFinished(this: ServerResponse) {
    const state = sockets.get(this.req.socket);
    if (!state) return;
    state.inFlight -= 1;
    state.idleSince = Date.now();
  }

  return {
    /**
     * Counts a request in flight on its connection until its response finishes; false (and the
     * connection cut, `onOverflow` told) when it already has MAX_PIPELINED_REQUESTS waiting.
     */
    requestStarted(req: IncomingMessage, res: ServerResponse): boolean {
      // Set on 'connection', before any request; a request parsed after its socket was cut comes in the same tick.
      const state = sockets.get(req.socket)!;
      if (state.inFlight >= MAX_PIPELINED_REQUESTS) {
        if (!req.socket.destroyed) {
          onOverflow(state.inFlight);
          req.socket.destroy();
        }
        return false;
      }
      state.inFlight += 1;
      res.on('finish', responseFinished);
      return true;
    },
    /**
     * Closes connections as they go idle until none is open, or cuts what is left at `deadline`
     * (epoch ms); then `done`, with the connections and requests cut (null: none).
     */
    drain(deadline: number, done: (cut: { connections: number; requests: number } | null) => void) {
      const timer = setInterval(() => {
        const now = Date.now();
        if (sockets.size > 0 && now < deadline) {
          for (const [socket, state] of sockets) if (state.inFlight === 0 && now - state.idleSince >= DRAIN_IDLE_GRACE_MS) socket.destroy();
          return;
        }
        clearInterval(timer);
        if (sockets.size === 0) return done(null);
        const cut = { connections: sockets.size, requests: 0 };
        for (const [socket, state] of sockets) {
          cut.requests += state.inFlight;
          socket.destroy();
        }
        done(cut);
      }, DRAIN_CHECK_MS);
    },
  };
}
