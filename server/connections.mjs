// @ts-check
/**
 * Knows every open connection of a server and whether a request is in flight on it, so a draining
 * worker can finish in-flight requests, close idle connections, and tell when it is done.
 */

/**
 * @param {import('node:http').Server} server
 */
export function trackConnections(server) {
  /** @type {Map<import('node:net').Socket, { inFlight: number, idleSince: number }>} */
  const sockets = new Map();
  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    sockets.set(socket, { inFlight: 0, idleSince: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (/** @type {import('node:http').IncomingMessage} */ req, /** @type {import('node:http').ServerResponse} */ res) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.inFlight += 1;
    // 'close' fires for finished and aborted responses alike.
    res.once('close', () => {
      state.inFlight -= 1;
      state.idleSince = Date.now();
    });
  });

  return {
    /** Open connections and requests in flight on them. */
    counts() {
      let requests = 0;
      for (const state of sockets.values()) requests += state.inFlight;
      return { connections: sockets.size, requests };
    },
    /**
     * Closes connections idle for at least `graceMs`. A connection that just became idle may be
     * about to carry the client's next request: closing it then would fail that request.
     * @param {number} graceMs
     */
    closeIdle(graceMs) {
      const now = Date.now();
      for (const [socket, state] of sockets) if (state.inFlight === 0 && now - state.idleSince >= graceMs) socket.destroy();
    },
    /** Cuts every connection (the drain deadline has passed). */
    destroyAll() {
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}
