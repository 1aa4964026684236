/**
 * The floor: a bare node:http server that answers each benchmark request with the bytes the real
 * server sent for it (same status, headers and body), doing nothing else. Whatever the real server
 * reaches relative to this is the share of the machine its own work leaves.
 * Usage: node scripts/bench/floor-server.ts <recordings.jsonl> <port> [<recordings.jsonl> <port> ...]
 * (one server per pair, in one process: both sides of a comparison share it).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { replayKey } from './recording.ts';

/** Headers node:http writes itself for each connection and response. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The replays of one recordings file, by request key. */
function readReplays(file: string) {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return new Map(
    lines.map((line) => {
      const recorded = JSON.parse(line) as { key: string; status: number; headers: Record<string, string | string[]>; body: string };
      const headers = Object.fromEntries(Object.entries(recorded.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)));
      const chunked = recorded.headers['transfer-encoding'] === 'chunked';
      return [recorded.key, { status: recorded.status, headers, body: Buffer.from(recorded.body, 'base64'), chunked }];
    }),
  );
}

/** Answers each request with its replay: the same function for every port, so every port costs the same. */
function replay(replays: ReturnType<typeof readReplays>, req: IncomingMessage, res: ServerResponse): void {
  const found = replays.get(replayKey(req.url ?? '/', req.headers));
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(found.status, found.headers);
  // A chunked original stays chunked: write() before end() keeps node from adding Content-Length.
  if (found.chunked) res.write(found.body);
  res.end(found.chunked ? undefined : found.body);
}

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0)
  throw new Error('usage: floor-server.ts <recordings.jsonl> <port> [<recordings.jsonl> <port> ...]');
for (let index = 0; index < pairs.length; index += 2) {
  const replays = readReplays(pairs[index]!);
  createServer((req, res) => replay(replays, req, res)).listen(Number(pairs[index + 1]), '127.0.0.1');
}
process.stdout.write('listening\n');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
