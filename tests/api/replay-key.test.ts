/**
 * Which requests may be answered from a kept answer, and under which key (src/api/respond.ts's
 * replayKeyOf, used by respond() and server/api-response.ts): a key too wide would serve one
 * request's answer to another, and an unbounded one would let a client fill the byte budget.
 */
import { describe, expect, it } from 'vitest';
import { replayKey } from '../../src/api/adapter.ts';
import { parseTarget } from '../../src/api/request-target.ts';
import { MAX_REPLAY_KEY_LENGTH } from '../../src/api/respond.ts';

const key = (url = '/api/projects?q=docs', headers: Record<string, string> = {}, method = 'GET') =>
  replayKey(method, parseTarget(url), headers);

describe('replayKey', () => {
  it('keys a GET by its If-None-Match and its target', () => {
    const plain = key();
    expect(plain).toBeDefined();
    expect(key('/api/projects?q=docs', { 'if-none-match': 'W/"a"' })).not.toBe(plain);
    expect(key('/api/projects?q=docs&')).not.toBe(plain);
    expect(key('/api/projects?q=doc')).not.toBe(plain);
    expect(key('/api/projectsq=docs')).not.toBe(plain);
    // One target, however it was spelled before normalizing: the same answer.
    expect(key('//api/./projects?q=docs')).toBe(plain);
  });

  it.each([
    ['a HEAD', key('/api/projects', {}, 'HEAD')],
    ['an OPTIONS', key('/api/projects', {}, 'OPTIONS')],
    ['a request with its own request id', key('/api/projects', { 'x-request-id': 'mine' })],
    ['a request with If-Modified-Since', key('/api/projects', { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' })],
    ['a target over the length', key(`/api/projects?q=${'a'.repeat(MAX_REPLAY_KEY_LENGTH)}`)],
    ['an If-None-Match that makes the key over the length', key('/api/projects', { 'if-none-match': `W/"${'a'.repeat(500)}"` })],
  ])('gives none to %s', (_label, given) => {
    expect(given).toBeUndefined();
  });

  it('gives a key to a target and If-None-Match of exactly the length together', () => {
    const path = '/api/projects';
    expect(key(path, { 'if-none-match': 'x'.repeat(MAX_REPLAY_KEY_LENGTH - path.length) })).toBeDefined();
    expect(key(path, { 'if-none-match': 'x'.repeat(MAX_REPLAY_KEY_LENGTH - path.length + 1) })).toBeUndefined();
  });
});
