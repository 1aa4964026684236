/**
 * The fast path of a repeated 2026-07-28 `tools/call`: the SDK's own answer, kept and replayed.
 *
 * Through the SDK one call costs 1.5-2 ms (a web Request and Response per call, classification,
 * Zod checks, a fresh server instance): about 20 times an API detail. The catalog is immutable per
 * worker and the tools are pure, so the result of a call depends only on the tool name and its
 * arguments. A call the SDK answered once is kept as its serialized response split around the
 * JSON-RPC id; a later call with the same name and arguments gets those bytes with its own id.
 *
 * Only a call proven well-formed takes it: the 2026-07-28 headers (version, method, name, JSON
 * media type, Accept), a JSON-RPC request whose envelope has nothing else in it, a known tool and
 * arguments valid against the tool's input schema (validators compiled once per catalog). Anything
 * else, and every first call, goes to the SDK. Live tools (health) are never kept.
 */
import { randomUUID } from 'node:crypto';
import type { JsonSchemaType } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { stringBytes, type Sized } from '../api/byte-cache.ts';
import { cacheFor } from '../api/cache-kinds.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { memo } from '../catalog/memo.ts';
import { MCP_PROTOCOL_VERSIONS } from '../routes/mcp-endpoint.ts';
import { isLiveCall, toolListings } from './tools.ts';

/** The revision the fast path serves (the stateless one). */
const MODERN_VERSION = MCP_PROTOCOL_VERSIONS[0];

/** Largest body the fast path reads (larger calls go to the SDK); bounds the cache key too. */
export const FAST_PATH_MAX_BODY_BYTES = 16 * 1024;

/** Request headers as node:http gives them. */
type Headers = Record<string, string | string[] | undefined>;

/** A call the fast path may answer: its tool, its cache key and its JSON-RPC id. */
export interface FastCall {
  tool: string;
  key: string;
  id: string | number;
}

/** Response fields node:http writes itself for a kept body: its framing, never kept. */
const FRAMING_FIELDS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** A kept answer: the SDK's status and header fields, its body's bytes before and after the id, and whether the tool failed. */
class KeptAnswer implements Sized {
  readonly status: number;
  /** The SDK's fields but for the framing, as writeHead's flat [name, value, …] list. */
  readonly headers: readonly string[];
  readonly head: string;
  readonly tail: string;
  readonly isError: boolean;

  constructor(status: number, headers: readonly string[], head: string, tail: string, isError: boolean) {
    this.status = status;
    this.headers = headers;
    this.head = head;
    this.tail = tail;
    this.isError = isError;
  }

  heldBytes(): number {
    return stringBytes(this.head) + stringBytes(this.tail) + this.headers.reduce((bytes, text) => bytes + stringBytes(text), 0);
  }
}

const CLIENT_INFO = {
  type: 'object',
  required: ['name', 'version'],
  additionalProperties: false,
  properties: { name: { type: 'string' }, version: { type: 'string' }, title: { type: 'string' } },
};

/** The whole request a fast call may be: a JSON-RPC tools/call with the 2026-07-28 envelope and nothing else. */
function envelopeSchema(toolNames: readonly string[]): JsonSchemaType {
  return {
    type: 'object',
    required: ['jsonrpc', 'id', 'method', 'params'],
    additionalProperties: false,
    properties: {
      jsonrpc: { const: '2.0' },
      id: {
        anyOf: [
          { type: 'string', maxLength: 200 },
          { type: 'integer', minimum: -(2 ** 53 - 1), maximum: 2 ** 53 - 1 },
        ],
      },
      method: { const: 'tools/call' },
      params: {
        type: 'object',
        required: ['name', '_meta'],
        additionalProperties: false,
        properties: {
          name: { enum: [...toolNames] },
          arguments: { type: 'object' },
          _meta: {
            type: 'object',
            required: [
              'io.modelcontextprotocol/protocolVersion',
              'io.modelcontextprotocol/clientCapabilities',
              'io.modelcontextprotocol/clientInfo',
            ],
            additionalProperties: false,
            properties: {
              'io.modelcontextprotocol/protocolVersion': { const: MODERN_VERSION },
              // Capabilities change nothing a read-only tool answers; only the empty set is taken here.
              'io.modelcontextprotocol/clientCapabilities': { type: 'object', maxProperties: 0 },
              'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
            },
          },
        },
      },
    },
  } as JsonSchemaType;
}

