/** A 404 on a detail endpoint names the kind of entry in plain English, with the few closest slugs. */
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../src/api/adapter.ts';
import { createWorkerCache } from '../../src/api/cache-kinds.ts';
import { parseTarget } from '../../src/api/request-target.ts';
import { ROUTES } from '../../src/routes/routes.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';

const cache = createWorkerCache();

const catalog = loadCatalogFromFiles();

describe('detail 404 messages', () => {
  it.each([
    ['/api/categories/nope', 'category', 'categories'],
    ['/api/stacks/nope', 'stack', 'stacks'],
    ['/api/projects/nope', 'project', 'projects'],
    ['/api/operations/nope', 'operational dossier', 'operations'],
  ] as const)('%s says "No %s has the slug"', (url, noun, collection) => {
    const result = answerApi('GET', parseTarget(url), {}, catalog, cache);
    const body = JSON.parse(result.body ?? '{}') as { error: { detail: string; allowed: string[] } };
    expect(result.status).toBe(404);
    const directory = ROUTES.find((route) => route.lists === collection && route.detail === undefined)!.path;
    expect(body.error.detail).toBe(`No ${noun} has the slug "nope". Closest slugs below; ${directory} lists them all.`);
    const slugs = catalog.collections[collection].map((entry) => entry.slug);
    expect(body.error.allowed.length).toBe(Math.min(5, slugs.length));
    for (const slug of body.error.allowed) expect(slugs).toContain(slug);
  });
});
