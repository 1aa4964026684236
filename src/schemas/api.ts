/**
 * The API's payload and envelope schemas, composed from the catalog schemas. The contract's JSON
 * Schemas are generated from these (localized text becomes a plain string there).
 */
import { z } from 'astro/zod';
import { CapabilitySchema } from './capabilities.ts';
import { CaseSchema } from './cases.ts';
import { CategorySchema } from './categories.ts';
import { LOCALES, LocalizedTextSchema, SlugSchema } from './common.ts';
import { JourneySchema } from './journeys.ts';
import { LinkEntrySchema } from './links.ts';
import { OperationFieldsSchema } from './operations.ts';
import { ProfileSchema } from './profile.ts';
import { ProfileEntrySchema } from './profiles.ts';
import { ProjectSchema } from './projects.ts';
import { StackSchema } from './stacks.ts';
import { TrustSchema } from './trust.ts';
import { ERROR_CODES } from './errors.ts';
import { dated } from './history.ts';

/** The studio's profile, with its dates. */
export const ProfilePayloadSchema = dated(ProfileSchema);

/** `count` of a directory: every match, whether or not the page holds them all. */
const CountSchema = z
  .number()
  .int()
  .min(0)
  .describe('How many items match the filters; equals items.length unless limit asked for a page.');

/** Only on a page asked for with `limit`: where the next page starts. */
const NextCursorSchema = z
  .string()
  .nullable()
  .optional()
  .describe(
    'Present only when limit is given: the cursor of the next page (send it as cursor with the same filters and limit), or null on the last page.',
  );

/** A directory payload of `item`. */
function directoryOf<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), count: CountSchema, next_cursor: NextCursorSchema });
}

export const HealthPayloadSchema = z
  .strictObject({
    status: z
      .literal('ok')
      .describe(
        'Always "ok": the answering worker has loaded its build and accepts requests (it is ready). A draining worker answers 503 (unavailable) instead.',
      ),
    version: z.string().describe("The site's release: the version in package.json."),
    build: z
      .string()
      .describe('Hash of the content and code the running build was made from (dist/build.json); "source" when served from src/ (astro dev).'),
    uptime_seconds: z.number().int().min(0).describe('Whole seconds the answering process has been up (a worker, not the whole server).'),
    catalog: z
      .strictObject({
        version: z.string().describe('Hash of the validated content the catalog was made from; changes exactly when the content changes.'),
        entries: z.number().int().min(0).describe('Number of catalog entries across all collections.'),
      })
      .describe('The catalog the answering worker serves.'),
  })
  .meta({ id: 'HealthPayload' });

/** The OpenAPI document itself (validated separately by an OpenAPI validator). */
export const ContractPayloadSchema = z
  .looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ContractPayload' });

export const ProfilesPayloadSchema = directoryOf(dated(ProfileEntrySchema)).meta({ id: 'ProfilesPayload' });
export const LinksPayloadSchema = directoryOf(dated(LinkEntrySchema)).meta({ id: 'LinksPayload' });
export const CategoriesPayloadSchema = directoryOf(dated(CategorySchema)).meta({ id: 'CategoriesPayload' });
export const CapabilitiesPayloadSchema = directoryOf(dated(CapabilitySchema)).meta({ id: 'CapabilitiesPayload' });
export const StacksPayloadSchema = directoryOf(dated(StackSchema)).meta({ id: 'StacksPayload' });
export const ProjectsPayloadSchema = directoryOf(dated(ProjectSchema)).meta({ id: 'ProjectsPayload' });
export const OperationsPayloadSchema = directoryOf(dated(OperationFieldsSchema)).meta({ id: 'OperationsPayload' });
export const JourneysPayloadSchema = directoryOf(dated(JourneySchema)).meta({ id: 'JourneysPayload' });
export const TrustPayloadSchema = directoryOf(dated(TrustSchema)).meta({ id: 'TrustPayload' });

/** A facet value: an entry the returned cases point at, with how many of them do. */
const FacetSchema = z.strictObject({ slug: SlugSchema, name: LocalizedTextSchema, count: z.number().int().min(1) });

export const PortfolioPayloadSchema = z
  .strictObject({
    items: z.array(dated(CaseSchema)),
    count: CountSchema,
    /** What the matching cases span (all of them, not only the page). */
    facets: z.strictObject({
      categories: z.array(FacetSchema),
      stacks: z.array(FacetSchema),
      /** Every signal of the returned cases, in order. */
      signals: z.array(LocalizedTextSchema),
    }),
    next_cursor: NextCursorSchema,
  })
  .meta({ id: 'PortfolioPayload' });

