/**
 * Equivalent queries are one representation: spellings of the same search (case, accents, repeated
 * or reordered terms, extra spaces) and of the same cursor share one ETag, so a cache or a client
 * revalidating one of them gets a 304 for the others.
 */
import { describe, expect, inject, it } from 'vitest';
import { apiUrl } from '../../src/routes/urls.ts';

const baseUrl = inject('baseUrl');
const projects = apiUrl('listProjects');

const etagOf = async (query: string) => {
  const response = await fetch(`${baseUrl}${projects}?${query}`);
  expect(response.status, query).toBe(200);
  return response.headers.get('etag');
};

describe('one representation per meaning', () => {
  it('q=a, q=A, q=a+a and q=a%20%20a share one ETag, with or without a page', async () => {
    for (const page of ['', '&limit=5']) {
      const etags = await Promise.all(['q=api', 'q=API', 'q=api+api', 'q=api%20%20api', 'q=%20Api%09'].map((q) => etagOf(`${q}${page}`)));
      expect(new Set(etags).size, page).toBe(1);
    }
  });

  it('terms in any order are one search', async () => {
    expect(await etagOf('q=api+contract')).toBe(await etagOf('q=Contract%20API%20api'));
  });

  it('different searches keep different ETags', async () => {
    expect(await etagOf('q=api')).not.toBe(await etagOf('q=contract'));
  });

  it('a cursor spelled with base64 padding is the same page', async () => {
    const first = await fetch(`${baseUrl}${projects}?limit=2`);
    const { payload } = (await first.json()) as { payload: { next_cursor: string } };
    const [offset, mark] = payload.next_cursor.split('.');
    const padded = `${offset}${'='.repeat((4 - (offset!.length % 4)) % 4)}.${mark}`;
    expect(padded).not.toBe(payload.next_cursor);
    expect(await etagOf(`limit=2&cursor=${encodeURIComponent(padded)}`)).toBe(await etagOf(`limit=2&cursor=${payload.next_cursor}`));
  });

  it('a 304 for one spelling answers another', async () => {
    const etag = await etagOf('q=api');
    const again = await fetch(`${baseUrl}${projects}?q=API+api`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});
