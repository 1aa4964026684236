/**
 * The MCP tools, derived from the route table like the contract. Four tools rather than one per URL:
 * the GET routes fall into four shapes, and an agent picks among four well-described verbs more
 * reliably than among a score of near-identical names. Each call goes through `answerApi`, so its
 * result is the API's payload for the same query, and an API error is the tool's error text.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { answerApi, type Service } from '../api/adapter.ts';
import { createWorkerCache, type WorkerCache } from '../api/cache-kinds.ts';
import type { RequestTarget } from '../api/request-target.ts';
import { isPaginated, routeById, ROUTES, type RouteSpec } from '../routes/routes.ts';
import { MAX_LIMIT, MAX_VALUE_LENGTH, PARAM_NAMES, type ParamSpec } from '../routes/params.ts';
import { API_PREFIX } from '../routes/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { memo } from '../catalog/memo.ts';
import { ENTRY_NOUN } from '../catalog/relations.ts';
import { didYouMean } from '../catalog/suggest.ts';
import { BOUNDED_STRING, querySchema, slugExamples } from '../contract/build.ts';
import { servedJsonSchema } from '../contract/json-schema.ts';
import { z } from 'astro/zod';
import type { ProblemSchema } from '../schemas/api.ts';
import { SLUG_PATTERN } from '../schemas/common.ts';

type JsonSchema = Record<string, unknown>;
/** An API error as its envelope holds it. */
type Problem = z.output<typeof ProblemSchema>;

/** A tool over some of the routes; `selector` names the argument whose value picks one (absent for one route). */
interface ToolShape {
  name: string;
  title: string;
  description: string;
  routes: readonly RouteSpec[];
  selector?: { name: string; description: string };
}

/** A route's value of its tool's selector: its collection, or its path under the API prefix (`stacks`, `v1/openapi.json`). */
const choiceOf = (route: RouteSpec): string => route.detail ?? route.path.slice(API_PREFIX.length + 1);

const discovery = routeById('listDiscovery');
const DIRECTORIES = ROUTES.filter((route) => isPaginated(route) && route !== discovery);
const DOCUMENTS = ROUTES.filter((route) => !route.detail && !isPaginated(route));

const SHAPES: readonly ToolShape[] = [
  {
    name: 'search_catalog',
    title: 'Search the catalog',
    description: `${discovery.description} Search it with ${PARAM_NAMES.text} (free text), narrow it with ${PARAM_NAMES.kind}, page it with ${PARAM_NAMES.limit} and ${PARAM_NAMES.cursor}. Start here when you do not know where something is.`,
    routes: [discovery],
  },
  {
    name: 'get_entry',
    title: 'Get an entry',
    description:
      'One entry of the catalog with its relations resolved: a category, stack, project or operational dossier, chosen by collection and slug. An unknown slug is an error that suggests the closest one.',
    routes: ROUTES.filter((route) => route.detail),
    selector: { name: 'collection', description: 'Which collection the slug belongs to.' },
  },
  {
    name: 'list_directory',
    title: 'List a directory',
    description: `The entries of one directory of the catalog (${DIRECTORIES.map(choiceOf).join(', ')}), with optional filters, free-text ${PARAM_NAMES.text}, and pages of ${PARAM_NAMES.limit} items followed with next_cursor. A filter a directory does not take is an error naming the ones it does.`,
    routes: DIRECTORIES,
    selector: { name: 'directory', description: 'Which directory to list.' },
  },
  {
    name: 'get_document',
    title: 'Get a document',
    description: `A whole document of the service: ${DOCUMENTS.map((route) => `${choiceOf(route)}: ${route.summary}`).join('; ')}.`,
    routes: DOCUMENTS,
    selector: { name: 'document', description: 'Which document to get.' },
  },
];

/** Merges two descriptions of one parameter shared by several routes, naming the routes when they differ. */
function mergeProperty(previous: JsonSchema | undefined, next: JsonSchema): JsonSchema {
  if (!previous) return next;
  const merged: JsonSchema = { ...previous };
  const listed = (value: unknown) => (value as unknown[] | undefined) ?? [];
  for (const key of ['enum', 'examples'] as const) {
    if (previous[key] || next[key]) merged[key] = [...new Set([...listed(previous[key]), ...listed(next[key])])];
  }
  if (previous['description'] !== next['description'])
    merged['description'] = `${String(previous['description'])} ${String(next['description'])}`;
  return merged;
}

/** The example value of one query parameter, for a call that returns data. */
function paramExample(catalog: Catalog, param: ParamSpec, schema: JsonSchema): unknown {
  if (param.example !== undefined) return param.example;
  if (param.kind === 'text') return catalog.collections.stacks[0]?.name.split(' ')[0]?.toLowerCase() ?? 'api';
  return ((schema['enum'] ?? schema['examples']) as unknown[] | undefined)?.[0];
}

