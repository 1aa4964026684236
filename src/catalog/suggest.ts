/** "Did you mean": the closest valid value to a misspelt one, by edit distance. */
import { distance } from 'fastest-levenshtein';
import { MAX_VALUE_LENGTH } from '../routes/params.ts';

/** True when `a` is `b` with two neighbouring characters swapped (`lnit`, `lint`). */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const first = [...a].findIndex((char, index) => char !== b[index]);
  return first >= 0 && a[first] === b[first + 1] && a[first + 1] === b[first] && a.slice(first + 2) === b.slice(first + 2);
}

/** Edits between two values: Levenshtein's, with a swap of neighbouring characters counted as one typo. */
function typos(a: string, b: string): number {
  return isSwap(a, b) ? 1 : distance(a, b);
}

/**
 * The candidate closest to `value`, when it is close enough to be a misspelling: at most a third
 * of the characters differ (at least one), ignoring case, a swap of neighbouring characters
 * counting as one. `typescrpit` finds `typescript`, `pt-br` finds `pt-BR`, the gate `lnit` finds
 * `lint`; `colour` finds nothing among a stack's fields.
 */
export function didYouMean(value: unknown, candidates: readonly string[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || candidates.length === 0) return undefined;
  const wanted = value.trim().toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  // A candidate whose length differs by more than the limit is more edits away than that: never
  // measured, so the edit distances cost what the candidates' lengths allow, however long the value.
  const costs = candidates.map((candidate) => {
    const lowered = candidate.toLowerCase();
    return Math.abs(lowered.length - wanted.length) > limit ? Infinity : typos(wanted, lowered);
  });
  const best = costs.indexOf(Math.min(...costs));
  if (costs[best]! > limit) return undefined;
  const suggestion = candidates[best];
  return suggestion === value ? undefined : suggestion;
}

/** A value rewritten as a slug: lowercase, runs of other characters turned into single hyphens. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Characters a misspelling may have beyond the longest candidate. */
const LENGTH_TYPOS = 4;

/** How many suggestions a not-found answer lists at most. */
export const SUGGESTION_COUNT = 5;

/**
 * The `count` candidates closest to `value` by edit distance (ignoring case), closest first and in
 * candidate order on a tie: a did-you-mean list whose size does not grow with the catalog.
 */
export function closestCandidates(value: string, candidates: readonly string[], count = SUGGESTION_COUNT): string[] {
  // Bounded work per request, whatever the caller passes and however many candidates: characters
  // past the longest candidate (and a few typos more) are no misspelling of any, so not measured.
  const longest = candidates.reduce((length, candidate) => Math.max(length, candidate.length), 0);
  const wanted = value.slice(0, Math.min(MAX_VALUE_LENGTH, longest + LENGTH_TYPOS)).toLowerCase();
  return candidates
    .map((candidate, index) => ({ candidate, index, cost: distance(wanted, candidate.toLowerCase()) }))
    .sort((a, b) => a.cost - b.cost || a.index - b.index)
    .slice(0, count)
    .map((scored) => scored.candidate);
}
