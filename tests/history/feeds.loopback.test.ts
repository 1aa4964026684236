/**
 * The change feeds on the built server, read with feed parsers from npm: Atom with
 * @rowanmanning/feed-parser (and its id with feedsmith), JSON Feed 1.1 with feedsmith. Both hold the
 * same items, newest first, at most 200; every page, llms.txt and the api-catalog point at them.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { describe, expect, inject, it } from 'vitest';
import { loadContent } from '../../src/catalog/load-content.ts';
import { FEED_LIMIT } from '../../src/discovery/feeds.ts';

const baseUrl = inject('baseUrl');
const changes = loadContent().history.changes;

async function get(path: string): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return response;
}

describe('the change feeds', () => {
  it('Atom: parses, has id, updated and rel="self", items newest first with their fields', async () => {
    const response = await get('/feed.atom');
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const text = await response.text();
    const feed = parseFeed(text);
    expect(feed.meta.type).toBe('atom');
    expect(feed.self).toMatch(/\/feed\.atom$/);
    expect(parseAtomFeed(text).id).toBe(feed.self);
    expect(feed.items).toHaveLength(Math.min(FEED_LIMIT, changes.length));
    expect(feed.updated?.toISOString()).toBe(changes[0]!.time);
    const dates = feed.items.map((item) => item.updated!.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const [first] = feed.items;
    expect(first!.id).toContain(`${changes[0]!.commit}/${changes[0]!.file}`);
    expect(first!.categories.map((category) => category.term)).toEqual([
      `action:${changes[0]!.action}`,
      `collection:${changes[0]!.collection}`,
      ...changes[0]!.fields.map((field) => `field:${field}`),
    ]);
  });

  it('JSON Feed 1.1: parses and holds the same items as the Atom feed', async () => {
    const json = parseJsonFeed(await (await get('/feed.json')).text());
    const atom = parseFeed(await (await get('/feed.atom')).text());
    expect(json.items?.map((item) => item.id)).toEqual(atom.items.map((item) => item.id));
    expect(JSON.parse(await (await get('/feed.json')).text()).version).toBe('https://jsonfeed.org/version/1.1');
  });

  it('is linked from every page, llms.txt and the api-catalog', async () => {
    for (const path of ['/', '/projects/docs-hub/', '/about/']) {
      const html = await (await get(path)).text();
      expect(html, path).toContain('<link rel="alternate" type="application/atom+xml" href="/feed.atom"');
      expect(html, path).toContain('<link rel="alternate" type="application/feed+json" href="/feed.json"');
    }
    const llms = await (await get('/llms.txt')).text();
    expect(llms).toMatch(/\(https?:\/\/[^)]*\/feed\.atom\)/);
    expect(llms).toMatch(/\(https?:\/\/[^)]*\/feed\.json\)/);
    expect(await (await get('/.well-known/api-catalog')).text()).toContain('/feed.atom');
  });
});