/** The cursor the API gives for the second page of a directory's default listing, one item a page. */
function cursorExample(catalog: Catalog, cache: WorkerCache, route: RouteSpec): string | undefined {
  const response = answerApi('GET', { path: route.path, search: `${PARAM_NAMES.limit}=1` }, {}, catalog, cache);
  return (JSON.parse(response.envelope!.payload.json) as { next_cursor?: string | null }).next_cursor ?? undefined;
}

/** The selector and slug arguments that pick a route (the slug: its collection's first example). */
function routeArguments(catalog: Catalog, shape: ToolShape, route: RouteSpec): Record<string, unknown> {
  return {
    ...(shape.selector ? { [shape.selector.name]: choiceOf(route) } : {}),
    ...(route.detail ? { slug: slugExamples(catalog, route.detail)[0] } : {}),
  };
}

/** Whether a query parameter's description names no route (it is the same for all), as lang, limit and cursor. */
const SHARED_KINDS = new Set(['lang', 'limit', 'cursor']);

/**
 * A parameter only some of a tool's routes take has no default, and a shared one names them: a
 * client that fills in every default must send nothing a route refuses.
 */
function onlyWhereTaken(shape: ToolShape, properties: Record<string, JsonSchema>): void {
  for (const [name, property] of Object.entries(properties)) {
    const takers = shape.routes.filter((route) => route.params.some((param) => param.name === name));
    if (takers.length === 0 || takers.length === shape.routes.length) continue;
    const { default: _default, ...rest } = property;
    const kind = takers[0]!.params.find((param) => param.name === name)!.kind;
    const only = SHARED_KINDS.has(kind) ? `Only for ${takers.map(choiceOf).join(', ')}. ` : '';
    properties[name] = { ...rest, description: `${only}${String(property['description'])}` };
  }
}

/** Keywords whose values are data, not schemas; and those whose values map names to schemas. */
const VALUE_KEYWORDS = new Set(['const', 'default', 'enum', 'examples']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * The same schema in the spelling every client maps (the inspector's --strict portability rules): a
 * nullable type as anyOf branches of one type each, and no `additionalProperties: {}` (it says nothing).
 */
function portable(schema: JsonSchema): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const out: JsonSchema = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === 'additionalProperties' && typeof item === 'object' && item !== null && Object.keys(item).length === 0) continue;
      if (VALUE_KEYWORDS.has(key)) out[key] = item;
      else if (SCHEMA_MAPS.has(key))
        out[key] = Object.fromEntries(Object.entries(item as JsonSchema).map(([name, one]) => [name, walk(one)]));
      else out[key] = walk(item);
    }
    if (!Array.isArray(out['type'])) return out;
    const { type, anyOf, ...rest } = out;
    const branches = (type as string[]).map((one) => ({ type: one }));
    return anyOf ? { ...rest, allOf: [{ anyOf: branches }, { anyOf }] } : { ...rest, anyOf: branches };
  };
  return walk(schema) as JsonSchema;
}