export const CatalogPayloadSchema = z
  .strictObject({
    version: z.string(),
    counts: z.record(z.string(), z.number().int().min(0)),
    profile: ProfilePayloadSchema,
    profiles: z.array(dated(ProfileEntrySchema)),
    links: z.array(dated(LinkEntrySchema)),
    cases: z.array(dated(CaseSchema)),
    categories: z.array(dated(CategorySchema)),
    capabilities: z.array(dated(CapabilitySchema)),
    stacks: z.array(dated(StackSchema)),
    projects: z.array(dated(ProjectSchema)),
    operations: z.array(dated(OperationFieldsSchema)),
    journeys: z.array(dated(JourneySchema)),
    trust: z.array(dated(TrustSchema)),
  })
  .meta({ id: 'CatalogPayload' });

/** The kinds of resources the discovery inventory lists. */
export const DISCOVERY_KINDS = [
  'page',
  'endpoint',
  'export',
  'document',
  'category',
  'capability',
  'stack',
  'project',
  'operation',
  'journey',
  'trust',
  'case',
  'profile',
  'link',
] as const;
export type DiscoveryKind = (typeof DISCOVERY_KINDS)[number];

export const DiscoveryItemSchema = z
  .strictObject({
    /** Unique across the inventory: `<kind or collection>:<key>`. */
    id: z.string(),
    kind: z.enum(DISCOVERY_KINDS),
    title: z.string(),
    summary: z.string(),
    /** Where it answers 200 on this site (a site path). */
    url: z.string(),
    /** Its JSON twin, when it has one. */
    api_url: z.string().optional(),
    /** For a page: every language it is published in, the default first, with the page's path and Markdown twin in it. */
    languages: z
      .array(z.strictObject({ locale: z.enum(LOCALES), url: z.string(), twin_url: z.string() }))
      .optional(),
    tags: z.array(z.string()),
  })
  .meta({ id: 'DiscoveryItem' });
export type DiscoveryItem = z.output<typeof DiscoveryItemSchema>;
export const DiscoveryPayloadSchema = directoryOf(DiscoveryItemSchema).meta({ id: 'DiscoveryPayload' });

/** The route kinds the audit counts. */
export const ROUTE_KINDS = ['page', 'endpoint', 'export', 'document'] as const;

export const AuditPayloadSchema = z
  .strictObject({
    counts: z.strictObject({
      pages: z.number().int(),
      endpoints: z.number().int(),
      operations: z.number().int(),
      exports: z.number().int(),
      documents: z.number().int(),
      /** Pages in a language other than the default: each page's translations, counted apart from the pages. */
      translations: z.number().int(),
      /** Markdown twins: one per page and per translation, at its path with `.md`. */
      twins: z.number().int(),
      /** Entries per collection. */
      entries: z.record(z.string(), z.number().int()),
    }),
    /** The languages of the website: how many pages each one has, and where they live. */
    languages: z.array(z.strictObject({ locale: z.enum(LOCALES), pages: z.number().int(), prefix: z.string() })),
    routes: z.array(z.strictObject({ path: z.string(), kind: z.enum(ROUTE_KINDS), method: z.literal('GET') })),
    surfaces: z.array(
      z.strictObject({
        id: z.enum(['website', 'api', 'exports', 'documentation', 'discovery']),
        title: z.string(),
        url: z.string(),
        routes: z.number().int(),
      }),
    ),
    /** Published HTML that is not content (the 404 and search pages): not counted, not in the sitemap, noindex. */
    utility_pages: z.array(z.strictObject({ path: z.string(), title: z.string() })),
    /** Every export but the audit export itself, which cannot contain its own hash. */
    exports: z.array(
      z.strictObject({ path: z.string(), bytes: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/), source: z.string() }),
    ),
  })
  .meta({
    id: 'AuditPayload',
    description:
      'Counts, languages, routes, surfaces, utility pages and exports, all computed from the route table, the page inventory and the catalog. The exports list leaves out /data/site-audit.json, which cannot hash itself.',
  });

/** A client X-Request-Id the API echoes; anything else gets a fresh UUID. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** The request metadata every response carries. */
export const EnvelopeMetaSchema = z.strictObject({
  request_id: z
    .string()
    .regex(REQUEST_ID_PATTERN)
    .describe('Echoes a valid client X-Request-Id, or a fresh UUID; equals the X-Request-Id header.'),
  timestamp: z.iso.datetime({ precision: 3 }).describe('ISO 8601 UTC time of the response, with milliseconds.'),
  method: z.string().describe('The request method: GET on success; the rejected method on a 405.'),
  path: z.string().describe('The request path, without the query string.'),
  query: z.record(z.string(), z.string()).describe('The query parameters received, each name mapped to its value.'),
});

export const ProblemSchema = z
  .strictObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string(),
    code: z.enum(ERROR_CODES),
    parameter: z.string().optional(),
    allowed: z.array(z.string()).optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details plus a stable machine code.' });
