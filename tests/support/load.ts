/**
 * Load on loopback for the signal tests: `connections` undici clients (one connection each,
 * pipelining 1, so a connection never has more than one request in flight), each sending the next
 * request when the last one is answered. undici closes a connection whose response says
 * `Connection: close` and opens a new one, as a browser or a load balancer does; it never retries a
 * failed request, so every failure is counted.
 */
import { Client } from 'undici';

/** One request as the client saw it. */
export interface Sent {
  path: string;
  /** performance.now() when it was sent and when it ended. */
  start: number;
  end: number;
  /** HTTP status, or undefined when the request failed without one. */
  status: number | undefined;
  /** Error code or message when it failed. */
  error: string | undefined;
  /** Sent a second time: its kept-alive connection was closed before any response (see `retryClosedIdle`). */
  retried?: boolean;
}

export interface Load {
  /** Requests sent so far. */
  sent: () => Sent[];
  /** Requests that have been sent and not answered yet. */
  inFlight: () => number;
  /** Resolves once `count` requests have had an answer (errors are no answer): the load is under way. */
  answered: (count: number) => Promise<void>;
  /** Stops sending new requests and resolves once every request in flight has ended. */
  stop: () => Promise<Sent[]>;
}

/** A failure is an error without a response, or a 5xx. */
export const failed = (request: Sent): boolean => request.status === undefined || request.status >= 500;

/**
 * How a kept-alive connection closed under a request shows in undici: closed before the request was
 * written (UND_ERR_SOCKET), or reset while it was (ECONNRESET). Either way a GET is idempotent, so
 * HTTP clients send it again (RFC 9110 §9.2.2).
 */
const CLOSED_IDLE = ['UND_ERR_SOCKET', 'ECONNRESET'];

/**
 * Starts sending `paths` in turn over `connections` connections until stopped. With
 * `retryClosedIdle`, a GET whose kept-alive connection the server closed before answering is sent
 * once more on a new connection, as browsers and HTTP/1.1 clients do (RFC 9112 §9.3.1): a server
 * may close an idle connection at any time, and a request crossing that close never reached it.
 */
export function startLoad(
  baseUrl: string,
  { connections, paths, retryClosedIdle = false }: { connections: number; paths: readonly string[]; retryClosedIdle?: boolean },
): Load {
  const requests: Sent[] = [];
  let running = true;
  let open = 0;
  // Bounded waits: a request the server never answers fails the test instead of hanging it.
  const clients = Array.from(
    { length: connections },
    () => new Client(baseUrl, { pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 }),
  );
  const loops = clients.map(async (client, index) => {
    for (let count = index; running; count += 1) {
      const path = paths[count % paths.length]!;
      const request: Sent = { path, start: performance.now(), end: 0, status: undefined, error: undefined };
      requests.push(request);
      open += 1;
      try {
        let response;
        try {
          response = await client.request({ path, method: 'GET' });
        } catch (error) {
          if (!retryClosedIdle || !CLOSED_IDLE.includes((error as { code?: string }).code ?? '')) throw error;
          request.retried = true;
          response = await client.request({ path, method: 'GET' });
        }
        await response.body.arrayBuffer();
        request.status = response.statusCode;
      } catch (error) {
        request.error = (error as { code?: string }).code ?? (error as Error).message;
      } finally {
        request.end = performance.now();
        open -= 1;
      }
    }
  });
  return {
    sent: () => requests,
    inFlight: () => open,
    answered: async (count) => {
      while (requests.filter((request) => request.status !== undefined).length < count) await sleep(20);
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
      await Promise.all(clients.map((client) => client.close()));
      return requests;
    },
  };
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
