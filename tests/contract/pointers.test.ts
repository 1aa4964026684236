/**
 * Every document that points agents and developers at the contract names the bare OpenAPI document
 * (one path, from the route table), not the enveloped endpoint.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect, it } from 'vitest';
import cardSchema from '../../scripts/lib/vendor/mcp-server-card.schema.json' with { type: 'json' };
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildSkillMd } from '../../src/discovery/agent-skill.ts';
import { buildApiCatalog } from '../../src/discovery/api-catalog.ts';
import { buildLlmsTxt } from '../../src/discovery/llms-txt.ts';
import { buildServerCard } from '../../src/discovery/server-card.ts';
import { toolListings } from '../../src/mcp/tools.ts';
import { apiUrl, CONTRACT_DOCUMENT_PATH, OPENAPI_MEDIA_TYPE } from '../../src/routes/urls.ts';

const base = 'https://studio.example';
const bare = `${base}${CONTRACT_DOCUMENT_PATH}`;
const catalog = loadCatalogFromFiles();

it('llms.txt links the bare contract as the OpenAPI contract', () => {
  expect(buildLlmsTxt(catalog, base)).toContain(
    `- [OpenAPI contract](${bare}): the OpenAPI 3.1 contract as a bare document (${apiUrl('getContract')} holds it in the envelope)`,
  );
});

it('skill.md names it beside the api-catalog', () => {
  expect(buildSkillMd(catalog, base, toolListings(catalog))).toContain(`pointing at the OpenAPI contract, <${bare}>.`);
});

it("the api-catalog's service-desc is it, with its media type", () => {
  expect(buildApiCatalog(base).linkset[1]?.['service-desc']).toEqual([
    { href: bare, type: OPENAPI_MEDIA_TYPE, title: 'OpenAPI 3.1 contract' },
  ]);
});

it('the MCP server card names it in its _meta, and still passes the card schema', () => {
  const card = buildServerCard(base);
  expect(card._meta).toEqual({ 'oficina-norte-catalog/openapi': bare });
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile({ ...cardSchema, $ref: '#/$defs/ServerCard' });
  expect(validate(card), ajv.errorsText(validate.errors)).toBe(true);
});
