/** The workbench's check of a page: the language of its path, said in <html lang> and Content-Language, and every hreflang. */
import { describe, expect, it } from 'vitest';
import { pageChecks } from '../../src/workbench/page-checks.ts';
import type { Fetched } from '../../src/workbench/types.ts';

const ALTERNATES = ['en-US', 'pt-BR', 'x-default']
  .map((hreflang) => `<link rel="alternate" hreflang="${hreflang}" href="https://x/">`)
  .join('');

function fetched(url: string, lang: string, contentLanguage: string, alternates = ALTERNATES): Fetched {
  return {
    url,
    status: 200,
    ms: 1,
    bytes: 1,
    headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Language': contentLanguage }),
    text: `<!doctype html><html lang="${lang}"><head>${alternates}</head></html>`,
    json: undefined,
  };
}
const failed = (checks: ReturnType<typeof pageChecks>) => checks.filter((check) => !check.ok).map((check) => check.name);

describe('pageChecks', () => {
  it('passes a Portuguese page that says so twice and names every alternate', () => {
    expect(failed(pageChecks(fetched('/pt-br/stacks/', 'pt-BR', 'pt-BR')))).toEqual([]);
    expect(failed(pageChecks(fetched('/stacks/', 'en-US', 'en-US')))).toEqual([]);
  });

  it('fails a page whose language is not its path’s, in either place', () => {
    expect(failed(pageChecks(fetched('/pt-br/stacks/', 'en-US', 'pt-BR')))).toEqual(['language']);
    expect(failed(pageChecks(fetched('/pt-br/stacks/', 'pt-BR', 'en-US')))).toEqual(['language']);
  });

  it('fails a page without x-default or another language', () => {
    expect(failed(pageChecks(fetched('/stacks/', 'en-US', 'en-US', ALTERNATES.replace('x-default', 'fr-FR'))))).toEqual(['hreflang']);
  });
});
