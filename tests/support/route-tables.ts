/**
 * Expected tables written out by hand, not derived from the code under test: which routes are
 * directories (paged with limit and cursor), which answer in one language only, and the headers
 * each operation's responses carry. When a route is added, these tables must be updated on purpose.
 */
import type { RouteId } from '../../src/routes/routes.ts';

/** Routes that return `{ count, items }` and page them with `limit` and `cursor`. */
export const DIRECTORY_ROUTE_IDS = [
  'listProfiles',
  'listLinks',
  'listDiscovery',
  'getPortfolio',
  'listCategories',
  'listCapabilities',
  'listStacks',
  'listProjects',
  'listOperations',
  'listJourneys',
  'listTrust',
] as const satisfies readonly RouteId[];

/** The discovery documents that are files of their own, in inventory order (the contract, an endpoint, follows them in the audit). */
export const STANDALONE_DOCUMENT_PATHS = [
  '/llms.txt',
  '/llms-full.txt',
  '/.well-known/api-catalog',
  '/sitemap.md',
  '/skill.md',
  '/.well-known/agent-skills/index.json',
  '/.well-known/agent-skills/oficina-norte-catalog/SKILL.md',
  '/.well-known/ai-catalog.json',
  '/mcp/server-card',
  '/feed.atom',
  '/feed.json',
  '/pt-br/feed.atom',
  '/pt-br/feed.json',
  '/robots.txt',
  '/sitemap-index.xml',
  '/openapi.json',
] as const;

/** Routes whose payload does not depend on `lang`: no Content-Language. */
export const UNLOCALIZED_ROUTE_IDS = ['getHealth', 'getContract', 'getContractV1', 'getAudit'] as const satisfies readonly RouteId[];

/** Routes that hold the contract in the envelope, and link to the bare document (Link rel="service-desc"). */
export const CONTRACT_ROUTE_IDS = ['getContract', 'getContractV1'] as const satisfies readonly RouteId[];

const includes = (list: readonly string[], id: string): boolean => list.includes(id);

/** Every API response is rate limited, so it states the policy and what is left of the quota (issue 20). */
const RATE_LIMIT_HEADERS = ['RateLimit', 'RateLimit-Policy'];

/**
 * The headers an operation documents and sends for a status: every response names its request and
 * its quota, a 429 when to retry, successes their tag and language, directories their next page.
 */
export function expectedHeaders(id: RouteId, status: number): string[] {
  if (status === 429) return ['X-Request-Id', ...RATE_LIMIT_HEADERS, 'Retry-After'];
  if (status !== 200 && status !== 304) return ['X-Request-Id', ...RATE_LIMIT_HEADERS];
  return [
    'X-Request-Id',
    ...RATE_LIMIT_HEADERS,
    'ETag',
    ...(includes(UNLOCALIZED_ROUTE_IDS, id) ? [] : ['Content-Language']),
    ...(includes(DIRECTORY_ROUTE_IDS, id) || includes(CONTRACT_ROUTE_IDS, id) ? ['Link'] : []),
  ];
}

/**
 * Headers present only sometimes: Link only when there is a next page; the rate-limit fields only
 * where the server limits (RATE_LIMIT is off in the test harness; tests/server/rate-limit.loopback.test.ts
 * checks them with it on).
 */
export const CONDITIONAL_HEADERS: readonly string[] = ['Link', ...RATE_LIMIT_HEADERS, 'Retry-After'];
