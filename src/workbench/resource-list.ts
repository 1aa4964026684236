/**
 * The resources a run loads, read from what the site serves (never typed here): every path of
 * the contract, plus the exports and documents the audit lists.
 */
import type { z } from 'astro/zod';
import type { AuditPayloadSchema } from '../schemas/api.ts';
import { isRecord } from './check.ts';
import type { Resource } from './types.ts';

/** The audit payload as the API serves it. */
export type AuditPayload = z.output<typeof AuditPayloadSchema>;

/** A `{param}` segment of a contract path. */
const TEMPLATE_SEGMENT = /\/\{([^}]+)\}$/;

/** The contract's paths, or none when the contract is unreadable. */
export function contractPaths(contract: unknown): string[] {
  return isRecord(contract) && isRecord(contract['paths']) ? Object.keys(contract['paths']) : [];
}

/** The audit's routes of one kind, or none when the audit is unreadable. */
export function auditRoutes(audit: unknown, kind: AuditPayload['routes'][number]['kind']): string[] {
  if (!isRecord(audit) || !Array.isArray(audit['routes'])) return [];
  return audit['routes']
    .filter((route): route is { path: string } => isRecord(route) && route['kind'] === kind && typeof route['path'] === 'string')
    .map((route) => route.path);
}

/**
 * Every resource, endpoints first: the contract's paths, the audit's exports, then the audit's
 * documents that are not already endpoints (the contract is both), then the MCP endpoint and the
 * samples of pages and of Markdown twins the page names, in every language. The bootstrap URLs are kept even
 * when the contract is unreadable, so their rows can say why.
 */
export function buildInventory(
  contract: unknown,
  audit: unknown,
  bootstrap: readonly string[],
  agents: { mcp: string; pages?: readonly string[]; twins: readonly string[] } = { mcp: '', twins: [] },
): Resource[] {
  const endpoints = contractPaths(contract);
  for (const url of bootstrap) if (!endpoints.includes(url)) endpoints.push(url);
  const exports = auditRoutes(audit, 'export');
  const documents = auditRoutes(audit, 'document').filter((path) => !endpoints.includes(path));
  return [
    ...endpoints.map((path): Resource => ({ kind: 'endpoint', path })),
    ...exports.map((path): Resource => ({ kind: 'export', path })),
    ...documents.map((path): Resource => ({ kind: 'document', path })),
    ...(agents.mcp ? [{ kind: 'mcp' as const, path: agents.mcp }] : []),
    ...(agents.pages ?? []).map((path): Resource => ({ kind: 'page', path })),
    ...agents.twins.map((path): Resource => ({ kind: 'twin', path })),
  ];
}

/** For a detail path such as `/api/projects/{slug}`: its directory path and the name of the parameter. */
export function detailOf(path: string): { directory: string; parameter: string } | undefined {
  const match = TEMPLATE_SEGMENT.exec(path);
  return match?.[1] === undefined ? undefined : { directory: path.slice(0, match.index), parameter: match[1] };
}

/** The concrete URL of a detail path, from the first item of its directory's payload. */
export function detailUrl(path: string, parameter: string, directoryPayload: unknown): string | undefined {
  const items = isRecord(directoryPayload) ? directoryPayload['items'] : undefined;
  const first: unknown = Array.isArray(items) ? items[0] : undefined;
  const value = isRecord(first) ? first[parameter] : undefined;
  return typeof value === 'string' && value !== '' ? path.replace(TEMPLATE_SEGMENT, `/${encodeURIComponent(value)}`) : undefined;
}
