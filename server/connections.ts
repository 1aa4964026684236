/**
 * Knows every open connection of a server and the requests in flight on it, so a draining worker
 * can finish in-flight requests, close idle connections, and tell when it is done, and so no
 * connection queues more answers than a bound (pipelined requests nobody reads the answers of).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface ConnectionState {
  inFlight: number;
  idleSince: number;
}

/** Each open connection's state, found from a response by the shared 'finish' listener. */
const stateOf = new WeakMap<Socket, ConnectionState>();

/**
 * A response's 'finish': its connection has one request fewer in flight. Shared by every response
 * (no closure per request); an aborted response needs none, its socket's 'close' forgets it.
 */
function responseFinished(this: ServerResponse) {
  const state = stateOf.get(this.req.socket);
  if (!state) return;
  state.inFlight -= 1;
  state.idleSince = Date.now();
}

/**
 * Tracks `server`'s connections; its request listener calls `requestStarted` for each request.
 * `maxInFlight`: requests a connection may have waiting; `onOverflow`: what to do (log) when one sends more.
 */
export function trackConnections(
  server: Server,
  { maxInFlight, onOverflow }: { maxInFlight: number; onOverflow: (inFlight: number) => void },
) {
  const sockets = new Map<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    const state = { inFlight: 0, idleSince: Date.now() };
    sockets.set(socket, state);
    stateOf.set(socket, state);
    socket.once('close', () => sockets.delete(socket));
  });

  return {
    /**
     * Counts a request in flight on its connection until its response finishes; false (and the
     * connection cut) when the connection already has `maxInFlight` waiting: the request is not answered.
     */
    requestStarted(req: IncomingMessage, res: ServerResponse): boolean {
      const state = stateOf.get(req.socket);
      if (!state) return true;
      if (state.inFlight >= maxInFlight) {
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
    /** Open connections and requests in flight on them. */
    counts() {
      let requests = 0;
      for (const state of sockets.values()) requests += state.inFlight;
      return { connections: sockets.size, requests };
    },
    /**
     * Closes connections idle for at least `graceMs`. A connection that just became idle may be
     * about to carry the client's next request: closing it then would fail that request.
     */
    closeIdle(graceMs: number) {
      const now = Date.now();
      for (const [socket, state] of sockets) if (state.inFlight === 0 && now - state.idleSince >= graceMs) socket.destroy();
    },
    /** Cuts every connection (the drain deadline has passed). */
    destroyAll() {
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}
