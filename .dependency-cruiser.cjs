/**
 * The one-way flow, enforced in the lint gate. The layers, lowest first, as the folders are today:
 *
 *   1. content schemas   src/schemas/
 *   2. route table       src/api/spec/
 *   3. catalog           src/catalog/
 *   4. outputs           src/contract/, src/discovery/, src/site/, src/seo/ (built from specs and catalog)
 *                        src/api/ outside spec/ (the handlers and respond(), which serve those outputs)
 *                        src/reference/, src/workbench/ (render real exchanges of the API)
 *                        src/pages/, src/components/, src/layouts/, src/integrations/ (the Astro build)
 *   5. server            server/ (serves a build; reads src/ only as the bundle the build made)
 *
 * A layer imports only layers below it (scripts/ may import anything but server/); no import cycles.
 */
const SCHEMAS = '^src/schemas/';
const ROUTE_TABLE = '^src/api/spec/';
const CATALOG = '^src/catalog/';
const OUTPUTS = '^src/(contract|discovery|site|seo)/';
/** Every module of src/api but the route table: handlers, parameters, pagination, caches, respond(). */
const SERVE = '^src/api/(?!spec/)';
const RENDERED = '^src/(reference|workbench)/';
const PRESENTATION = '^src/(pages|components|layouts|integrations)/';

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
      name: 'route-specs-are-data',
      severity: 'error',
      comment: 'src/api/spec describes the endpoints as data: it reads schemas only, never the catalog code or the handlers.',
      from: { path: ROUTE_TABLE },
      to: { path: '^(src|server|scripts)/', pathNot: '^src/(schemas|api/spec)/' },
    },
    {
      name: 'catalog-is-upstream',
      severity: 'error',
      comment: 'The catalog reads schemas and route specs; outputs read the catalog, not the other way round.',
      from: { path: CATALOG },
      to: { path: '^(src|server|scripts)/', pathNot: '^src/(schemas|api/spec|catalog)/|^src/site/config\\.ts$' },
    },
    {
      name: 'outputs-do-not-import-serving',
      severity: 'error',
      comment: 'Contract, discovery, site copy and SEO are built from specs and catalog; the request handlers read them, not the reverse.',
      from: { path: OUTPUTS },
      to: { path: [SERVE, RENDERED, PRESENTATION, '^server/', '^scripts/'] },
    },
    {
      name: 'serving-does-not-import-renderers',
      severity: 'error',
      comment: 'The API serves the outputs; the reference, the workbench and the pages render the API, not the reverse.',
      from: { path: SERVE },
      to: { path: [RENDERED, PRESENTATION] },
    },
    {
      name: 'renderers-do-not-import-pages',
      severity: 'error',
      comment: 'The reference and the workbench are components of the build; pages and integrations use them, not the reverse.',
      from: { path: RENDERED },
      to: { path: PRESENTATION },
    },
    {
      name: 'src-does-not-import-server-or-scripts',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server|scripts)/' },
    },
    {
      name: 'server-does-not-import-scripts',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'server-serves-the-build',
      severity: 'error',
      comment: 'The server loads what the build bundled (dist/server/api/handler.mjs), never src/ itself: types only.',
      from: { path: '^server/' },
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
