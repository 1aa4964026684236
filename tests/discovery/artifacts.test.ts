/** site:export determinism, the audit's computed counts, llms.txt and robots.txt. */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { EXPORT_ROUTES, ROUTES } from '../../src/api/routes.ts';
import { contentDir } from '../../src/catalog/content-dir.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildAudit } from '../../src/discovery/audit.ts';
import { buildLlmsTxt, buildRobotsTxt } from '../../src/discovery/llms-txt.ts';
import { pageInventory } from '../../src/discovery/pages.ts';

/** Every file under a folder with its bytes, keyed by relative path. */
function snapshotFolder(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((item) => item.isFile())
      .map((item) => {
        const path = join(item.parentPath, item.name);
        return [path.slice(folder.length), readFileSync(path, 'base64')];
      }),
  );
}

describe('site:export', () => {
  it('writes byte-identical artifacts on two runs', () => {
    const root = mkdtempSync(join(tmpdir(), 'export-'));
    try {
      for (const run of ['a', 'b']) execFileSync(process.execPath, ['scripts/site-export.ts', '--out', join(root, run)], { stdio: 'pipe' });
      const first = snapshotFolder(join(root, 'a'));
      expect(Object.keys(first)).toHaveLength(EXPORT_ROUTES.length + 2);
      expect(snapshotFolder(join(root, 'b'))).toEqual(first);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('writes no absolute path and no clock time into the artifacts', () => {
    const root = mkdtempSync(join(tmpdir(), 'export-'));
    try {
      execFileSync(process.execPath, ['scripts/site-export.ts', '--out', root], { stdio: 'pipe' });
      const text = Object.values(snapshotFolder(root))
        .map((base64) => Buffer.from(base64, 'base64').toString('utf8'))
        .join('\n');
      expect(text).not.toContain(process.cwd());
      expect(text).not.toMatch(new RegExp(`${new Date().toISOString().slice(0, 10)}T`));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the audit', () => {
  const catalog = loadCatalogFromFiles();
  const audit = buildAudit(ROUTES, catalog);

  it('counts what the route table, the inventory and the content hold', () => {
    expect(audit.counts.endpoints).toBe(ROUTES.length);
    expect(audit.counts.pages).toBe(pageInventory(catalog).length);
    expect(audit.counts.operations).toBe(readdirSync(join(contentDir(), 'operations')).length);
    expect(audit.counts.exports).toBe(EXPORT_ROUTES.length);
    expect(audit.routes.filter((route) => route.kind === 'page')).toHaveLength(audit.counts.pages);
  });

  it('matches the spec snapshot: 80 pages, 21 endpoints, 6 operational dossiers', () => {
    expect([audit.counts.pages, audit.counts.endpoints, audit.counts.operations]).toEqual([80, 21, 6]);
  });

  it('leaves the audit export out of its own exports list and hashes the rest', () => {
    expect(audit.exports.map((item) => item.path)).not.toContain('/data/site-audit.json');
    expect(audit.exports).toHaveLength(EXPORT_ROUTES.length - 1);
    for (const item of audit.exports) expect(item.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rises by one page and one project when an editor adds a project', () => {
    const root = mkdtempSync(join(tmpdir(), 'content-'));
    try {
      cpSync('content', join(root, 'content'), { recursive: true });
      const source = readFileSync(join(root, 'content/projects/docs-hub.yaml'), 'utf8');
      writeFileSync(
        join(root, 'content/projects/docs-hub-next.yaml'),
        source.replace(/^slug: docs-hub$/m, 'slug: docs-hub-next').replace(/^name: .*$/m, 'name: Docs Hub Next'),
      );
      const larger = buildAudit(ROUTES, loadCatalogFromFiles(join(root, 'content'), root));
      expect(larger.counts.pages).toBe(audit.counts.pages + 1);
      expect(larger.counts.entries.projects).toBe(audit.counts.entries.projects + 1);
      expect(larger.counts.endpoints).toBe(audit.counts.endpoints);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('llms.txt and robots.txt', () => {
  const catalog = loadCatalogFromFiles();
  const base = 'https://studio.example';
  const llms = buildLlmsTxt(ROUTES, catalog, base);

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
    expect(api.match(/^- \[/gm)).toHaveLength(ROUTES.length);
    for (const route of EXPORT_ROUTES) expect(llms).toContain(`(${base}/data/${route.exportFile})`);
  });

  it('robots.txt allows every inventory page and names the absolute sitemap index', () => {
    const robots = robotsParser(`${base}/robots.txt`, buildRobotsTxt(base));
    for (const page of pageInventory(catalog)) expect(robots.isAllowed(`${base}${page.path}`, 'AnyBot')).toBe(true);
    expect(robots.getSitemaps()).toEqual([`${base}/sitemap-index.xml`]);
  });
});
