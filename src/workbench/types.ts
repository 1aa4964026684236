/** The shapes the workbench passes around: resources, responses, checks and rows. */

/** What a resource is: an API endpoint, a static export, a discovery document, the MCP endpoint, a page of the site or a page's Markdown twin. */
export type ResourceKind = 'endpoint' | 'export' | 'document' | 'mcp' | 'page' | 'twin';

/** One resource of the inventory, as the site describes it. */
export interface Resource {
  kind: ResourceKind;
  /** The path as the site lists it: a contract path (maybe with `{slug}`), an export or a document path. */
  path: string;
}

/** A response, read whole, with what the table shows about it. */
export interface Fetched {
  /** The URL requested (site path and query). */
  url: string;
  /** HTTP status; 0 when the request itself failed. */
  status: number;
  /** Time from request to the last byte of the body. */
  ms: number;
  /** Size of the body as received. */
  bytes: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  /** Why the body is not JSON, or why the request failed. */
  error?: string;
}

/** One check of one resource: pass or fail, and a one-line reason either way. */
export interface Check {
  name: string;
  ok: boolean;
  reason: string;
}

/** A table row: the resource, its response once loaded, and its checks once evaluated. */
export interface Row {
  resource: Resource;
  /** The concrete URL once known (detail endpoints wait for a slug). */
  url?: string;
  fetched?: Fetched;
  checks: Check[];
  /** True once every check of the row has run. */
  done: boolean;
}

/** A row fails when any of its checks fails. */
export const rowFailed = (row: Row): boolean => row.checks.some((check) => !check.ok);

/**
 * The words the panel writes, in the page's language: the page passes them as JSON (data-words).
 * `{name}` in a value is a placeholder the panel fills.
 */
export interface PanelWords {
  readingRoutes: string;
  /** `{loaded}`, `{total}`. */
  progress: string;
  allPassed: string;
  /** `{failed}`. */
  someFailed: string;
  /** `{checks}`, `{resources}`, `{failing}`, `{ms}`, `{since}` (afterLoad or afterRerun). */
  summary: string;
  afterLoad: string;
  afterRerun: string;
  /** `{reason}`. */
  stopped: string;
  marks: Record<'pass' | 'fail' | 'pending', string>;
  kinds: Record<ResourceKind, string>;
}

/** How rows are drawn: the panel's words, the page's locale for numbers, and the language of the checks' texts when it differs. */
export interface RowText {
  words: PanelWords;
  numbers: Intl.NumberFormat;
  /** Set when the page is in another language than the checks' names and reasons (English). */
  checksLang?: string;
}
