/**
 * The one-way flow, enforced in the lint gate. The layers, lowest first:
 *
 *   1. content schemas   src/schemas/       the vocabulary: one Zod schema per concern
 *   2. route table       src/routes/        the endpoints as data: ids, paths, parameters, payload schemas, URLs,
 *                                           where the MCP endpoint lives
 *   3. catalog           src/catalog/       read and validate the content once; relations, localize, search
 *   4. outputs           src/api/, src/contract/, src/discovery/, src/mcp/, src/site/, src/reference/,
 *                        src/workbench/: side by side, each built from the layers below; none reads a
 *                        sibling's internals, only the few public modules of SHARED_OUTPUTS
 *   5. build             src/pages/, src/components/, src/layouts/, src/integrations/, src/content.config.ts,
 *                        astro.config.mjs (Astro: pages, the bundle the server loads)
 *   6. server            server/ (serves a build; reads src/ only as the bundle the build made, types only)
 *   tools                scripts/, deploy/ (gates, bench, nginx): read src/; nothing below them reads them
 *
 * A layer imports only layers below it (scripts/ may import anything but server/); no import cycles.
 * `npm run lint:code` cruises every folder of project code that imports another: src, server,
 * scripts, deploy and astro.config.mjs (tests/lint checks the rules against fixtures and the paths).
 */
const SCHEMAS = '^src/schemas/';
const ROUTE_TABLE = '^src/routes/';
const CATALOG = '^src/catalog/';
/** The output folders; the capture group names the folder, so a rule can tell a sibling from itself. */
const OUTPUTS = '^src/(api|contract|discovery|mcp|site|reference|workbench)/';
const BUILD = '^src/(pages|components|layouts|integrations)/|^src/content\\.config\\.ts$|^astro\\.config\\.mjs$';
/** Project code outside src/ (either extension: server modules are moving from .mjs to .ts). */
const SERVER = '^server/';
const TOOLS = '^(scripts|deploy)/';
/** The one tool the build runs: it writes the build's nginx include files (astro.config.mjs, at build:done). */
const NGINX_GENERATOR = '^deploy/nginx/generate\\.(mjs|ts)$';
/**
 * The server modules the nginx include files repeat, so nginx answers as the server would: its
 * error text, its Markdown twin negotiation, its settings. Each is data and pure functions: the
 * build loads them through the generator, so none may start or serve anything.
 */
const SERVER_FACTS_FOR_NGINX = '^server/(error-response|markdown-negotiation|config-schema)\\.(mjs|ts)$';

/**
 * The only modules an output may import from a sibling output: each is that output's public face.
 * Keep this short; a new entry needs a reason here.
 */
const SHARED_OUTPUTS = [
  // the site's name, release and base URL, and its page inventory: every output that prints a URL or lists pages reads them
  '^src/site/(config|pages)\\.ts$',
  // the API serves the contract, the audit and the discovery payload as endpoints; MCP serves the contract's schemas
  '^src/contract/(build|json-schema)\\.ts$',
  '^src/discovery/(audit|discovery-payload)\\.ts$',
  // the workbench checks the API catalog and robots.txt with the readers discovery publishes them with; MCP serves the twins
  '^src/discovery/(api-catalog|read-robots-txt|markdown-twins)\\.ts$',
  // MCP tools and the API reference answer with the API itself: its one entry, the target parser and the response policy
  '^src/api/(adapter|request-target|respond|response-policy)\\.ts$',
  // the worker's one cache and its registry of kinds: MCP keeps its answers in it beside the API's payloads
  '^src/api/(byte-cache|cache-kinds)\\.ts$',
  // the workbench checks the new discovery documents with the builders and paths discovery publishes them with
  '^src/discovery/(server-card|paths|agent-skill)\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that need each other cannot be read, tested or changed one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'schemas-import-only-schemas',
      severity: 'error',
      comment: 'src/schemas is the vocabulary everything else is built on.',
      from: { path: SCHEMAS },
      to: { path: '^(src|server|scripts)/', pathNot: SCHEMAS },
    },
    {
      name: 'route-table-is-data',
      severity: 'error',
      comment: 'src/routes describes the endpoints as data: it reads schemas only, never the catalog or an output.',
      from: { path: ROUTE_TABLE },
      to: { path: '^(src|server|scripts)/', pathNot: '^src/(schemas|routes)/' },
    },
    {
      name: 'catalog-is-upstream',
      severity: 'error',
      comment: 'The catalog reads schemas and the route table; outputs read the catalog, not the other way round.',
      from: { path: CATALOG },
      to: { path: '^(src|server|scripts)/', pathNot: '^src/(schemas|routes|catalog)/' },
    },
    {
      name: 'outputs-side-by-side',
      severity: 'error',
      comment: "An output reads a sibling output only through that sibling's public modules (SHARED_OUTPUTS).",
      from: { path: OUTPUTS },
      to: { path: OUTPUTS, pathNot: ['^src/$1/', ...SHARED_OUTPUTS] },
    },
    {
      name: 'outputs-do-not-import-the-build',
      severity: 'error',
      comment: 'Pages, layouts and integrations are built from the outputs, not the reverse.',
      from: { path: OUTPUTS },
      to: { path: BUILD },
    },
    {
      name: 'src-does-not-import-server-or-tools',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: [SERVER, TOOLS] },
    },
    {
      name: 'build-config-runs-only-the-nginx-generator',
      severity: 'error',
      comment:
        "astro.config.mjs is the build: it reads src/, and runs one tool, the nginx generator, to write this build's include files; never the server or a script.",
      from: { path: '^astro\\.config\\.mjs$' },
      to: { path: [SERVER, TOOLS], pathNot: NGINX_GENERATOR },
    },
    {
      name: 'deploy-reads-only-what-nginx-repeats',
      severity: 'error',
      comment:
        'deploy/ derives the nginx configuration from src/ and from the server modules nginx repeats (SERVER_FACTS_FOR_NGINX); the build loads it, so it reads no other server module and no script.',
      from: { path: '^deploy/' },
      to: { path: [SERVER, '^scripts/'], pathNot: SERVER_FACTS_FOR_NGINX },
    },
    {
      name: 'scripts-do-not-import-server',
      severity: 'error',
      comment: 'Scripts run the server as a process (scripts/lib/run-server.ts), never its modules in their own.',
      from: { path: '^scripts/' },
      to: { path: SERVER },
    },
    {
      name: 'server-does-not-import-tools',
      severity: 'error',
      from: { path: SERVER },
      to: { path: TOOLS },
    },
    {
      name: 'server-serves-the-build',
      severity: 'error',
      comment: 'The server loads what the build bundled (dist/server/api/handler.mjs), never src/ itself: types only.',
      from: { path: SERVER },
      to: { path: '^src/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|generated|node_modules|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    extraExtensionsToScan: ['.astro'],
  },
};
