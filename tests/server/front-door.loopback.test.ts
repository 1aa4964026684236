/**
 * One front door: the server alone and nginx in front of it (`npm run test:nginx` runs this file
 * again through nginx) answer every spelling, validator and edge of HTTP alike. Raw sockets send
 * what a client library would tidy.
 */
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { MCP_PATH } from '../../src/routes/mcp-endpoint.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { LEAK, VIA_NGINX } from '../support/api-call.ts';
import { rawStatus } from '../support/raw-http.ts';
import { expectSecurityHeaders } from '../support/security-headers.ts';

const baseUrl = inject('baseUrl');
const health = apiUrl('getHealth');

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * Sends `head` (a request line and headers, without the blank line) on a new connection, and reads
 * the answer until its Content-Length is in (nginx may keep a refused connection open to drain it).
 */
async function send(head: string): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  const answer = await new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n`));
    socket.setEncoding('latin1');
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer within 5 s: ${text.slice(0, 100)}`)));
    const done = () => {
      socket.destroy();
      resolve(text);
    };
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1];
      if (end !== -1 && length !== undefined && text.length - end - 4 >= Number(length)) done();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  const end = answer.indexOf('\r\n\r\n');
  const headers = new Headers();
  for (const line of answer.slice(0, end).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return { status: rawStatus(answer), headers, body: Buffer.from(answer.slice(end + 4), 'latin1').toString('utf8') };
}
const get = (target: string, headers: string[] = []) =>
  send([`GET ${target} HTTP/1.1`, 'Host: a', 'Connection: close', ...headers].join('\r\n'));

describe('one idea of a path', () => {
  it.each([
    ['a backslash before the API', `/\\${health.slice(1)}`, 'api'],
    ['a dot and a backslash before the API', `/.\\${health.slice(1)}`, 'api'],
    ['a backslash inside the API', health.replace(/\/(?=[^/]*$)/, '\\'), 'api'],
    ['a backslash after the MCP path', `${MCP_PATH}\\`, 'text'],
    ['a backslash in a page path', '/projects\\', 'text'],
    ['an encoded dot-dot above the root', `/.%2e${health}`, 'api'],
    ['an encoded NUL in an API path', `${health}%00`, 'api'],
    ['an encoded NUL in a page path', '/projects/%00/', 'text'],
    ['a target without its leading slash', health.slice(1), 'api'],
  ])('refuses %s with 400, as nginx does', async (_label, target, kind) => {
    const answer = await get(target);
    expect(answer.status, target).toBe(400);
    expectSecurityHeaders(answer.headers, target);
    expect(answer.headers.get('cache-control'), target).toBe('no-store');
    expect(answer.body).not.toMatch(LEAK);
    if (kind === 'api') {
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toMatchObject({ payload: null, error: { status: 400, code: 'invalid_request' } });
    } else expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('refuses a request with two Host headers, as nginx does', async () => {
    const answer = await send([`GET ${health} HTTP/1.1`, 'Host: a', 'Host: b', 'Connection: close'].join('\r\n'));
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers, 'two Hosts');
  });

  it('answers an HTTP/1.0 request without Host (allowed by HTTP/1.0)', async () => {
    const answer = await send(`GET ${health} HTTP/1.0`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ payload: { status: 'ok' } });
  });
});

describe('representations and validators', () => {
  it('gives the Markdown twin of a page to Accept: text/plain, as to text/markdown', async () => {
    for (const accept of ['text/plain', 'text/markdown']) {
      const answer = await get('/projects/', [`Accept: ${accept}`]);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers.get('content-type'), accept).toBe('text/markdown; charset=utf-8');
    }
  });

  it("tags a file with nginx's strong ETag of its mtime and size", async () => {
    for (const coding of ['identity', 'gzip', 'br']) {
      const answer = await get('/projects/', [`Accept-Encoding: ${coding}`]);
      const lastModified = Date.parse(answer.headers.get('last-modified') ?? '') / 1000;
      const length = Number(answer.headers.get('content-length'));
      expect(answer.headers.get('etag'), coding).toBe(`"${lastModified.toString(16)}-${length.toString(16)}"`);
    }
  });

  it('ignores a weak validator in If-Range: the whole file (RFC 9110 §13.1.5)', async () => {
    const { headers } = await get('/projects/');
    const etag = headers.get('etag') ?? '';
    expect((await get('/projects/', ['Range: bytes=0-9', `If-Range: ${etag}`])).status).toBe(206);
    const weak = await get('/projects/', ['Range: bytes=0-9', `If-Range: W/${etag}`]);
    expect(weak.status).toBe(200);
    expect(weak.headers.get('content-range')).toBeNull();
  });

  it('says how long the file is in a 416 (Content-Range: bytes */N)', async () => {
    const length = Number((await get('/projects/')).headers.get('content-length'));
    const answer = await get('/projects/', ['Range: bytes=999999-']);
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe(`bytes */${length}`);
    expectSecurityHeaders(answer.headers, '416');
  });

  it('answers HEAD of a redirect as GET', async () => {
    const head = await send(['HEAD /docs/ HTTP/1.1', 'Host: a', 'Connection: close'].join('\r\n'));
    const getAnswer = await get('/docs/');
    expect(getAnswer.status).toBeGreaterThanOrEqual(300);
    expect(head.status).toBe(getAnswer.status);
    expect(head.headers.get('location')).toBe(getAnswer.headers.get('location'));
  });
});

describe.runIf(VIA_NGINX)("nginx's own answers, as the server's", () => {
  const long = `?q=${'a'.repeat(9_000)}`;
  it.each([
    ['a request line too long for nginx, on the API', `GET ${apiUrl('listProjects')}${long} HTTP/1.1`, 414, 'api'],
    ['a request line too long for nginx, on a page', `GET /projects/${long} HTTP/1.1`, 414, 'text'],
    ['HTTP/2.0 on the API', `GET ${health} HTTP/2.0`, 505, 'api'],
    ['HTTP/2.0 on /mcp', `POST ${MCP_PATH} HTTP/2.0`, 505, 'mcp'],
    ['a body too large for /mcp', `POST ${MCP_PATH} HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999`, 413, 'mcp'],
    ['an unknown transfer coding', `POST ${MCP_PATH} HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip`, 501, 'mcp'],
    ['a dot-dot above the root', `GET /.%2e${health} HTTP/1.1`, 400, 'api'],
  ])('answers %s with the security headers and the body the path takes', async (label, head, status, kind) => {
    const answer = await send(`${head}\r\nConnection: close`);
    expect(answer.status, label).toBe(status);
    expectSecurityHeaders(answer.headers, label);
    expect(answer.headers.get('cache-control'), label).toBe('no-store');
    if (kind === 'text') {
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.body).toMatch(new RegExp(`^${status} `));
    } else {
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      if (kind === 'api') expect(body).toMatchObject({ payload: null, error: { status } });
      else expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    }
  });
});
