/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against /mcp on the built
 * server, for the server scenarios that apply to a read-only, stateless tools-and-resources server.
 *
 * Excluded, and why:
 * - tools-call-*, resources-read-text/-binary, resources-templates-read, prompts-*: they call the
 *   suite's own fixture tools, resources and prompts (test_simple_text, test://static-text, ...),
 *   which only its reference server defines;
 * - logging-set-level, completion-complete, resources-subscribe/-unsubscribe, elicitation-*,
 *   tools-call-sampling/-elicitation/-with-progress: capabilities this server does not declare
 *   (no logging, completions, subscriptions, or requests to the client);
 * - server-sse-polling, server-sse-multiple-streams: event streams, which a stateless server that
 *   answers in JSON and refuses GET does not open.
 * The 0.1.16 suite has no 2026-07-28 scenarios; the client tests cover that revision.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { MCP_PATH } from '../../src/routes/mcp-endpoint.ts';

const baseUrl = inject('baseUrl');
const run = promisify(execFile);

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

describe('MCP conformance suite', () => {
  it.concurrent.each(SCENARIOS)('passes %s', async (scenario) => {
    const { stdout } = await run(
      process.execPath,
      ['node_modules/@modelcontextprotocol/conformance/dist/index.js', 'server', '--url', `${baseUrl}${MCP_PATH}`, '--scenario', scenario],
      { timeout: 60_000 },
    ).catch((error: { stdout?: string; message: string }) => ({ stdout: `${error.stdout ?? ''}\n${error.message}` }));
    const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout);
    expect(summary, stdout).not.toBeNull();
    const [, passed, total, failed] = summary!.map(Number);
    expect(failed, stdout).toBe(0);
    expect(passed, stdout).toBe(total);
    expect(passed, stdout).toBeGreaterThan(0);
  });
});