interface ToolCallMessage {
  id: string | number;
  params: { name: string; arguments?: Record<string, unknown> };
}

/** JSON with object keys sorted, so two spellings of the same arguments share a key. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** Whether a request's headers make it a candidate for the fast path: only then is its body read for it. */
export function isFastPathCandidate(method: string | undefined, headers: Headers): boolean {
  const length = Number(single(headers['content-length']) ?? Number.NaN);
  return (
    method === 'POST' &&
    length > 0 &&
    length <= FAST_PATH_MAX_BODY_BYTES &&
    headers['content-encoding'] === undefined &&
    headers['content-type'] === 'application/json' &&
    headers['mcp-protocol-version'] === MODERN_VERSION &&
    headers['mcp-method'] === 'tools/call' &&
    typeof headers['mcp-name'] === 'string' &&
    (single(headers['accept'])?.includes('application/json') ?? false)
  );
}

/** The fast path of one catalog. */
export interface ToolCallFastPath {
  /** The call a candidate's body stands for, or undefined when the SDK must answer it. */
  parse: (headers: Headers, body: string) => FastCall | undefined;
  /** The kept answer for a call (the SDK's status and fields, the body with the call's own id), or undefined when none is kept. */
  answer: (call: FastCall) => { status: number; headers: readonly string[]; body: string; isError: boolean } | undefined;
  /**
   * Keeps the SDK's answer to a call (status, fields, body) in the worker's cache, when it is a
   * tools/call result for that very id.
   */
  remember: (call: FastCall, status: number, headers: Iterable<[string, string]>, body: string) => void;
}

/** The fast path for a catalog, built once per catalog (per worker). */
export function toolCallFastPath(catalog: Catalog): ToolCallFastPath {
  return memo(catalog, 'mcp-fast-path', () => createFastPath(catalog));
}

function createFastPath(catalog: Catalog): ToolCallFastPath {
  const tools = toolListings(catalog);
  const validators = new AjvJsonSchemaValidator();
  const envelope = validators.getValidator<ToolCallMessage>(envelopeSchema(tools.map((tool) => tool.name)));
  const argumentsOf = new Map(tools.map((tool) => [tool.name, validators.getValidator(tool.inputSchema as JsonSchemaType)]));
  // The worker's cache: the one its catalog is served with (src/api/cache-kinds.ts).
  const cache = cacheFor(catalog);

  return {
    parse: (headers, body) => {
      let message: unknown;
      try {
        message = JSON.parse(body);
      } catch {
        return undefined;
      }
      const checked = envelope(message);
      if (!checked.valid) return undefined;
      const { id, params } = checked.data;
      // The Mcp-Name header must name the tool exactly (the SDK would reject a mismatch).
      if (headers['mcp-name'] !== params.name) return undefined;
      const args = params.arguments ?? {};
      if (!argumentsOf.get(params.name)!(args).valid || isLiveCall(params.name, args)) return undefined;
      return { tool: params.name, key: cache.key(cache.kinds.mcpResult, catalog, params.name, canonicalJson(args)), id };
    },
    answer: (call) => {
      const entry = cache.get(cache.kinds.mcpResult, call.key);
      if (!(entry instanceof KeptAnswer)) return undefined;
      return {
        status: entry.status,
        headers: entry.headers,
        body: `${entry.head}${JSON.stringify(call.id)}${entry.tail}`,
        isError: entry.isError,
      };
    },
    remember: (call, status, headers, body) => {
      let message: { jsonrpc?: unknown; id?: unknown; result?: { isError?: unknown } };
      try {
        message = JSON.parse(body) as typeof message;
      } catch {
        return;
      }
      if (message.jsonrpc !== '2.0' || message.id !== call.id || typeof message.result !== 'object' || message.result === null) return;
      // Serialize the same message with a unique marker for the id, in the SDK's key order, and split there.
      const marker = JSON.stringify(`id-${randomUUID()}`);
      const [head, tail, ...rest] = JSON.stringify({ ...message, id: JSON.parse(marker) as string }).split(marker);
      // Keep it only when splicing the id back gives exactly the SDK's bytes.
      if (head === undefined || tail === undefined || rest.length > 0 || `${head}${JSON.stringify(call.id)}${tail}` !== body) return;
      const fields = [...headers].filter(([name]) => !FRAMING_FIELDS.has(name.toLowerCase())).flat();
      cache.set(cache.kinds.mcpResult, call.key, new KeptAnswer(status, fields, head, tail, message.result.isError === true));
    },
  };
}
