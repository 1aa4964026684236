/**
 * The checks of `matrix:check`, as pure functions over what the build produced, so each can be
 * fed a broken fixture in tests. Each check compares several sources of the same fact.
 */
import { GATE_NAMES } from './gates.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { readRobotsTxt } from '../../src/discovery/read-robots-txt.ts';

export interface CheckResult {
  /** What is compared, e.g. "Endpoints". */
  name: string;
  /** Each source with the figure it gave. */
  sources: [label: string, value: string | number][];
  /** Differences, each naming what differs; empty when everything agrees. */
  problems: string[];
}

/** Names the members of `a` missing from `b`, for messages. */
function missing(a: readonly string[], b: readonly string[]): string[] {
  const set = new Set(b);
  return a.filter((item) => !set.has(item));
}

/** Compares named lists that must hold the same members; names what each lacks. */
function sameMembers(name: string, lists: Record<string, readonly string[]>, counts: Record<string, number> = {}): CheckResult {
  const entries = Object.entries(lists);
  const problems: string[] = [];
  const [referenceLabel, reference] = entries[0]!;
  for (const [label, list] of entries.slice(1)) {
    const lacking = missing(reference, list);
    const extra = missing(list, reference);
    if (lacking.length > 0) problems.push(`${label} lacks ${lacking.length} of ${referenceLabel}: ${lacking.slice(0, 8).join(', ')}`);
    if (extra.length > 0) problems.push(`${label} has ${extra.length} not in ${referenceLabel}: ${extra.slice(0, 8).join(', ')}`);
    const duplicates = list.filter((item, index) => list.indexOf(item) !== index);
    if (duplicates.length > 0) problems.push(`${label} lists some twice: ${duplicates.slice(0, 8).join(', ')}`);
  }
  for (const [label, count] of Object.entries(counts)) {
    if (count !== reference.length) problems.push(`${label} says ${count}, but ${referenceLabel} has ${reference.length}`);
  }
  return {
    name,
    sources: [...entries.map(([label, list]): [string, number] => [label, list.length]), ...Object.entries(counts)],
    problems,
  };
}

export interface EndpointInputs {
  routeTable: string[];
  endpointFiles: string[];
  contractPaths: string[];
  discoveryEndpoints: string[];
  auditEndpoints: number;
}
/** Route table = src/pages/api files = contract paths = discovery endpoint items = audit count. */
export function checkEndpoints(inputs: EndpointInputs): CheckResult {
  return sameMembers(
    'Endpoints',
    {
      'route table': inputs.routeTable,
      'src/pages/api files': inputs.endpointFiles,
      'contract paths': inputs.contractPaths,
      'discovery endpoint items': inputs.discoveryEndpoints,
    },
    { 'audit counts.endpoints': inputs.auditEndpoints },
  );
}

export interface PageInputs {
  inventory: string[];
  sitemap: string[];
  htmlFiles: string[];
  discoveryPages: string[];
  auditPages: number;
}
/** Page inventory = sitemap = HTML files in dist = discovery page items = audit count. */
export function checkPages(inputs: PageInputs): CheckResult {
  return sameMembers(
    'Pages',
    {
      'page inventory': inputs.inventory,
      sitemap: inputs.sitemap,
      'HTML files in dist/client': inputs.htmlFiles,
      'discovery page items': inputs.discoveryPages,
    },
    { 'audit counts.pages': inputs.auditPages },
  );
}

export interface TranslationInputs {
  /** Every inventory page's path in each language but the default. */
  inventory: string[];
  /** The sitemap's URLs in those languages, as paths. */
  sitemap: string[];
  /** HTML pages of dist/client under a language's folder, utility pages left out. */
  htmlFiles: string[];
  auditTranslations: number;
}
/** A page's translations, counted apart from the pages: inventory = sitemap = HTML files in dist = audit count. */
export function checkTranslations(inputs: TranslationInputs): CheckResult {
  return sameMembers(
    'Translations',
    { 'page inventory, translated': inputs.inventory, sitemap: inputs.sitemap, 'HTML files in dist/client': inputs.htmlFiles },
    { 'audit counts.translations': inputs.auditTranslations },
  );
}

