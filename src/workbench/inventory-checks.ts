/** Checks across resources: discovery's URLs answer, discovery and the audit agree, the audit matches the contract. */
import { fail, fromProblems, isRecord, pass } from './check.ts';
import { auditRoutes, contractPaths } from './resource-list.ts';
import type { Check } from './types.ts';

/** How many URLs a failing reason names before summing up the rest. */
const NAMED = 3;

/** Every discovery item's URL (fragment stripped, each once). */
function discoveryUrls(payload: unknown): string[] {
  const items = isRecord(payload) && Array.isArray(payload['items']) ? payload['items'] : [];
  const urls = items.map((item) => (isRecord(item) && typeof item['url'] === 'string' ? item['url'].split('#')[0] : undefined));
  return [...new Set(urls.filter((url): url is string => url !== undefined && url !== ''))];
}

/** Every URL of the discovery inventory answers 200 to HEAD. `head` says what a URL answers. */
export async function discoveryUrlsCheck(payload: unknown, head: (url: string) => Promise<string>): Promise<Check> {
  const name = 'discovery URLs';
  const urls = discoveryUrls(payload);
  if (urls.length === 0) return fail(name, 'the inventory lists no URL');
  const answers = await Promise.all(urls.map(async (url) => ({ url, answer: await head(url) })));
  const failed = answers.filter(({ answer }) => answer !== '200');
  if (failed.length === 0) return pass(name, `all ${urls.length} URLs answer 200 to HEAD`);
  const named = failed.slice(0, NAMED).map(({ url, answer }) => `${url} answers ${answer}`);
  const more = failed.length > NAMED ? ` and ${failed.length - NAMED} more` : '';
  return fail(name, `${named.join('; ')}${more} (${failed.length} of ${urls.length} URLs fail)`);
}

/** Discovery counts as many pages, endpoints and exports as the audit. */
export function discoveryCountsCheck(payload: unknown, audit: unknown): Check {
  const name = 'counts match the audit';
  const items = isRecord(payload) && Array.isArray(payload['items']) ? payload['items'] : [];
  const counts = isRecord(audit) && isRecord(audit['counts']) ? audit['counts'] : undefined;
  if (counts === undefined) return fail(name, 'the audit has no counts to compare with');
  // Discovery kinds are singular, audit counts plural.
  const pairs = [
    ['page', 'pages'],
    ['endpoint', 'endpoints'],
    ['export', 'exports'],
  ] as const;
  const compared = pairs.map(([kind, key]) => ({
    key,
    discovery: items.filter((item) => isRecord(item) && item['kind'] === kind).length,
    audit: counts[key],
  }));
  const problems = compared
    .filter((pair) => pair.discovery !== pair.audit)
    .map((pair) => `${pair.key}: discovery ${pair.discovery}, audit ${String(pair.audit)}`);
  return fromProblems(name, problems, compared.map((pair) => `${pair.discovery} ${pair.key}`).join(', '));
}

/** The audit's endpoint routes are exactly the contract's paths. */
export function auditMatchesContractCheck(audit: unknown, contract: unknown): Check {
  const name = 'routes match the contract';
  const routes = auditRoutes(audit, 'endpoint');
  const paths = contractPaths(contract);
  const missing = paths.filter((path) => !routes.includes(path));
  const extra = routes.filter((path) => !paths.includes(path));
  const problems = [
    ...missing.map((path) => `${path} is in the contract, not in the audit`),
    ...extra.map((path) => `${path} is in the audit, not in the contract`),
  ];
  return problems.length === 0
    ? pass(name, `the ${routes.length} endpoint routes are the contract's paths`)
    : fail(name, problems.join('; '));
}
