/**
 * The change feeds in each language's edition, read with parsers from npm (@rowanmanning/feed-parser
 * for Atom, feedsmith for JSON Feed): the Portuguese edition at /pt-br/ with Portuguese titles and
 * links to Portuguese pages, the same changes as the English one, each Atom feed linking the other.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import type { ContentChange } from '../../src/catalog/history.ts';
import { atomFeed, feedItems, jsonFeed } from '../../src/discovery/feeds.ts';

const base = 'https://studio.example';
const catalog = loadCatalogFromFiles();

/** Changes written by hand: an update with fields, an entry at an anchor, a removed entry, an unknown collection. */
const changes: ContentChange[] = [
  {
    commit: 'c'.repeat(40),
    time: '2026-11-21T07:48:46.000Z',
    file: 'projects/docs-hub.yaml',
    collection: 'projects',
    slug: 'docs-hub',
    action: 'updated',
    fields: ['commands', 'summary'],
  },
  {
    commit: 'b'.repeat(40),
    time: '2026-11-20T10:00:00.000Z',
    file: 'capabilities/accessibility.yaml',
    collection: 'capabilities',
    slug: 'accessibility',
    action: 'added',
    fields: [],
  },
  {
    commit: 'a'.repeat(40),
    time: '2026-11-19T10:00:00.000Z',
    file: 'stacks/gone.yaml',
    collection: 'stacks',
    slug: 'gone',
    action: 'removed',
    fields: ['name'],
  },
  {
    commit: '9'.repeat(40),
    time: '2026-11-18T10:00:00.000Z',
    file: 'drafts/x.yaml',
    collection: 'drafts',
    slug: 'x',
    action: 'added',
    fields: [],
  },
];

describe('the change feeds, one edition per language', () => {
  it('keeps the English items as they were: English words, English pages', () => {
    expect(feedItems(catalog, changes, base).map(({ title, text, url }) => ({ title, text, url }))).toEqual([
      {
        title: 'Updated Docs Hub (projects)',
        text: `projects/docs-hub.yaml updated in commit ${'c'.repeat(40)}; fields: commands, summary.`,
        url: 'https://studio.example/projects/docs-hub/',
      },
      {
        title: 'Added Accessibility (capabilities)',
        text: `capabilities/accessibility.yaml added in commit ${'b'.repeat(40)}.`,
        url: 'https://studio.example/capabilities/#accessibility',
      },
      {
        title: 'Removed gone (stacks)',
        text: `stacks/gone.yaml removed in commit ${'a'.repeat(40)}; fields: name.`,
        url: 'https://studio.example/stacks/',
      },
    ]);
  });

  it('writes the Portuguese items in Portuguese, leading to Portuguese pages, with the same dates and tags', () => {
    const en = feedItems(catalog, changes, base);
    const pt = feedItems(catalog, changes, base, 'pt-BR');
    expect(pt.map(({ title, text, url }) => ({ title, text, url }))).toEqual([
      {
        title: 'Atualização: Docs Hub (projetos)',
        text: `projects/docs-hub.yaml atualizado no commit ${'c'.repeat(40)}; campos: commands, summary.`,
        url: 'https://studio.example/pt-br/projects/docs-hub/',
      },
      {
        title: `Adição: ${catalog.ref('capabilities', 'accessibility').name['pt-BR']} (capacidades)`,
        text: `capabilities/accessibility.yaml adicionado no commit ${'b'.repeat(40)}.`,
        url: 'https://studio.example/pt-br/capabilities/#accessibility',
      },
      {
        title: 'Remoção: gone (stacks)',
        text: `stacks/gone.yaml removido no commit ${'a'.repeat(40)}; campos: name.`,
        url: 'https://studio.example/pt-br/stacks/',
      },
    ]);
    expect(pt.map((item) => [item.date, item.tags])).toEqual(en.map((item) => [item.date, item.tags]));
    // Its own entries: an Atom id names one entry of one feed.
    expect(pt.map((item) => item.id)).toEqual(en.map((item) => item.id.replace(`${base}/feed.atom#`, `${base}/pt-br/feed.atom#`)));
  });

  it('publishes the Portuguese Atom feed at /pt-br/feed.atom, in pt-BR, linking its pages, its JSON Feed and the English edition', () => {
    const text = atomFeed(catalog, changes, base, 'pt-BR');
    const feed = parseFeed(text);
    expect(feed.meta.type).toBe('atom');
    expect(feed.self).toBe('https://studio.example/pt-br/feed.atom');
    expect(parseAtomFeed(text).id).toBe(feed.self);
    expect(feed.title).toBe('Oficina Norte: mudanças do catálogo');
    expect(feed.language).toBe('pt-BR');
    expect(feed.url).toBe('https://studio.example/pt-br/');
    expect(feed.items.map((item) => item.url)).toEqual(feedItems(catalog, changes, base, 'pt-BR').map((item) => item.url));
    expect(text).toContain('<link href="https://studio.example/pt-br/feed.json" rel="alternate" type="application/feed+json"/>');
    expect(text).toContain('<link href="https://studio.example/feed.atom" rel="alternate" type="application/atom+xml" hreflang="en-US"/>');
  });

  it('has the English Atom feed name its language and link the Portuguese edition', () => {
    const text = atomFeed(catalog, changes, base);
    expect(parseFeed(text).language).toBe('en-US');
    expect(parseFeed(text).self).toBe('https://studio.example/feed.atom');
    expect(text).toContain(
      '<link href="https://studio.example/pt-br/feed.atom" rel="alternate" type="application/atom+xml" hreflang="pt-BR"/>',
    );
    expect(text).not.toContain('hreflang="en-US"');
  });

  it('publishes the Portuguese JSON Feed with its language, its own URLs and the Atom edition’s items', () => {
    const json = parseJsonFeed(jsonFeed(catalog, changes, base, 'pt-BR'));
    expect(json).toMatchObject({
      title: 'Oficina Norte: mudanças do catálogo',
      language: 'pt-BR',
      home_page_url: 'https://studio.example/pt-br/',
      feed_url: 'https://studio.example/pt-br/feed.json',
    });
    expect(json.items?.map((item) => [item.id, item.url, item.title])).toEqual(
      parseFeed(atomFeed(catalog, changes, base, 'pt-BR')).items.map((item) => [item.id, item.url, item.title]),
    );
    expect(parseJsonFeed(jsonFeed(catalog, changes, base)).language).toBe('en-US');
  });
});