export interface TwinInputs {
  /** The twin path of every inventory page, in every language. */
  inventory: string[];
  /** The twin path of every sitemap URL. */
  sitemap: string[];
  mdFiles: string[];
  auditTwins: number;
}
/** A Markdown twin per page: inventory = sitemap = .md files in dist = audit count. */
export function checkTwins(inputs: TwinInputs): CheckResult {
  return sameMembers(
    'Markdown twins',
    { 'page inventory twins': inputs.inventory, 'sitemap twins': inputs.sitemap, '.md files in dist/client': inputs.mdFiles },
    { 'audit counts.twins': inputs.auditTwins },
  );
}

export interface DossierInputs {
  content: string[];
  api: string[];
  auditOperations: number;
}
/** Operations in content/ = /api/operations = audit count. */
export function checkDossiers(inputs: DossierInputs): CheckResult {
  return sameMembers(
    'Dossiers',
    { 'content/operations': inputs.content, [apiUrl('listOperations')]: inputs.api },
    { 'audit counts.operations': inputs.auditOperations },
  );
}

export interface GateInputs {
  scripts: Record<string, string>;
  verifyPlan: string[];
  dossierGates: Record<string, string[]>;
}
/** The six gates exist, verify runs them in canonical order, dossiers use ordered subsets. */
export function checkGates(inputs: GateInputs): CheckResult {
  const problems: string[] = [];
  const absent = GATE_NAMES.filter((gate) => !inputs.scripts[gate]);
  if (absent.length > 0) problems.push(`package.json lacks the scripts: ${absent.join(', ')}`);
  if (JSON.stringify(inputs.verifyPlan) !== JSON.stringify(GATE_NAMES)) {
    problems.push(`npm run verify runs [${inputs.verifyPlan.join(', ')}] instead of the canonical [${GATE_NAMES.join(', ')}]`);
  }
  for (const [slug, gates] of Object.entries(inputs.dossierGates)) {
    const positions = gates.map((gate) => (GATE_NAMES as readonly string[]).indexOf(gate));
    const unknown = gates.filter((_, index) => positions[index] === -1);
    if (unknown.length > 0) problems.push(`dossier ${slug} names unknown gates: ${unknown.join(', ')}`);
    else if (positions.some((position, index) => index > 0 && position <= positions[index - 1]!))
      problems.push(`dossier ${slug} lists its gates out of canonical order: ${gates.join(', ')}`);
  }
  return {
    name: 'Gates',
    sources: [
      ['package.json gate scripts', GATE_NAMES.length - absent.length],
      ['verify plan', inputs.verifyPlan.length],
      ['dossiers checked', Object.keys(inputs.dossierGates).length],
    ],
    problems,
  };
}

export interface ExportInputs {
  /** File name → text, from dist/client/data, generated/data, and the endpoint's payload. */
  dist: Record<string, string>;
  generated: Record<string, string>;
  api: Record<string, string>;
  expected: string[];
}
/** Each export in dist equals the site:export file and the endpoint's payload, byte for byte. */
export function checkExports(inputs: ExportInputs): CheckResult {
  const problems: string[] = [];
  for (const file of inputs.expected) {
    const dist = inputs.dist[file];
    if (dist === undefined) {
      problems.push(`${file} is missing from dist/client/data`);
      continue;
    }
    if (inputs.generated[file] !== dist) problems.push(`${file} in dist differs from generated/data/${file} (site:export)`);
    if (inputs.api[file] !== dist) problems.push(`${file} in dist differs from its endpoint's payload`);
  }
  for (const file of missing(Object.keys(inputs.dist), inputs.expected)) problems.push(`dist/client/data has an unexpected file: ${file}`);
  return {
    name: 'Exports',
    sources: [
      ['export routes', inputs.expected.length],
      ['dist/client/data files', Object.keys(inputs.dist).length],
      ['generated/data files', Object.keys(inputs.generated).length],
      ['endpoint payloads', Object.keys(inputs.api).length],
    ],
    problems,
  };
}

