/** The workbench's check constructors, previews and the status check, on fixed values. */
import { describe, expect, it } from 'vitest';
import { fail, fromProblems, isRecord, pass, preview, statusCheck } from '../../src/workbench/check.ts';

describe('pass, fail and fromProblems', () => {
  it('build a named check with its reason', () => {
    expect(pass('JSON', 'valid JSON')).toEqual({ name: 'JSON', ok: true, reason: 'valid JSON' });
    expect(fail('JSON', 'empty body')).toEqual({ name: 'JSON', ok: false, reason: 'empty body' });
  });

  it('pass with the pass reason when there is no problem, and fail with every problem otherwise', () => {
    expect(fromProblems('echo', [], 'path and query echo the request')).toEqual({
      name: 'echo',
      ok: true,
      reason: 'path and query echo the request',
    });
    expect(fromProblems('echo', ['path is "/a"', 'query is {}'], 'unused')).toEqual({
      name: 'echo',
      ok: false,
      reason: 'path is "/a"; query is {}',
    });
  });
});

describe('preview', () => {
  it.each([
    ['a string, quoted', 'abc', '"abc"'],
    ['undefined, named', undefined, 'undefined'],
    ['null', null, 'null'],
    ['an object, as JSON', { a: [1, 2] }, '{"a":[1,2]}'],
    ['a number', 42, '42'],
  ])('shows %s', (_label, value, shown) => {
    expect(preview(value)).toBe(shown);
  });

  it('cuts a long value to its limit, ending with an ellipsis', () => {
    expect(preview('abcdefghijklmnop', 8)).toBe('"abcdef…');
    expect(preview('abcdef', 8)).toBe('"abcdef"');
  });
});

describe('isRecord', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['text', false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});

describe('statusCheck', () => {
  it('passes a 200 only', () => {
    expect(statusCheck(200, undefined)).toEqual({ name: 'HTTP status', ok: true, reason: '200 OK' });
    expect(statusCheck(404, undefined)).toEqual({ name: 'HTTP status', ok: false, reason: 'answered 404, expected 200' });
    expect(statusCheck(304, undefined).reason).toBe('answered 304, expected 200');
  });

  it('gives the reason a request failed, when there was no response', () => {
    expect(statusCheck(0, 'the response is a redirect').reason).toBe('the response is a redirect');
    expect(statusCheck(0, undefined).reason).toBe('no response');
  });
});
