/** Small constructors so every check reads as "name: pass/fail, reason". */
import type { Check } from './types.ts';

/** A passing check. */
export const pass = (name: string, reason: string): Check => ({ name, ok: true, reason });

/** A failing check. */
export const fail = (name: string, reason: string): Check => ({ name, ok: false, reason });

/** A check from a list of problems: passes with `passReason` when there are none. */
export function fromProblems(name: string, problems: readonly string[], passReason: string): Check {
  return problems.length === 0 ? pass(name, passReason) : fail(name, problems.join('; '));
}

/** Shortens a value for a one-line reason. */
export function preview(value: unknown, max = 60): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** True for a plain JSON object. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The status check every row has: the resource answers 200 itself. */
export function statusCheck(status: number, error: string | undefined): Check {
  if (status === 200) return pass('HTTP status', '200 OK');
  return fail('HTTP status', status === 0 ? (error ?? 'no response') : `answered ${status}, expected 200`);
}
