/**
 * The agent-readiness files over HTTP against the built server: the Agent Skill (agentskills.io
 * frontmatter and name rules, the index's digest), the MCP server card (the draft's vendored JSON
 * Schema, its headers, 304, 405, CORS preflight), the AI Catalog, robots.txt's Content-Signal,
 * plain-text negotiation, and the 404 page for unknown .well-known paths.
 */
import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, inject, it } from 'vitest';
import cardSchema from '../../scripts/lib/vendor/mcp-server-card.schema.json' with { type: 'json' };
import { skillProblems } from '../../scripts/lib/agent-skill-rules.ts';
import { AGENT_SKILLS_INDEX_PATH, AI_CATALOG_PATH, SKILL_MD_PATH, SKILL_NAME, SKILL_PATH } from '../../src/discovery/paths.ts';
import {
  AI_CATALOG_MEDIA_TYPE,
  LEGACY_SERVER_CARD_PATHS,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_PATH,
} from '../../src/discovery/server-card.ts';
import { MCP_PROTOCOL_VERSIONS } from '../../src/routes/mcp-endpoint.ts';

const baseUrl = inject('baseUrl');
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validateCard = ajv.compile({ ...cardSchema, $ref: '#/$defs/ServerCard' });

describe('the Agent Skill', () => {
  it('is listed in the discovery index with the SHA-256 of the SKILL.md it points at, which follows agentskills.io', async () => {
    const index = await fetch(`${baseUrl}${AGENT_SKILLS_INDEX_PATH}`);
    expect(index.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await index.json()) as { $schema: string; skills: { name: string; type: string; url: string; digest: string }[] };
    expect(body.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(body.skills.map((skill) => [skill.name, skill.type, skill.url])).toEqual([[SKILL_NAME, 'skill-md', SKILL_PATH]]);
    const skill = await fetch(`${baseUrl}${SKILL_PATH}`);
    expect(skill.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await skill.text();
    expect(body.skills[0]!.digest).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`);
    expect(skillProblems(text, SKILL_PATH.split('/').at(-2))).toEqual([]);
    expect(await (await fetch(`${baseUrl}${SKILL_MD_PATH}`)).text()).toBe(text);
  });

  it('has rules that fail a bad name, a missing description and a foreign field', () => {
    expect(skillProblems('---\nname: Bad--Name\ndescription: x\n---\n', undefined)).toHaveLength(1);
    expect(skillProblems('---\nname: good\ndescription: x\n---\n', 'other')).toHaveLength(1);
    expect(skillProblems('---\nname: good\nextra: 1\n---\n', undefined)).toHaveLength(2);
    expect(skillProblems('# no frontmatter', undefined)).toHaveLength(1);
  });
});

describe('the MCP server card', () => {
  it.each([SERVER_CARD_PATH, ...LEGACY_SERVER_CARD_PATHS])(
    '%s validates against the draft schema, with CORS, caching and an ETag',
    async (path) => {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(path === SERVER_CARD_PATH ? SERVER_CARD_MEDIA_TYPE : 'application/json');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      const etag = response.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const card = (await response.json()) as { remotes: { type: string; url: string; supportedProtocolVersions: string[] }[] };
      expect(validateCard(card), ajv.errorsText(validateCard.errors)).toBe(true);
      expect(card.remotes).toEqual([
        expect.objectContaining({ type: 'streamable-http', supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] }),
      ]);
      // fetch adds Cache-Control: no-cache to a request with If-None-Match unless it has one; no-cache would (rightly) get a 200.
      expect((await fetch(`${baseUrl}${path}`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } })).status).toBe(304);
      const head = await fetch(`${baseUrl}${path}`, { method: 'HEAD' });
      expect([head.status, await head.text()]).toEqual([200, '']);
    },
  );

  it('fails the schema when a required field is missing (the schema can fail)', () => {
    expect(validateCard({ $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json', name: 'a/b' })).toBe(false);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405 and Allow, never a 5xx', async (method) => {
    const response = await fetch(`${baseUrl}${SERVER_CARD_PATH}`, { method, body: method === 'DELETE' ? null : '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers a CORS preflight', async () => {
    const response = await fetch(`${baseUrl}${SERVER_CARD_PATH}`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('If-None-Match');
  });

  it('is listed by the AI Catalog', async () => {
    const response = await fetch(`${baseUrl}${AI_CATALOG_PATH}`);
    expect(response.headers.get('content-type')).toBe(AI_CATALOG_MEDIA_TYPE);
    const catalog = (await response.json()) as { entries: { type: string; url: string }[] };
    expect(catalog.entries.map((entry) => [entry.type, new URL(entry.url).pathname])).toEqual([[SERVER_CARD_MEDIA_TYPE, SERVER_CARD_PATH]]);
  });
});

describe('the rest of the site for agents', () => {
  it('gives an unknown .well-known path the 404 page', async () => {
    for (const path of ['/.well-known/nope', '/.well-known/mcp/other', '/mcp/server-card/x', '/.well-known/agent-skills/x/SKILL.md']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 404, 'text/html; charset=utf-8']);
    }
  });

  it('answers the twin to an Accept that prefers text/plain to text/html, and HTML otherwise', async () => {
    const plain = await fetch(`${baseUrl}/about/`, { headers: { accept: 'text/plain, text/html;q=0.9' } });
    expect(plain.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(plain.headers.get('vary')).toContain('Accept');
    for (const accept of ['text/html, text/plain;q=0.9', '*/*', 'text/*', 'text/plain;q=0, text/html']) {
      const html = await fetch(`${baseUrl}/about/`, { headers: { accept } });
      expect([accept, html.headers.get('content-type')]).toEqual([accept, 'text/html; charset=utf-8']);
    }
  });

  it('says the studio content signals in robots.txt, inside the User-agent * group', async () => {
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toMatch(/^User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n/m);
  });
});
