/** llms.txt and robots.txt as src/discovery writes them, read by independent parsers and fixed figures. */
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { EXPORT_ROUTES, ROUTES } from '../../src/routes/routes.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildLlmsTxt } from '../../src/discovery/llms-txt.ts';
import { buildRobotsTxt } from '../../src/discovery/robots-txt.ts';
import { pageInventory } from '../../src/site/pages.ts';

describe('llms.txt and robots.txt', () => {
  const catalog = loadCatalogFromFiles();
  const base = 'https://studio.example';
  const llms = buildLlmsTxt(catalog, base);

  it('follows llmstxt.org: H1, blockquote, notes, then H2 sections ending with Optional', () => {
    const lines = llms.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[2]).toMatch(/^> \S/);
    const sections = lines.filter((line) => line.startsWith('## '));
    expect(sections).toEqual(['## API', '## Data exports', '## Documentation', '## Key pages', '## Optional']);
    expect(
      lines.filter((line) => line.startsWith('- [')).every((line) => /^- \[[^\]]+\]\(https:\/\/studio\.example\/\S*\): \S/.test(line)),
    ).toBe(true);
  });

  it('lists every endpoint and every export with an absolute URL', () => {
    const api = llms.slice(llms.indexOf('## API'), llms.indexOf('## Data exports'));
    // Every endpoint, then the MCP endpoint.
    expect(api.match(/^- \[/gm)).toHaveLength(ROUTES.length + 1);
    const exportsSection = llms.slice(llms.indexOf('## Data exports'), llms.indexOf('## Documentation'));
    expect(exportsSection.match(/^- \[/gm)).toHaveLength(9);
    for (const route of EXPORT_ROUTES) expect(exportsSection).toContain(`(${base}/data/${route.exportFile})`);
  });

  it('robots.txt allows every inventory page and names the absolute sitemap index', () => {
    const robots = robotsParser(`${base}/robots.txt`, buildRobotsTxt(catalog, base));
    for (const page of pageInventory(catalog)) expect(robots.isAllowed(`${base}${page.path}`, 'AnyBot')).toBe(true);
    expect(robots.getSitemaps()).toEqual([`${base}/sitemap-index.xml`]);
  });
});
