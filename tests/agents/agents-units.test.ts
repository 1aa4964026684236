/** The pure parts of the agent surfaces: twin paths and the MCP Origin rule. */
import { describe, expect, it } from 'vitest';
import { twinPath } from '../../src/discovery/markdown-twins.ts';
import { originAllowed } from '../../src/mcp/server.ts';

describe('twinPath', () => {
  it.each([
    ['/', '/index.md'],
    ['/projects/', '/projects.md'],
    ['/projects/docs-hub/', '/projects/docs-hub.md'],
  ])('%s -> %s', (page, twin) => expect(twinPath(page)).toBe(twin));
});

describe('originAllowed', () => {
  const site = 'https://studio.example';
  it.each([
    [undefined, true, 'no Origin: not a browser'],
    ['https://studio.example', true, "the site's own origin"],
    ['http://127.0.0.1:4321', true, 'this server on loopback'],
    ['http://localhost:4321', true, 'this server on loopback, by name'],
    ['http://[::1]:4321', true, 'this server on IPv6 loopback'],
    ['http://localhost:9999', false, 'another local port'],
    ['http://studio.example', false, 'the site over another scheme'],
    ['https://evil.example', false, 'a foreign site'],
    ['null', false, 'an opaque origin'],
    ['not a url', false, 'garbage'],
  ])('%s -> %s (%s)', (origin, allowed, _why) => expect(originAllowed(origin, 4321, site)).toBe(allowed));
});
