/**
 * Validates payloads against the schemas of the contract the site serves. It uses
 * @cfworker/json-schema, which interprets schemas instead of compiling them to code: Ajv compiles
 * with `new Function`, which the site's Content-Security-Policy (script-src 'self', no unsafe-eval) forbids.
 */
import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { isRecord } from './check.ts';

/** Reads a JSON pointer (RFC 6901) inside a document. */
function resolvePointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (isRecord(node)) node = node[key];
    else if (Array.isArray(node)) node = node[Number(key)];
    else return undefined;
  }
  return node;
}

/** Escapes one JSON pointer segment (RFC 6901). */
const escapeSegment = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The most specific error: the deepest instance location, the innermost on a tie. */
function mostSpecific(errors: readonly OutputUnit[]): OutputUnit | undefined {
  return errors.reduce<OutputUnit | undefined>(
    (best, error) => (best === undefined || error.instanceLocation.length >= best.instanceLocation.length ? error : best),
    undefined,
  );
}

/** The contract's schemas, dereferenced once, ready to validate any path's payload. */
export class ContractValidator {
  readonly #contract: unknown;
  readonly #lookup: Record<string, Schema | boolean>;

  /** `contract` is the OpenAPI document; `baseUrl` is where it was served, so its `$ref`s resolve. */
  constructor(contract: unknown, baseUrl: URL) {
    // dereference() annotates the schemas it walks; work on a copy so the caller's object stays clean.
    this.#contract = structuredClone(contract);
    this.#lookup = isRecord(this.#contract)
      ? dereference(this.#contract as Schema, Object.create(null) as Record<string, Schema | boolean>, baseUrl)
      : {};
  }

  /** The JSON pointer of a path's 200 payload schema (following the envelope `$ref`), or why there is none. */
  payloadPointer(path: string): { pointer: string; label: string } | { problem: string } {
    let pointer = `/paths/${escapeSegment(path)}/get/responses/200/content/${escapeSegment('application/json')}/schema`;
    let node = resolvePointer(this.#contract, pointer);
    for (let hops = 0; isRecord(node) && typeof node['$ref'] === 'string' && hops < 10; hops += 1) {
      const ref = node['$ref'];
      if (!ref.startsWith('#/')) return { problem: `the contract's ${path} schema points outside the contract (${ref})` };
      pointer = ref.slice(1);
      node = resolvePointer(this.#contract, pointer);
    }
    if (!isRecord(node)) return { problem: `the contract has no 200 response schema for ${path}` };
    const payload = isRecord(node['properties']) ? node['properties']['payload'] : undefined;
    if (payload === undefined) return { problem: `the contract's ${path} envelope has no payload schema` };
    const label = isRecord(payload) && typeof payload['$ref'] === 'string' ? payload['$ref'] : `#${pointer}/properties/payload`;
    return { pointer: `${pointer}/properties/payload`, label };
  }

  /** Validates an instance against the schema at `pointer`; undefined when valid, else the most specific error. */
  validate(pointer: string, instance: unknown): string | undefined {
    const schema = resolvePointer(this.#contract, pointer);
    if (!isRecord(schema) && typeof schema !== 'boolean') return `no schema at #${pointer}`;
    if (instance === undefined) return 'payload is missing';
    const result = validate(instance, schema as Schema | boolean, '2020-12', this.#lookup, false);
    if (result.valid) return undefined;
    const error = mostSpecific(result.errors);
    return error ? `payload${error.instanceLocation.slice(1)}: ${error.error}` : 'payload does not match its schema';
  }
}