/** A tool's listing, computed from its routes: properties, examples, output schema. */
function listing(catalog: Catalog, cache: WorkerCache, shape: ToolShape) {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (shape.selector) {
    const values = shape.routes.map(choiceOf);
    properties[shape.selector.name] = { type: 'string', enum: values, description: shape.selector.description, examples: values };
    required.push(shape.selector.name);
  }
  const detailCollections = shape.routes.flatMap((route) => (route.detail ? [route.detail] : []));
  if (detailCollections.length > 0) {
    properties['slug'] = {
      ...BOUNDED_STRING,
      pattern: SLUG_PATTERN.source,
      description: `Slug of the ${detailCollections.map((collection) => ENTRY_NOUN[collection]).join(', ')}.`,
      examples: detailCollections.map((collection) => slugExamples(catalog, collection)[0]),
    };
    required.push('slug');
  }
  // A cursor belongs to its endpoint and filters: its example call, first, repeats the call that issued it.
  const cursorCalls: Record<string, unknown>[] = [];
  const examples = shape.routes.map((route) => {
    const example = routeArguments(catalog, shape, route);
    for (const param of route.params) {
      const schema = querySchema(param, catalog) as JsonSchema;
      const named = shape.routes.length > 1 && !SHARED_KINDS.has(param.kind);
      const described = { ...schema, description: named ? `${choiceOf(route)}: ${param.description}` : param.description };
      if (param.kind === 'cursor') {
        const cursor = cursorExample(catalog, cache, route);
        if (cursor && !properties[param.name]?.['examples'])
          cursorCalls.push({ ...routeArguments(catalog, shape, route), [PARAM_NAMES.limit]: 1, [param.name]: cursor });
        properties[param.name] = mergeProperty(properties[param.name], { ...described, ...(cursor ? { examples: [cursor] } : {}) });
        continue;
      }
      const value = paramExample(catalog, param, schema);
      properties[param.name] = mergeProperty(properties[param.name], { ...described, examples: [value] });
      example[param.name] = value;
    }
    return example;
  });
  onlyWhereTaken(shape, properties);
  const payloads = [...new Set(shape.routes.map((route) => route.payload))];
  const output = servedJsonSchema(payloads.length === 1 ? payloads[0]! : z.union(payloads as [z.ZodType, z.ZodType, ...z.ZodType[]]));
  const { $schema: _schema, ...outputSchema } = output;
  return {
    name: shape.name,
    title: shape.title,
    description: shape.description,
    inputSchema: { type: 'object', properties, required, additionalProperties: false, examples: [...cursorCalls, ...examples] },
    // MCP wants an object at the root; a union of payloads is still one (every payload is an object).
    outputSchema: { ...portable(outputSchema), type: 'object' },
    annotations: { title: shape.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

/** Every tool's listing, once per catalog (at build, or on a worker's first tools/list); its examples' calls get their own cache. */
export function toolListings(catalog: Catalog) {
  return memo(catalog, 'mcp-tools', () => {
    const cache = createWorkerCache();
    return SHAPES.map((shape) => listing(catalog, cache, shape));
  });
}

const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** A value as a message quotes it: JSON, cut short (a missing one is `nothing`). */
const shown = (value: unknown): string => JSON.stringify(value)?.slice(0, 60) ?? 'nothing';

/** The end of a message about a misspelt value: the closest valid one, if any. */
const hint = (suggestion: string | undefined): string => (suggestion ? ` Did you mean "${suggestion}"?` : '');

/** The API's error as a tool's message (a client reads only the text): its detail, then the closest slugs or the allowed values. */
function apiFailure(error: Problem): CallToolResult {
  if (!error.allowed?.length) return failure(error.detail);
  const label = error.parameter === 'slug' ? 'Closest slugs' : `Allowed${error.parameter ? ` values of "${error.parameter}"` : ''}`;
  return failure(`${error.detail}\n${label}: ${error.allowed.join(', ')}.`);
}

/** The API request a tool call stands for, or the message saying what is wrong with its arguments. */
function toolRequest(shape: ToolShape, args: Record<string, unknown>): RequestTarget | string {
  // No argument is longer than the longest value the API takes (q's own bound is the API's to check):
  // refused before a did-you-mean, a path or a query is made of it.
  for (const [name, value] of Object.entries(args)) {
    if (typeof value === 'string' && value.length > MAX_VALUE_LENGTH)
      return `The argument "${name.slice(0, 40)}" is ${value.length} characters long; the limit is ${MAX_VALUE_LENGTH}.`;
  }
  const { selector } = shape;
  const route = shape.routes.find((item) => !selector || choiceOf(item) === args[selector.name]);
  if (!route) {
    const values = shape.routes.map(choiceOf);
    const value = args[selector!.name];
    return `The argument "${selector!.name}" must be one of ${values.join(', ')}; got ${shown(value)}.${hint(didYouMean(value, values))}`;
  }
  let path = route.path;
  if (route.detail) {
    const slug = args['slug'];
    const noun = ENTRY_NOUN[route.detail];
    if (slug === undefined) return `The argument "slug" is required: the slug of a ${noun}.`;
    if (typeof slug !== 'string' || slug === '')
      return `The argument "slug" must be the slug of a ${noun}, a non-empty string; got ${shown(slug)}.`;
    path = path.replace('{slug}', encodeURIComponent(slug));
  }
  // Every argument this call may take: the tool's own (selector, slug), then its route's parameters.
  const own = [...(selector ? [selector.name] : []), ...(route.detail ? ['slug'] : [])];
  const takes = [...own, ...route.params.map((param) => param.name)];
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (own.includes(name)) continue;
    const param = route.params.find((item) => item.name === name);
    if (!param) {
      const chosen = selector ? ` with ${selector.name} "${choiceOf(route)}"` : '';
      return `Unknown argument "${name.slice(0, 40)}": ${shape.name}${chosen} accepts ${takes.join(', ')}.${hint(didYouMean(name, takes))}`;
    }
    // The API checks the value itself (range, allowed values); only a value no query can carry stops here.
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return `The argument "${name}" must be ${param.kind === 'limit' ? `an integer from 1 to ${MAX_LIMIT}` : 'a string'}; got ${shown(value)}.`;
    query.append(name, String(value));
  }
  return { path, search: query.toString() };
}

/** Answers one tools/call from the worker's `cache`; undefined for an unknown tool (a JSON-RPC error, not a tool error). */
export function callTool(
  catalog: Catalog,
  cache: WorkerCache,
  name: string,
  args?: Record<string, unknown>,
  service?: Service,
): CallToolResult | undefined {
  const shape = SHAPES.find((item) => item.name === name);
  if (!shape) return undefined;
  const request = toolRequest(shape, args ?? {});
  if (typeof request === 'string') return failure(request);
  const response = answerApi('GET', request, {}, catalog, cache, service);
  // A GET without conditions answers 200 with the payload, or an error envelope.
  if (response.status !== 200) return apiFailure((JSON.parse(response.body!) as { error: Problem }).error);
  const json = response.envelope!.payload.json;
  return { structuredContent: JSON.parse(json) as Record<string, unknown>, content: [{ type: 'text', text: json }] };
}
