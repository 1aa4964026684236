/**
 * The MCP server card (SEP-2127, now the `io.modelcontextprotocol/server-card` extension draft in
 * modelcontextprotocol/experimental-ext-server-card) and the AI Catalog that lists it. The draft
 * reserves `<streamable-http-url>/server-card` with `application/mcp-server-card+json`, found from
 * `/.well-known/ai-catalog.json`; the public scanners still probe the older `.well-known` paths of
 * earlier drafts, which take `application/json`, so the same card is served there too
 * (docs/agents.md says where the two disagree). Browser-safe: the workbench reads it.
 */
import {
  MCP_CARD_DESCRIPTION,
  MCP_DESCRIPTION_MAX_AGE_SECONDS,
  MCP_PATH,
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER_NAME,
} from '../routes/mcp-endpoint.ts';
import { SITE_NAME, SITE_VERSION, absoluteUrl } from '../site/config.ts';
import { CONTRACT_DOCUMENT_PATH } from '../routes/urls.ts';
import { AI_CATALOG_PATH } from './paths.ts';

/** The schema every card names (the draft requires this exact URL). */
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** The card's media type in the current draft. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
/** The AI Catalog's media type. */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
/** Where the draft reserves the card: the MCP endpoint's URL plus `/server-card`. */
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`;
/** Where earlier drafts put it, and the scanners still look; served as plain JSON. */
export const LEGACY_SERVER_CARD_PATHS = [
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp/server-card',
  '/.well-known/mcp.json',
] as const;

/**
 * The draft asks open CORS and an hour's public caching of a hosted card and catalog. The CORS is
 * every public file's (src/api/response-policy.ts, added by the server); the caching is the card's own.
 */
export const DISCOVERY_CARD_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': `public, max-age=${MCP_DESCRIPTION_MAX_AGE_SECONDS}`,
};

/** The site's host name, reversed as the card's namespace wants it (`oficinanorte.dev` -> `dev.oficinanorte`). */
function reverseDns(base: string): string {
  return new URL(base).hostname.split('.').reverse().join('.');
}

/** The card: who the server is and how to reach it (the draft lists no tools: they are listed at run time). */
export function buildServerCard(base: string) {
  return {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: `${reverseDns(base)}/${MCP_SERVER_NAME}`,
    version: SITE_VERSION,
    title: `${SITE_NAME} catalog`,
    description: MCP_CARD_DESCRIPTION,
    websiteUrl: absoluteUrl('/', base),
    remotes: [{ type: 'streamable-http', url: absoluteUrl(MCP_PATH, base), supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] }],
    // The same catalog as a JSON API: its OpenAPI document (a `_meta` key under the server's name).
    _meta: { [`${MCP_SERVER_NAME}/openapi`]: absoluteUrl(CONTRACT_DOCUMENT_PATH, base) },
  };
}

/** The AI Catalog: one entry, the card, by URL. */
export function buildAiCatalog(base: string) {
  return {
    specVersion: '1.0',
    entries: [
      {
        identifier: `urn:air:${new URL(base).hostname}:mcp:${MCP_SERVER_NAME}`,
        type: SERVER_CARD_MEDIA_TYPE,
        url: absoluteUrl(SERVER_CARD_PATH, base),
      },
    ],
  };
}

/** A document the server answers itself (its headers are not a file's): path, media type, body. */
export interface CardDocument {
  path: string;
  mediaType: string;
  body: string;
}

/** Every card document of a build, for the server: the card at each of its paths and the AI Catalog. */
export function cardDocuments(base: string): CardDocument[] {
  const card = JSON.stringify(buildServerCard(base));
  return [
    { path: SERVER_CARD_PATH, mediaType: SERVER_CARD_MEDIA_TYPE, body: card },
    ...LEGACY_SERVER_CARD_PATHS.map((path) => ({ path, mediaType: 'application/json', body: card })),
    { path: AI_CATALOG_PATH, mediaType: AI_CATALOG_MEDIA_TYPE, body: JSON.stringify(buildAiCatalog(base)) },
  ];
}
