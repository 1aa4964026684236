/** "Did you mean": the closest valid value to a misspelt one, by edit distance. */
import { closest, distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `value`, when it is close enough to be a misspelling: at most a third
 * of the characters differ (at least one), ignoring case. `typescrpit` finds `typescript`,
 * `pt-br` finds `pt-BR`; `colour` finds nothing among a stack's fields.
 */
export function didYouMean(value: unknown, candidates: readonly string[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || candidates.length === 0) return undefined;
  const wanted = value.trim().toLowerCase();
  const lowered = candidates.map((candidate) => candidate.toLowerCase());
  const best = closest(wanted, lowered);
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  if (distance(wanted, best) > limit) return undefined;
  const suggestion = candidates[lowered.indexOf(best)];
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

/** How many suggestions a not-found answer lists at most. */
export const SUGGESTION_COUNT = 5;

/**
 * The `count` candidates closest to `value` by edit distance (ignoring case), closest first and in
 * candidate order on a tie: a did-you-mean list whose size does not grow with the catalog.
 */
export function closestCandidates(value: string, candidates: readonly string[], count = SUGGESTION_COUNT): string[] {
  // Bounded work per request, whatever the client sent: slugs are short.
  const wanted = value.slice(0, 100).toLowerCase();
  return candidates
    .map((candidate, index) => ({ candidate, index, cost: distance(wanted, candidate.toLowerCase()) }))
    .sort((a, b) => a.cost - b.cost || a.index - b.index)
    .slice(0, count)
    .map((scored) => scored.candidate);
}
