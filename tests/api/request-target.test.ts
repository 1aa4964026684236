/** The one target parser: every spelling of a path comes out as one normalized path, a fixed point. */
import { describe, expect, it } from 'vitest';
import { normalizePath, parseTarget } from '../../src/api/request-target.ts';
import { apiUrl } from '../../src/routes/urls.ts';

const projects = apiUrl('listProjects');
const [, prefix, rest] = /^\/(\w+)(\/.*)$/.exec(projects)!;

describe('parseTarget', () => {
  it.each([
    ['an escaped unreserved letter', `/%${prefix!.charCodeAt(0).toString(16)}${prefix!.slice(1)}${rest}`],
    ['a doubled leading slash', `/${projects}`],
    ['doubled inner slashes', projects.replaceAll('/', '//')],
    ['a dot-dot segment', `/${prefix}/..${projects}`],
    ['an encoded dot-dot segment', `/${prefix}/%2E%2e${projects}`],
    ['a dot segment', `/${prefix}/.${rest}`],
    ['a backslash', `/${prefix}\\${rest!.slice(1)}`],
    ['a fragment', `${projects}#frag`],
    ['absolute-form', `http://evil.example:1${projects}`],
  ])('reads %s as the one path', (_label, target) => {
    expect(parseTarget(`${target}?q=a`)).toMatchObject({ path: projects, search: 'q=a' });
  });

  it.each([
    ['/a%2fb', '/a%2Fb'],
    ['/%zz', '/%zz'],
    ['/%00', '/%00'],
    ['/a b', '/a%20b'],
    ['/ü', '/%C3%BC'],
    ['/x/../..', '/'],
  ])('keeps reserved and invalid escapes (upper-cased): %s is %s', (raw, normal) => {
    expect(normalizePath(raw)).toBe(normal);
  });

  it.each(['/', projects, '/%61pi//x/./../y?', '/.well-known/api-catalog', '/%2e%2E/%2fa/%E0%A4%A', '/a\\..\\b', '/{x}/<y>/"z"'])(
    'gives a fixed point for %s, equal to what a URL parser reads',
    (raw) => {
      const normal = normalizePath(raw);
      expect(normalizePath(normal)).toBe(normal);
      expect(new URL(`https://example.test${normal}`).pathname).toBe(normal);
    },
  );
});

describe('parseTarget: refusals', () => {
  it.each([
    ['a backslash', `/${prefix}\\${rest!.slice(1)}`],
    ['a leading backslash', `/\\${projects.slice(1)}`],
    ['an encoded NUL', `${projects}%00`],
    ['a dot-dot above the root', `/..${projects}`],
    ['an encoded dot-dot above the root', `/.%2E${projects}`],
    ['an encoded slash that climbs', `/a%2F..%2F..${projects}`],
    ['no leading slash', projects.slice(1)],
    ['the asterisk-form', '*'],
  ])('refuses %s, as nginx does', (_label, target) => {
    expect(parseTarget(`${target}?q=a`).refusal).toMatch(/./);
  });

  it.each([
    projects,
    `${projects}/`,
    `/${prefix}/..${projects}`,
    `/%61pi//x/./../y`,
    `${projects}?q=a\\b`,
    `${projects}#\\`,
    `http://h${projects}`,
    '/%5C',
  ])('lets %s through', (target) => {
    expect(parseTarget(target).refusal).toBeUndefined();
  });
});
