/**
 * Pretty-prints a JSON value for the API reference, abridged so a whole catalog fits on a page:
 * long lists keep their first items, wide maps their first members, deep values collapse, and
 * every cut says in a comment what it left out. The result is for reading, not for parsing.
 */

/** How much of a value the reference shows. */
export interface AbridgeLimits {
  /** Array items kept. */
  items: number;
  /** Object members kept when an object has more than `members + 1`. */
  members: number;
  /** Nesting depth below which objects and arrays collapse to a comment. */
  depth: number;
}

export const DEFAULT_LIMITS: AbridgeLimits = { items: 2, members: 12, depth: 6 };
/** No cuts: for short bodies whose lists are the point, such as an error's `allowed`. */
export const NO_LIMITS: AbridgeLimits = { items: Infinity, members: Infinity, depth: Infinity };

/** Characters an example may show before it is cut deeper (keeps the page light on phones). */
export const EXAMPLE_MAX_CHARS = 6000;

/** The text, and whether anything was left out. */
export interface Abridged {
  text: string;
  abridged: boolean;
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Pretty-prints `value` with two-space indentation, cutting it to `limits`. */
export function abridgeJson(value: unknown, limits: AbridgeLimits = DEFAULT_LIMITS): Abridged {
  let abridged = false;
  const write = (node: unknown, indent: string, depth: number): string => {
    if (node === null || typeof node !== 'object') return JSON.stringify(node) ?? 'null';
    const inner = `${indent}  `;
    if (Array.isArray(node)) {
      if (node.length === 0) return '[]';
      if (depth >= limits.depth) {
        abridged = true;
        return `[ /* ${counted(node.length, 'item')} */ ]`;
      }
      const kept = node.slice(0, limits.items).map((item) => `${inner}${write(item, inner, depth + 1)}`);
      const lines = kept.join(',\n');
      if (node.length <= limits.items) return `[\n${lines}\n${indent}]`;
      abridged = true;
      return `[\n${lines},\n${inner}/* … ${counted(node.length - limits.items, 'more item')} */\n${indent}]`;
    }
    const entries = Object.entries(node);
    if (entries.length === 0) return '{}';
    if (depth >= limits.depth) {
      abridged = true;
      return `{ /* ${counted(entries.length, 'member')} */ }`;
    }
    const cut = entries.length > limits.members + 1;
    const lines = (cut ? entries.slice(0, limits.members) : entries)
      .map(([key, item]) => `${inner}${JSON.stringify(key)}: ${write(item, inner, depth + 1)}`)
      .join(',\n');
    if (!cut) return `{\n${lines}\n${indent}}`;
    abridged = true;
    return `{\n${lines},\n${inner}/* … ${counted(entries.length - limits.members, 'more member')} */\n${indent}}`;
  };
  const text = write(value, '', 0);
  return { text, abridged };
}

/** Abridges with `limits`, collapsing one level shallower at a time until the text fits in `maxChars`. */
export function abridgeToFit(value: unknown, limits: AbridgeLimits = DEFAULT_LIMITS, maxChars = EXAMPLE_MAX_CHARS): Abridged {
  let result = abridgeJson(value, limits);
  if (!Number.isFinite(limits.depth)) return result;
  for (let depth = Math.min(limits.depth, 8) - 1; result.text.length > maxChars && depth >= 2; depth -= 1)
    result = abridgeJson(value, { ...limits, depth });
  return result;
}
