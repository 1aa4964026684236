/**
 * Which requests may be answered from a kept answer, and under which key (src/api/replay-key.ts,
 * used by respond() and server/answer-memo.mjs): a key too wide would serve one request's answer to
 * another, and an unbounded one would let a client fill the byte budget with spellings.
 */
import { describe, expect, it } from 'vitest';
import { MAX_REPLAY_KEY_LENGTH, replayKeyOf } from '../../src/api/replay-key.ts';
import { parseTarget } from '../../src/api/request-target.ts';

const key = (
  url = '/api/projects?q=docs',
  {
    method = 'GET',
    requestId = undefined as string | undefined,
    ifNoneMatch = undefined as string | undefined,
    ifModifiedSince = undefined as string | undefined,
  } = {},
) => replayKeyOf(method, parseTarget(url), requestId, ifNoneMatch, ifModifiedSince);

describe('replayKeyOf', () => {
  it('keys a GET by its If-None-Match and its target', () => {
    const plain = key();
    expect(plain).toBeDefined();
    expect(key('/api/projects?q=docs', { ifNoneMatch: 'W/"a"' })).not.toBe(plain);
    expect(key('/api/projects?q=docs&')).not.toBe(plain);
    expect(key('/api/projects?q=doc')).not.toBe(plain);
    expect(key('/api/projectsq=docs')).not.toBe(plain);
    // One target, however it was spelled before normalizing: the same answer.
    expect(key('//api/./projects?q=docs')).toBe(plain);
  });

  it.each([
    ['a HEAD', key('/api/projects', { method: 'HEAD' })],
    ['an OPTIONS', key('/api/projects', { method: 'OPTIONS' })],
    ['a request with its own request id', key('/api/projects', { requestId: 'mine' })],
    ['a request with If-Modified-Since', key('/api/projects', { ifModifiedSince: 'Thu, 01 Jan 2026 00:00:00 GMT' })],
    ['a target over the length', key(`/api/projects?q=${'a'.repeat(MAX_REPLAY_KEY_LENGTH)}`)],
    ['an If-None-Match that makes the key over the length', key('/api/projects', { ifNoneMatch: `W/"${'a'.repeat(500)}"` })],
  ])('gives none to %s', (_label, given) => {
    expect(given).toBeUndefined();
  });

  it('gives a key to a target and If-None-Match of exactly the length together', () => {
    const path = '/api/projects';
    expect(key(path, { ifNoneMatch: 'x'.repeat(MAX_REPLAY_KEY_LENGTH - path.length) })).toBeDefined();
    expect(key(path, { ifNoneMatch: 'x'.repeat(MAX_REPLAY_KEY_LENGTH - path.length + 1) })).toBeUndefined();
  });
});
