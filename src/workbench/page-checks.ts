/**
 * Checks of a page of the site in one language: HTML whose <html lang> and Content-Language name the
 * language of its path, tied to itself in every language and to x-default by hreflang links.
 */
import { localeOfPath } from '../routes/locale-paths.ts';
import { LOCALES } from '../schemas/common.ts';
import { fail, fromProblems, pass } from './check.ts';
import type { Check, Fetched } from './types.ts';

/** The page at `fetched.url` speaks the language of its path, says so twice, and names every alternate. */
export function pageChecks(fetched: Fetched): Check[] {
  const type = fetched.headers.get('Content-Type') ?? '';
  const expected = localeOfPath(new URL(fetched.url, 'http://site.invalid').pathname);
  const declared = /<html lang="([^"]+)"/.exec(fetched.text)?.[1];
  const header = fetched.headers.get('Content-Language');
  const alternates = new Set([...fetched.text.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map(([, hreflang]) => hreflang));
  const missing = [...LOCALES, 'x-default'].filter((hreflang) => !alternates.has(hreflang));
  return [
    type.startsWith('text/html') ? pass('media type', type) : fail('media type', `is ${type || 'nothing'}, expected text/html`),
    declared === expected && header === expected
      ? pass('language', `${expected} in <html lang> and Content-Language`)
      : fail('language', `expected ${expected}: <html lang> is ${declared ?? 'missing'}, Content-Language ${header ?? 'missing'}`),
    fromProblems(
      'hreflang',
      missing.map((hreflang) => `no alternate for ${hreflang}`),
      `alternates for ${[...alternates].join(', ')}`,
    ),
  ];
}