export interface DocumentInputs {
  /** Each document of the inventory (src/discovery/documents.ts) with its media type. */
  documents: { path: string; mediaType: string }[];
  /** What the built server answered for each document path. */
  served: Record<string, { status: number; contentType: string }>;
  discoveryDocuments: string[];
  auditDocuments: string[];
}
/** Documents = discovery document items = audit document routes; each answers 200 with its media type. */
export function checkDocuments(inputs: DocumentInputs): CheckResult {
  const result = sameMembers('Documents', {
    'document inventory': inputs.documents.map((document) => document.path),
    'discovery documents': inputs.discoveryDocuments,
    'audit documents': inputs.auditDocuments,
  });
  let answered = 0;
  for (const { path, mediaType } of inputs.documents) {
    const served = inputs.served[path];
    if (served?.status !== 200) result.problems.push(`${path} answered ${served?.status ?? 'nothing'}, expected 200`);
    else if (!served.contentType.startsWith(mediaType))
      result.problems.push(`${path} is served as ${served.contentType}, expected ${mediaType}`);
    else answered += 1;
  }
  result.sources.push(['served with their media type', answered]);
  return result;
}

export interface DiscoveryFileInputs {
  base: string;
  robotsTxt: string;
  sitemapUrls: string[];
  llmsTxt: string;
  /** Absolute URLs llms.txt may link to. */
  knownUrls: string[];
}
/** robots.txt allows every sitemap URL and names the sitemap; llms.txt links only known routes. */
export function checkDiscoveryFiles(inputs: DiscoveryFileInputs): CheckResult {
  const problems: string[] = [];
  const robotsUrl = `${inputs.base}/robots.txt`;
  const robots = readRobotsTxt(robotsUrl, inputs.robotsTxt);
  const blocked = robots.blocked(inputs.sitemapUrls);
  if (blocked.length > 0) problems.push(`robots.txt disallows ${blocked.length} sitemap URLs: ${blocked.slice(0, 5).join(', ')}`);
  const sitemaps = robots.sitemaps;
  const expectedSitemap = `${inputs.base}/sitemap-index.xml`;
  if (!sitemaps.includes(expectedSitemap))
    problems.push(`robots.txt Sitemap: lines are [${sitemaps.join(', ')}], expected ${expectedSitemap}`);
  const links = [...inputs.llmsTxt.matchAll(/\]\((\S+?)\)/g)].map((match) => match[1]!);
  const known = new Set(inputs.knownUrls);
  const unknown = links.filter((url) => !known.has(url));
  if (unknown.length > 0) problems.push(`llms.txt links ${unknown.length} unknown routes: ${unknown.slice(0, 5).join(', ')}`);
  if (links.length === 0) problems.push('llms.txt has no links');
  return {
    name: 'robots.txt, sitemap, llms.txt',
    sources: [
      ['sitemap URLs allowed by robots.txt', inputs.sitemapUrls.length - blocked.length],
      ['robots.txt sitemaps', sitemaps.length],
      ['llms.txt links to known routes', links.length - unknown.length],
    ],
    problems,
  };
}

/** Renders the results as a readable matrix. */
export function formatMatrix(results: readonly CheckResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    lines.push(`${result.problems.length === 0 ? '✔' : '✘'} ${result.name}`);
    const width = Math.max(...result.sources.map(([label]) => label.length));
    for (const [label, value] of result.sources) lines.push(`    ${label.padEnd(width)}  ${value}`);
    for (const problem of result.problems) lines.push(`    ✘ ${problem}`);
  }
  return lines.join('\n');
}
