/**
 * Requests fetch() would refuse or rewrite: paths sent exactly as written (no dot-segment
 * removal, no re-encoding) and raw bytes on a socket (CR/LF inside a header).
 */
import { request, type Agent } from 'node:http';
import { connect } from 'node:net';
import type { ApiResult } from './api-call.ts';

/**
 * Sends one request with the path exactly as given, and reads the whole response. A body goes with
 * its Content-Length unless `chunked`; `agent` keeps a connection (and so one worker) across requests.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; chunked?: boolean; agent?: Agent } = {},
): Promise<ApiResult> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // An explicit Content-Length: Node sends DELETE/OPTIONS bodies unframed otherwise.
    const headers = {
      ...(options.headers ?? {}),
      ...(options.body !== undefined && !options.chunked ? { 'Content-Length': String(Buffer.byteLength(options.body)) } : {}),
    };
    const method = options.method ?? 'GET';
    const outgoing = request(
      { host: hostname, port: Number(port), path, method, headers, ...(options.agent ? { agent: options.agent } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers, text: text === '' ? null : text });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (options.body !== undefined) outgoing.write(options.body);
    outgoing.end();
  });
}

/** Writes raw bytes (ending with Connection: close) and returns everything the server answers until it closes. */
export function rawSocket(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answer = '';
    // write, not end: a half-closed socket may be dropped before a slow answer is written.
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** The status code of a raw HTTP/1.1 answer. */
export function rawStatus(answer: string): number {
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
}
