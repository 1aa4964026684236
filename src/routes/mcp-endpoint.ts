/**
 * Where the MCP endpoint lives and what it is, as data beside the route table: discovery, llms.txt,
 * the workbench, the MCP server and the server bundle read it here.
 */

/** The MCP endpoint's path (Streamable HTTP, stateless). */
export const MCP_PATH = '/mcp';

/** Protocol revisions the endpoint serves: 2026-07-28 statelessly, 2025-11-25 with a handshake but no session. */
export const MCP_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25'] as const;

/** Largest request body the endpoint reads; a larger one gets 413 before anything is parsed. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

/** One line on what the endpoint offers, for llms.txt and the API catalog. */
export const MCP_SUMMARY =
  'Model Context Protocol server (Streamable HTTP, stateless, read-only): tools to search the catalog, get an entry, list a directory with filters and a cursor, and read a document; every page as a Markdown resource.';
