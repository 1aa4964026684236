/**
 * One run of the workbench: read the route table and the audit the site serves, load every
 * resource with bounded concurrency, and check each one. The caller renders through the listener.
 */
import { MCP_TOOLS_LIST, mcpChecks, twinChecks } from './agent-checks.ts';
import { pageChecks } from './page-checks.ts';
import { fail, isRecord, pass, statusCheck } from './check.ts';
import { ContractValidator } from './contract-validator.ts';
import { documentChecks } from './document-checks.ts';
import { envelopeChecks } from './envelope-checks.ts';
import { equalsSourceCheck, exportSource, jsonCheck } from './export-checks.ts';
import { fetchResource, headAnswer } from './fetch-resource.ts';
import { buildInventory, detailOf, detailUrl } from './resource-list.ts';
import { auditMatchesContractCheck, discoveryCountsCheck, discoveryUrlsCheck } from './inventory-checks.ts';
import { createLimiter } from './limiter.ts';
import type { Check, Fetched, Row } from './types.ts';

/** The entry points a run starts from, as the page renders them from the route table. */
export interface WorkbenchUrls {
  contract: string;
  audit: string;
  discovery: string;
  /** The MCP endpoint, loaded with a tools/list. */
  mcp: string;
  /** A sample of pages, one per page family and language. */
  pages: readonly string[];
  /** A sample of Markdown twins, one per page family and language. */
  twins: readonly string[];
}

/** What a run reports while it goes. */
export interface RunListener {
  /** The inventory is known: one row per resource, in inventory order. */
  rows(rows: readonly Row[]): void;
  /** A row changed (its response arrived or its checks ran). */
  row(row: Row): void;
  /** How many resources have loaded. */
  progress(loaded: number, total: number): void;
}

/** Requests in flight at once, GET and HEAD together. */
export const CONCURRENCY = 4;

/** The body's payload, when the body is an envelope. */
const payloadOf = (fetched: Fetched): unknown => (isRecord(fetched.json) ? fetched.json['payload'] : undefined);

/** Runs every check once and resolves with the rows, failing rows first. */
export async function runWorkbench(urls: WorkbenchUrls, listener: RunListener): Promise<Row[]> {
  const base = window.location.href;
  const limit = createLimiter(CONCURRENCY);
  const loads = new Map<string, Promise<Fetched>>();
  // Each URL is requested once per run; rows and checks that need it share the response.
  const load = (url: string): Promise<Fetched> => {
    let pending = loads.get(url);
    if (!pending) {
      pending = limit(() => fetchResource(url));
      loads.set(url, pending);
    }
    return pending;
  };
  const head = (url: string): Promise<string> => limit(() => headAnswer(url));

  const [contractResponse, auditResponse] = await Promise.all([load(urls.contract), load(urls.audit)]);
  const contract = payloadOf(contractResponse);
  const audit = payloadOf(auditResponse);
  const rows: Row[] = buildInventory(contract, audit, [urls.contract, urls.audit], urls).map((resource) => ({
    resource,
    checks: [],
    done: false,
  }));
  const documents = rows.filter((row) => row.resource.kind === 'document').map((row) => row.resource.path);
  const validator = new ContractValidator(contract, new URL(urls.contract, base));
  listener.rows(rows);

  let loaded = 0;
  const requestIds = new Map<Row, string>();

  /** The checks of an endpoint row: envelope, header, echo, schema, and the cross-resource ones. */
  async function endpointChecks(row: Row, fetched: Fetched): Promise<Check[]> {
    const reading = envelopeChecks(fetched, base);
    // Without a body id, the header's still has to be unique.
    const requestId = reading.requestId ?? fetched.headers.get('X-Request-Id');
    if (requestId !== null) requestIds.set(row, requestId);
    const checks = [...reading.checks];
    if (reading.body) {
      const located = validator.payloadPointer(row.resource.path);
      if ('problem' in located) checks.push(fail('payload schema', located.problem));
      else {
        const problem = validator.validate(located.pointer, reading.body['payload']);
        checks.push(problem === undefined ? pass('payload schema', `matches ${located.label}`) : fail('payload schema', problem));
      }
    }
    const payload = reading.body?.['payload'];
    if (row.resource.path === urls.audit) checks.push(auditMatchesContractCheck(payload, contract));
    if (row.resource.path === urls.discovery) {
      checks.push(discoveryCountsCheck(payload, audit));
      checks.push(await discoveryUrlsCheck(payload, head));
    }
    return checks;
  }

  /** The checks of an export row: JSON, and equality with its source endpoint's payload. */
  async function exportChecks(row: Row, fetched: Fetched): Promise<Check[]> {
    const checks = [jsonCheck(fetched)];
    const discovery = payloadOf(await load(urls.discovery));
    const found = exportSource(row.resource.path, discovery, audit);
    if ('problem' in found) return [...checks, fail('equals its endpoint', found.problem)];
    if (fetched.json !== undefined) checks.push(equalsSourceCheck(fetched.json, found.source, (await load(found.source)).json));
    return checks;
  }

  /** Loads one row's resource and runs its checks; never throws, so the run always reaches a verdict. */
  async function evaluate(row: Row): Promise<void> {
    try {
      const detail = row.resource.kind === 'endpoint' ? detailOf(row.resource.path) : undefined;
      let url = row.resource.path;
      if (detail) {
        const concrete = detailUrl(row.resource.path, detail.parameter, payloadOf(await load(detail.directory)));
        if (concrete === undefined)
          throw new Error(`${detail.directory} gave no items[0].${detail.parameter} to fill ${row.resource.path}`);
        url = concrete;
      }
      row.url = url;
      // The MCP endpoint answers POSTs only: its row sends a tools/list.
      const fetched = row.resource.kind === 'mcp' ? await limit(() => fetchResource(url, MCP_TOOLS_LIST)) : await load(url);
      row.fetched = fetched;
      loaded += 1;
      listener.progress(loaded, rows.length);
      listener.row(row);
      const status = statusCheck(fetched.status, fetched.error);
      const specific =
        row.resource.kind === 'endpoint'
          ? await endpointChecks(row, fetched)
          : row.resource.kind === 'export'
            ? await exportChecks(row, fetched)
            : row.resource.kind === 'mcp'
              ? mcpChecks(fetched)
              : row.resource.kind === 'twin'
                ? twinChecks(fetched)
                : row.resource.kind === 'page'
                  ? pageChecks(fetched)
                  : documentChecks(row.resource.path, fetched, documents);
      row.checks = [status, ...specific];
    } catch (error) {
      row.checks = [...row.checks, fail('workbench', error instanceof Error ? error.message : String(error))];
    }
    row.done = true;
    listener.row(row);
  }

  await Promise.all(rows.map(evaluate));

  // Uniqueness needs every response, so it is the last check of each API row.
  const seen = new Map<string, Row[]>();
  for (const [row, id] of requestIds) seen.set(id, [...(seen.get(id) ?? []), row]);
  for (const [row, id] of requestIds) {
    const others = (seen.get(id) ?? []).filter((other) => other !== row);
    row.checks.push(
      others.length === 0
        ? pass('unique request id', `request_id is unique among the ${requestIds.size} of this run`)
        : fail(
            'unique request id',
            `request_id "${id}" was also returned for ${others.map((other) => other.url ?? other.resource.path).join(', ')}`,
          ),
    );
    listener.row(row);
  }
  const failing = (row: Row): number => (row.checks.some((check) => !check.ok) ? 0 : 1);
  return [...rows].sort((a, b) => failing(a) - failing(b));
}
