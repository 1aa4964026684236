// @ts-check
/**
 * `npm start`: the production server. Serves the build in dist/ (see app.mjs for the request path)
 * on PORT and HOST, and logs one JSON line per request.
 */
import { createServer } from 'node:http';
import { createRequestListener } from './app.mjs';
import { distDirFrom, loadBuild } from './build.mjs';

const listener = createRequestListener(await loadBuild(distDirFrom(process.env)));
const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';
const server = createServer((req, res) => {
  listener(req, res).catch((/** @type {unknown} */ error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(port, host, () => {
  process.stdout.write(`${JSON.stringify({ message: 'listening', url: `http://${host}:${port}/` })}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
