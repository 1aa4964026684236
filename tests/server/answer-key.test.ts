/**
 * Which requests may be answered from a kept answer, and under which key (server/answer-memo.mjs):
 * a key too wide would serve one request's answer to another, and an unbounded one would let a
 * client fill the byte budget with spellings.
 */
import { describe, expect, it } from 'vitest';
import { answerKey } from '../../server/answer-memo.mjs';

const request = (headers: Record<string, string> = {}, url = '/api/projects?q=docs', method = 'GET') => ({ method, url, headers });

describe('answerKey', () => {
  it('keys a GET by its coding, its If-None-Match and its target as spelled', () => {
    const plain = answerKey(request(), 'identity');
    expect(plain).toBeDefined();
    expect(answerKey(request(), 'br')).not.toBe(plain);
    expect(answerKey(request(), 'gzip')).not.toBe(answerKey(request(), 'br'));
    expect(answerKey(request({ 'if-none-match': 'W/"a"' }), 'identity')).not.toBe(plain);
    expect(answerKey(request({}, '/api/projects?q=docs&'), 'identity')).not.toBe(plain);
    expect(answerKey(request({ 'accept-language': 'pt-BR', host: 'elsewhere.example' }), 'identity')).toBe(plain);
  });

  it.each([
    ['a HEAD', request({}, '/api/projects', 'HEAD')],
    ['an OPTIONS', request({}, '/api/projects', 'OPTIONS')],
    ['a request with its own request id', request({ 'x-request-id': 'mine' })],
    ['a target over 512 characters', request({}, `/api/projects?q=${'a'.repeat(500)}`)],
    ['an If-None-Match that makes the key over 512 characters', request({ 'if-none-match': `W/"${'a'.repeat(500)}"` })],
  ])('gives none to %s', (_label, req) => {
    expect(answerKey(req, 'identity')).toBeUndefined();
  });
});
