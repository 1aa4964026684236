/** On the built production server: exports equal payloads, discovery URLs answer. (Builds repeat: tests/build/.) */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { EXPORT_ROUTES } from '../../src/routes/routes.ts';

const baseUrl = inject('baseUrl');

/** Fetches an API path and returns its envelope payload. */
async function payloadOf(path: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { payload: unknown }).payload;
}

describe('static exports on the built server', () => {
  it.each(EXPORT_ROUTES.map((route) => [route.exportFile, route.path]))(
    '/data/%s is the payload of %s, byte for byte',
    async (file, path) => {
      const response = await fetch(`${baseUrl}/data/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('etag')).toBeTruthy();
      expect(response.headers.get('cache-control')).toMatch(/must-revalidate|max-age/);
      const text = await response.text();
      expect(text).toBe(JSON.stringify(await payloadOf(path)));
      expect(text).toBe(readFileSync(join('generated/data', file), 'utf8'));
    },
  );
});

describe('discovery on the built server', () => {
  it('lists URLs that all answer 200 (each page in each of its languages, and its twins), and counts that equal the audit', async () => {
    const discovery = (await payloadOf('/api/discovery')) as {
      items: { kind: string; url: string; languages?: { url: string; twin_url: string }[] }[];
    };
    const audit = (await payloadOf('/api/audit')) as { counts: Record<string, number> };
    const byKind = (kind: string) => discovery.items.filter((item) => item.kind === kind).length;
    expect([byKind('page'), byKind('endpoint'), byKind('export')]).toEqual([
      audit.counts['pages'],
      audit.counts['endpoints'],
      audit.counts['exports'],
    ]);
    const languages = discovery.items.flatMap((item) => item.languages ?? []);
    expect(languages).toHaveLength(audit.counts['twins']!);
    const urls = [
      ...new Set([
        ...discovery.items.map((item) => item.url.split('#')[0]!),
        ...languages.flatMap((language) => [language.url, language.twin_url]),
      ]),
    ];
    const failures: string[] = [];
    for (let index = 0; index < urls.length; index += 8) {
      await Promise.all(
        urls.slice(index, index + 8).map(async (url) => {
          const response = await fetch(`${baseUrl}${url}`, { method: 'HEAD' });
          if (response.status !== 200) failures.push(`${url} → ${response.status}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  });
});
