/**
 * Real example exchanges for the API reference: each request is answered at build time by the
 * same `respond()` the server uses, over the same catalog, and its body is validated against the
 * contract's schema for that path and status. A mismatch fails the build instead of publishing a
 * wrong example.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Catalog } from '../catalog/catalog.ts';
import { answerApi } from '../api/adapter.ts';
import { createWorkerCache } from '../api/cache-kinds.ts';
import { parseTarget } from '../api/request-target.ts';
import { absoluteUrl } from '../site/config.ts';
import { abridgeToFit, DEFAULT_LIMITS, type Abridged, type AbridgeLimits } from './abridge.ts';
import { OPENAPI_DOCUMENT_MEMBERS } from '../contract/json-schema.ts';

/** The request id the examples send, so readers can tell them from live traffic. */
export const EXAMPLE_REQUEST_ID = 'reference-example';

export interface ExampleExchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** A copyable curl command for the same request, against the public base URL. */
  curl: string;
  status: number;
  /** The response headers a reader needs to see: content type and language. */
  headers: readonly [string, string][];
  /** The body, pretty-printed and abridged. */
  body: Abridged;
}

/** Where the contract is registered in Ajv, so its internal `$ref`s resolve. */
const CONTRACT_ID = 'https://reference.invalid/openapi.json';
/** JSON Pointer escaping (RFC 6901). */
const pointer = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The curl command for a request; URLs from encodeURIComponent hold no single quote. */
export function curlCommand(method: string, url: string, base?: string): string {
  return `curl -sS${method === 'GET' ? '' : ` -X ${method}`} '${absoluteUrl(url, base)}'`;
}

/** The time every example shows, so two builds of the same commit write the same page. */
export const EXAMPLE_TIMESTAMP = '2026-01-01T12:00:00.000Z';

/** The uptime every health example shows (the real one depends on when the build ran). */
const EXAMPLE_UPTIME_SECONDS = 3600;

/**
 * The envelope with what differs from response to response fixed: its timestamp, and the uptime a
 * health payload reports. Everything else is exactly what the API answered.
 */
function withFixedTime(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('timestamp' in body)) return body;
  const payload = 'payload' in body ? body.payload : undefined;
  const livePayload = payload !== null && typeof payload === 'object' && 'uptime_seconds' in payload;
  return {
    ...body,
    timestamp: EXAMPLE_TIMESTAMP,
    ...(livePayload ? { payload: { ...payload, uptime_seconds: EXAMPLE_UPTIME_SECONDS } } : {}),
  };
}

/** Answers example requests through `respond()` and checks each body against the contract. */
export class ExampleRecorder {
  readonly #catalog: Catalog;
  /** The recorder's requests are answered from a cache of their own, made with it. */
  readonly #cache = createWorkerCache();
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(contract: OpenAPIV3_1.Document, catalog: Catalog) {
    this.#catalog = catalog;
    this.#ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(this.#ajv);
    // OpenAPI's top-level members are not JSON Schema keywords; declare them for strict mode.
    this.#ajv.addVocabulary(OPENAPI_DOCUMENT_MEMBERS);
    // A copy: Ajv annotates what it compiles, and the contract object is memoized by the app.
    this.#ajv.addSchema({ $id: CONTRACT_ID, ...structuredClone(contract) });
  }

  #validator(pathTemplate: string, method: string, status: number): ValidateFunction {
    const key = `${method} ${pathTemplate} ${status}`;
    let validate = this.#validators.get(key);
    if (!validate) {
      // The contract describes GET; other methods are refused with the same documented 405 envelope.
      const ref = `${CONTRACT_ID}#/paths/${pointer(pathTemplate)}/get/responses/${status}/content/application~1json/schema`;
      validate = this.#ajv.compile({ $ref: ref });
      this.#validators.set(key, validate);
    }
    return validate;
  }

  /**
   * Sends `method url` to `respond()`; `pathTemplate` names the operation whose schema the body
   * must match, `limits` how much of the body to show.
   */
  record(pathTemplate: string, url: string, method = 'GET', limits: AbridgeLimits = DEFAULT_LIMITS): ExampleExchange {
    const response = answerApi(method, parseTarget(url), { 'x-request-id': EXAMPLE_REQUEST_ID }, this.#catalog, this.#cache);
    const body: unknown = JSON.parse(response.body ?? 'null');
    const validate = this.#validator(pathTemplate, method, response.status);
    if (!validate(body)) {
      throw new Error(
        `The API reference's example ${method} ${url} answered ${response.status} with a body that does not match the contract: ${JSON.stringify(validate.errors?.slice(0, 3))}`,
      );
    }
    const shown = ['Content-Type', 'Content-Language'].filter((name) => response.headers[name] !== undefined);
    return {
      method,
      url,
      curl: curlCommand(method, url),
      status: response.status,
      headers: shown.map((name): [string, string] => [name, response.headers[name]!]),
      body: abridgeToFit(withFixedTime(body), limits),
    };
  }
}
