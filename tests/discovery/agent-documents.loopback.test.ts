/**
 * The documents for agents on the built server: the RFC 9727 API catalog, whose links answer, and
 * llms-full.txt, the whole catalog in en-US Markdown, linked from llms.txt.
 */
import { describe, expect, inject, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { API_CATALOG_MEDIA_TYPE, API_CATALOG_PATH } from '../../src/discovery/api-catalog.ts';
import { COLLECTION_NAMES } from '../../src/schemas/collections.ts';
import { absoluteUrl } from '../../src/site/config.ts';

const baseUrl = inject('baseUrl');
const catalog = loadCatalogFromFiles();

/** Requests an absolute URL of the public site from the loopback server instead. */
const local = (href: string) => {
  const url = new URL(href);
  return `${baseUrl}${url.pathname}${url.search}`;
};

describe(API_CATALOG_PATH, () => {
  it('is an RFC 9727 linkset whose service-desc, service-doc and status links answer', async () => {
    const response = await fetch(`${baseUrl}${API_CATALOG_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(API_CATALOG_MEDIA_TYPE);
    const body = (await response.json()) as { linkset: Record<string, { href: string; type: string }[] | string>[] };
    const links = (relation: string) => body.linkset.flatMap((context) => (Array.isArray(context[relation]) ? context[relation] : []));
    // References resolve against the catalog's own URL (relative when the build has no SITE_URL).
    const catalogUrl = `${baseUrl}${API_CATALOG_PATH}`;
    expect(body.linkset.some((context) => local(new URL(context['anchor'] as string, catalogUrl).href) === catalogUrl)).toBe(true);

    // service-desc: the bare OpenAPI document, with the media type the link states.
    const [contract] = links('service-desc');
    const described = await fetch(local(new URL(contract!.href, catalogUrl).href));
    expect(described.headers.get('content-type')).toBe(contract!.type);
    expect(((await described.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);

    const [doc] = links('service-doc');
    const reference = await fetch(local(new URL(doc!.href, catalogUrl).href));
    expect(reference.status).toBe(200);
    expect(reference.headers.get('content-type')?.startsWith(doc!.type)).toBe(true);

    const [status] = links('status');
    const health = (await (await fetch(local(new URL(status!.href, catalogUrl).href))).json()) as { payload: { status: string } };
    expect(health.payload.status).toBe('ok');
  });

  it('answers HEAD with the same media type and no body', async () => {
    const response = await fetch(`${baseUrl}${API_CATALOG_PATH}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(API_CATALOG_MEDIA_TYPE);
    expect(await response.text()).toBe('');
  });
});

describe('/llms-full.txt', () => {
  it('holds every entry of every collection, in en-US, and llms.txt links it', async () => {
    const response = await fetch(`${baseUrl}/llms-full.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text.startsWith('# ')).toBe(true);
    for (const collection of COLLECTION_NAMES) {
      const entries = catalog.collections[collection] as { slug: string }[];
      expect(text).toContain(`\n## ${collection} (${entries.length})\n`);
      for (const entry of entries) expect(text).toContain(`\n### ${catalog.ref(collection, entry.slug).name['en-US']}\n`);
    }
    expect(text).toContain(catalog.profile.summary['en-US']);
    expect(text).not.toContain(catalog.profile.summary['pt-BR']);
    const llms = await (await fetch(`${baseUrl}/llms.txt`)).text();
    expect(llms).toContain(`(${absoluteUrl('/llms-full.txt')})`);
    expect(llms).toContain(`(${absoluteUrl(API_CATALOG_PATH)})`);
  });
});
