/** API URLs derived from the route specs, against the paths the API publishes (fixed literals). */
import { describe, expect, it } from 'vitest';
import { routeById } from '../../src/routes/routes.ts';
import { apiUrl, entryApiUrl, exampleUrl, exportPath, isApiPath } from '../../src/routes/urls.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';

describe('apiUrl', () => {
  it('gives the path of a route, and of a detail route with its slug encoded', () => {
    expect(apiUrl('getHealth')).toBe('/api/health');
    expect(apiUrl('getContractV1')).toBe('/api/v1/openapi.json');
    expect(apiUrl('getProject', 'docs-hub')).toBe('/api/projects/docs-hub');
    expect(apiUrl('getStack', 'a b/c')).toBe('/api/stacks/a%20b%2Fc');
  });

  it('refuses a detail route without a slug', () => {
    expect(() => apiUrl('getProject')).toThrow('apiUrl: getProject is a detail route and needs a slug');
  });
});

describe('entryApiUrl', () => {
  it("gives an entry's detail endpoint, or the directory that lists it", () => {
    expect(entryApiUrl('projects', 'docs-hub')).toBe('/api/projects/docs-hub');
    expect(entryApiUrl('journeys', 'care-retainer')).toBe('/api/journeys');
    expect(entryApiUrl('links', 'anything')).toBe('/api/links');
  });
});

describe('exampleUrl, exportPath and isApiPath', () => {
  it('fill a detail route with the first slug of its collection', () => {
    const catalog = loadCatalogFromFiles();
    expect(exampleUrl(routeById('listProjects'), catalog)).toBe('/api/projects');
    expect(exampleUrl(routeById('getProject'), catalog)).toBe(`/api/projects/${catalog.collections.projects[0]?.slug}`);
  });

  it('place exports under /data/', () => {
    expect(exportPath('site-catalog.json')).toBe('/data/site-catalog.json');
  });

  it.each([
    ['/api', true],
    ['/api/', true],
    ['/api/nothing-here', true],
    ['/apis', false],
    ['/data/site-catalog.json', false],
    ['/', false],
  ])('%s is an API path: %s', (path, expected) => {
    expect(isApiPath(path)).toBe(expected);
  });
});
