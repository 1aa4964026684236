/**
 * A missing and a stale translation each show their note on the Portuguese page, rendered by
 * Astro from a fixture catalog: a copy of content/ in a git repository of its own, where one
 * project's description has no Portuguese and its commands' English changed after their Portuguese.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalog, type Catalog } from '../../src/catalog/catalog.ts';
import { loadCollections } from '../../src/catalog/load-content.ts';
import { dictionaryFor } from '../../src/site/i18n/dictionary.ts';
import { detailPaths } from '../../src/site/detail-page.ts';

const fixture = vi.hoisted(() => ({ catalog: undefined as Catalog | undefined }));
vi.mock('../../src/catalog/astro-catalog.ts', () => ({ getCatalog: async () => fixture.catalog! }));

const SLUG = 'release-gates';
const folder = mkdtempSync(join(tmpdir(), 'translation-notes-'));
const content = join(folder, 'content');
const file = join(content, 'projects', `${SLUG}.yaml`);
const git = (...args: string[]) => execFileSync('git', ['-C', folder, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args]);

beforeAll(async () => {
  cpSync('content', content, { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'content');
  const yaml = readFileSync(file, 'utf8');
  // The description loses its Portuguese; the first command's purpose changes in English only.
  const edited = yaml
    .replace(/^(description:\n\s+en-US: .*\n)\s+pt-BR: .*\n/m, '$1')
    .replace(/(purpose:\n\s+en-US: )Runs locally/, '$1Runs on your machine');
  expect(edited).not.toBe(yaml);
  writeFileSync(file, edited);
  git('commit', '-qam', 'English only');
  fixture.catalog = createCatalog(loadCollections(content));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The project page of SLUG in `lang` ('' for English), as Astro renders it. */
async function render(lang: 'pt-br' | ''): Promise<string> {
  const Page = (await import('../../src/pages/[...lang]/projects/[slug].astro')).default;
  const path = detailPaths(fixture.catalog!, 'project').find(({ params }) => params.slug === SLUG && (params.lang ?? '') === lang)!;
  const container = await AstroContainer.create();
  const url = `https://example.com${lang ? `/${lang}` : ''}/projects/${SLUG}/`;
  return container.renderToString(Page, { props: path.props, params: path.params, request: new Request(url) });
}

/** The HTML of the section headed by the heading with id `id`. */
const section = (html: string, id: string) =>
  html.match(new RegExp(`<section aria-labelledby="${id}"[^>]*>[\\s\\S]*?</section>`))?.[0] ?? '';
/** The translation notes of a piece of HTML, as [kind, text]. */
const notes = (html: string) =>
  [...html.matchAll(/<p class="translation-note" role="note" data-translation="(\w+)"[^>]*>([\s\S]*?)<\/p>/g)].map(([, kind, text]) => [
    kind,
    text!,
  ]);

describe('a Portuguese page of an entry whose translation is missing or behind', () => {
  const words = dictionaryFor('pt-BR').shell;

  it('shows a missing field in English, marked lang="en-US", with its note and a link to the English page', async () => {
    const overview = section(await render('pt-br'), 'project-overview');
    expect(overview).toMatch(/<p lang="en-US"[^>]*>Release Gates packages/);
    expect(notes(overview)).toEqual([['missing', expect.stringContaining(words.missingTranslation)]]);
    expect(overview).toContain(`href="/projects/${SLUG}/" hreflang="en-US"`);
  });

  it('shows a stale field with the day its English changed, and no other note', async () => {
    const html = await render('pt-br');
    const today = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
    expect(notes(section(html, 'project-commands'))).toEqual([['stale', expect.stringContaining(words.staleTranslation(today))]]);
    expect(section(html, 'project-commands')).not.toMatch(/<ul[^>]* lang=/);
    expect(notes(html).map(([kind]) => kind)).toEqual(['missing', 'stale']);
  });

  it('shows no note and marks no language on the English page', async () => {
    const html = await render('');
    expect(notes(html)).toEqual([]);
    expect(html).not.toMatch(/<(p|ul|h1)[^>]* lang=/);
  });
});
