/**
 * Expected tables written out by hand, not derived from the code under test: which routes are
 * directories (paged with limit and cursor), which answer in one language only, and the headers
 * each operation's responses carry. When a route is added, these tables must be updated on purpose.
 */
import type { RouteId } from '../../src/api/spec/routes.ts';

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

/** Routes whose payload does not depend on `lang`: no Content-Language. */
export const UNLOCALIZED_ROUTE_IDS = ['getHealth', 'getContract', 'getContractV1', 'getAudit'] as const satisfies readonly RouteId[];

const includes = (list: readonly string[], id: string): boolean => list.includes(id);

/** The headers an operation documents and sends for a status: every response names its request, successes their tag and language, directories their next page. */
export function expectedHeaders(id: RouteId, status: number): string[] {
  if (status !== 200 && status !== 304) return ['X-Request-Id'];
  return [
    'X-Request-Id',
    'ETag',
    ...(includes(UNLOCALIZED_ROUTE_IDS, id) ? [] : ['Content-Language']),
    ...(includes(DIRECTORY_ROUTE_IDS, id) ? ['Link'] : []),
  ];
}

/** Headers present only sometimes: Link only when there is a next page. */
export const CONDITIONAL_HEADERS: readonly string[] = ['Link'];
