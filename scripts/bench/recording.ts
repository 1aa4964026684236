/**
 * Records the exact responses of a server under test (status, headers, raw body bytes, no
 * decoding), so the floor server can replay them byte for byte.
 */
import { request } from 'node:http';

export interface BenchRequest {
  path: string;
  headers: Record<string, string>;
  /** GET unless said (the MCP class POSTs a JSON-RPC body). */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface Recorded {
  key: string;
  status: number;
  /** Response headers as received, lower-case names. */
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Request headers the bench varies; anything else is the same for every request. */
const VARYING_HEADERS = ['accept-encoding', 'if-none-match'] as const;

/** One key per distinct bench request, shared by the recorder and the floor server. */
export function replayKey(path: string, headers: Record<string, string | string[] | undefined>): string {
  return [path, ...VARYING_HEADERS.map((name) => String(headers[name] ?? ''))].join('\n');
}

/** One request with exactly these headers; the body is left as sent (compressed or not). */
export function fetchRaw(baseUrl: string, { path, headers, method = 'GET', body }: BenchRequest): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(path, baseUrl), { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const received: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) received[name] = value;
        resolve({ key: replayKey(path, headers), status: response.statusCode ?? 0, headers: received, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`${method} ${path} took over 30 s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The JSON body of a GET, for reading slugs and names off the built catalog. */
export async function fetchJson(baseUrl: string, path: string): Promise<unknown> {
  const recorded = await fetchRaw(baseUrl, { path, headers: {} });
  if (recorded.status !== 200) throw new Error(`GET ${path} answered ${recorded.status}`);
  return JSON.parse(recorded.body.toString('utf8'));
}

/** Recordings as JSON lines for the floor server (bodies in base64). */
export function serializeRecordings(recordings: readonly Recorded[]): string {
  return recordings.map((item) => JSON.stringify({ ...item, body: item.body.toString('base64') })).join('\n');
}
