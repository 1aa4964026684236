/**
 * The one-way flow, enforced in the lint gate: content -> schemas -> route specs -> catalog ->
 * outputs (contract, discovery, site, handlers) -> pages, server, scripts. No import cycles, and no
 * layer imports one downstream of it.
 */
const SERVE = '^src/api/(handlers|respond|listing|params|serialize|astro-endpoint|node-handler|api-error)\\.ts$';
const OUTPUTS = '^src/(contract|discovery|site|seo)/';
const PRESENTATION = '^src/(pages|components|layouts|workbench|integrations)/';

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
      from: { path: '^src/schemas/' },
      to: { path: '^(src|server|scripts)/', pathNot: '^src/schemas/' },
    },
    {
      name: 'route-specs-are-data',
      severity: 'error',
      comment: 'src/api/spec describes the endpoints as data: it reads schemas only, never the catalog code or the handlers.',
      from: { path: '^src/api/spec/' },
      to: { path: '^(src|server|scripts)/', pathNot: '^src/(schemas|api/spec)/' },
    },
    {
      name: 'catalog-is-upstream',
      severity: 'error',
      comment: 'The catalog reads schemas and route specs; outputs read the catalog, not the other way round.',
      from: { path: '^src/catalog/' },
      to: { path: '^(src|server|scripts)/', pathNot: '^src/(schemas|api/spec|catalog)/|^src/site/config\\.ts$' },
    },
    {
      name: 'outputs-do-not-import-serving',
      severity: 'error',
      comment: 'Contract, discovery, site copy and SEO are built from specs and catalog; the request handlers read them, not the reverse.',
      from: { path: OUTPUTS },
      to: { path: [SERVE, PRESENTATION, '^server/', '^scripts/'] },
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|generated|node_modules|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    extraExtensionsToScan: ['.astro'],
  },
};
