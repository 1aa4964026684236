/**
 * The compatibility gate's rules. A baseline is the released contract plus every value clients may
 * send that comes from content (each choice parameter over catalog entries, each detail's slug),
 * which the contract gives only as examples. The contracts are compared with api-smart-diff (OpenAPI
 * 3.x and JSON Schema 2020-12, offline); a breaking change fails unless the released contract had
 * already marked it deprecated and its sunset has passed. A released content value that is gone
 * fails with the file to restore and how to deprecate it instead.
 */
import { apiCompare } from 'api-smart-diff';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { buildContract } from '../../src/contract/build.ts';
import { ROUTES } from '../../src/routes/routes.ts';
import type { CollectionName } from '../../src/schemas/collections.ts';

/** The values of one parameter that come from content. */
interface ContentValues {
  collection: CollectionName;
  values: string[];
}

/** What a release keeps: the contract clients were generated from, and the content values they may send. */
export interface Baseline {
  contract: Record<string, unknown>;
  /** By `<path> <parameter>`. */
  values: Record<string, ContentValues>;
}

type Json = Record<string, unknown>;

/** The baseline of the current code and content. `servers` and `info` say where and which, not what: left out. */
export function baselineOf(catalog: Catalog): Baseline {
  const { servers: _servers, info: _info, ...contract } = JSON.parse(JSON.stringify(buildContract(catalog))) as Json;
  const values: Record<string, ContentValues> = {};
  const slugs = (collection: CollectionName) => (catalog.collections[collection] as { slug: string }[]).map((entry) => entry.slug);
  for (const route of ROUTES) {
    if (route.detail) values[`${route.path} slug`] = { collection: route.detail, values: slugs(route.detail) };
    for (const param of route.params) {
      if (param.entriesOf) values[`${route.path} ${param.name}`] = { collection: param.entriesOf, values: slugs(param.entriesOf) };
    }
  }
  return { contract, values };
}

/** What the gate found: the lines that fail it, and the changelog of the whole diff. */
export interface GateResult {
  failures: string[];
  changelog: string[];
}

const today = () => new Date().toISOString().slice(0, 10);
const sunsetPassed = (sunset: unknown) => typeof sunset === 'string' && sunset < today();

/** The object at `path` in `document`, or undefined. */
function at(document: unknown, path: readonly (string | number)[]): Json | undefined {
  let node: unknown = document;
  for (const key of path) node = node && typeof node === 'object' ? (node as Json)[String(key)] : undefined;
  return node && typeof node === 'object' ? (node as Json) : undefined;
}

/** True when the released contract marked what `path` points into (an operation or a parameter) deprecated, with a passed sunset. */
function retired(released: Json, path: readonly (string | number)[]): boolean {
  for (let length = path.length; length >= 3; length -= 1) {
    const node = at(released, path.slice(0, length));
    if (node?.['deprecated'] === true) return sunsetPassed(node['x-sunset']);
  }
  return false;
}

/** The released value's deprecation in the released contract (x-deprecated-values of its parameter), if any. */
function releasedValueSunset(released: Json, key: string, value: string): string | undefined {
  const [path = '', name] = key.split(' ');
  const parameters = (at(released, ['paths', path, 'get'])?.['parameters'] ?? []) as Json[];
  const schema = parameters.find((parameter) => parameter['name'] === name)?.['schema'] as Json | undefined;
  const marks = (schema?.['x-deprecated-values'] ?? []) as { value: string; sunset: string }[];
  return marks.find((mark) => mark.value === value)?.sunset;
}

/** Compares the released baseline with the current one. */
export function compareBaselines(released: Baseline, current: Baseline): GateResult {
  const failures: string[] = [];
  const changelog: string[] = [];
  const { diffs } = apiCompare(released.contract, current.contract);
  for (const diff of diffs) {
    const where = diff.path.join('/');
    if (diff.type === 'annotation' || diff.type === 'unclassified') continue;
    const description = diff.description ?? `${diff.action} ${where}`;
    changelog.push(`- ${diff.type}: ${description} (${where})`);
    if (diff.type === 'breaking' && !retired(released.contract, diff.path)) {
      failures.push(
        `contract:gate: breaking change at ${where}: ${description}. Keep it and mark the route or parameter deprecated with a sunset in src/routes/ instead (docs/history.md#compatibility).`,
      );
    }
  }
  const removedValues = new Map<string, { collection: CollectionName; keys: string[] }>();
  for (const [key, { collection, values }] of Object.entries(released.values)) {
    const now = new Set(current.values[key]?.values ?? []);
    for (const value of values) {
      if (now.has(value)) continue;
      const sunset = releasedValueSunset(released.contract, key, value);
      if (sunset && sunsetPassed(sunset)) {
        changelog.push(`- removed after its sunset (${sunset}): ${collection} value "${value}" of ${key}`);
        continue;
      }
      const found = removedValues.get(value) ?? { collection, keys: [] };
      found.keys.push(key);
      removedValues.set(value, found);
    }
  }
  for (const [value, { collection, keys }] of removedValues) {
    changelog.push(`- breaking: ${collection} value "${value}" removed (${keys.join('; ')})`);
    failures.push(
      `contract:gate: content/${collection}/${value}.yaml: the value "${value}" was released (${keys.join('; ')}) and is gone: clients that send it would get a 400 or a 404. Restore the file and deprecate it instead: add "deprecated: { since: ${today()}, sunset: YYYY-MM-DD }" to it, then delete it after the sunset.`,
    );
  }
  for (const [key, { collection, values }] of Object.entries(current.values)) {
    const before = new Set(released.values[key]?.values ?? []);
    for (const value of values) if (!before.has(value)) changelog.push(`- non-breaking: ${collection} value "${value}" added (${key})`);
  }
  for (const [key] of Object.entries(current.values)) {
    const [path = '', name] = key.split(' ');
    const schema = ((at(current.contract, ['paths', path, 'get'])?.['parameters'] ?? []) as Json[]).find(
      (parameter) => parameter['name'] === name,
    )?.['schema'] as Json | undefined;
    for (const mark of (schema?.['x-deprecated-values'] ?? []) as { value: string; since: string; sunset: string }[]) {
      if (releasedValueSunset(released.contract, key, mark.value) === undefined) {
        changelog.push(`- deprecated: value "${mark.value}" of ${key}, since ${mark.since}, sunset ${mark.sunset}`);
      }
    }
  }
  return { failures, changelog: [...new Set(changelog)] };
}
