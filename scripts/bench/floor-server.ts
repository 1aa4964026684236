/**
 * The floor: a bare node:http server that answers each benchmark request with the bytes the real
 * server sent for it (same status, headers and body), doing nothing else. Whatever the real server
 * reaches relative to this is the share of the machine its own work leaves.
 * Usage: node scripts/bench/floor-server.ts <recordings.jsonl> <port>
 */
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import { replayKey } from './replay-key.ts';

/** Headers node:http writes itself for each connection and response. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Replay {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  chunked: boolean;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: floor-server.ts <recordings.jsonl> <port>');
const replays = new Map<string, Replay>();
for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
  const recorded = JSON.parse(line) as { key: string; status: number; headers: Record<string, string | string[]>; body: string };
  const headers = Object.fromEntries(Object.entries(recorded.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)));
  const chunked = recorded.headers['transfer-encoding'] === 'chunked';
  replays.set(recorded.key, { status: recorded.status, headers, body: Buffer.from(recorded.body, 'base64'), chunked });
}

createServer((req, res) => {
  const replay = replays.get(replayKey(req.url ?? '/', req.headers));
  if (!replay) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(replay.status, replay.headers);
  // A chunked original stays chunked: write() before end() keeps node from adding Content-Length.
  if (replay.chunked) res.write(replay.body);
  res.end(replay.chunked ? undefined : replay.body);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
