/**
 * Bad content fails with a message naming the file, the field, the bad value and the allowed
 * values: each integrity rule gets a broken fixture, checked through the real site:export CLI.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let workDir: string;

/** A fresh copy of content/ inside a temporary project root. */
beforeEach(() => {
  workDir = mkdtempSync(join(tmpdir(), 'content-'));
  cpSync('content', join(workDir, 'content'), { recursive: true });
});
afterEach(() => rmSync(workDir, { recursive: true, force: true }));

/** Rewrites one content file of the temporary copy. */
function edit(file: string, change: (text: string) => string): void {
  const path = join(workDir, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

/** Runs site:export on the copy; returns its exit status and stderr. */
function siteExport(): { status: number; stderr: string } {
  try {
    execFileSync(process.execPath, [join(process.cwd(), 'scripts/site-export.ts'), '--content', 'content', '--out', join(workDir, 'out')], {
      cwd: workDir,
      stdio: 'pipe',
      encoding: 'utf8',
    });
    return { status: 0, stderr: '' };
  } catch (error) {
    const failure = error as { status: number; stderr: string };
    return { status: failure.status, stderr: failure.stderr };
  }
}

describe('site:export on the shipped content', () => {
  it('passes', () => {
    expect(siteExport()).toEqual({ status: 0, stderr: '' });
  });
});

describe('site:export rejects broken content with an actionable message', () => {
  it('names an unknown slug reference, with the allowed slugs', () => {
    edit('content/projects/docs-hub.yaml', (text) => text.replace(/^category: .*$/m, 'category: web-platformz'));
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toContain(
      'content/projects/docs-hub.yaml: field "category" has value "web-platformz": no category has this slug. Did you mean "web-platforms"? Allowed values: content-systems, data-products, developer-tooling, digital-commerce, operations-reliability, public-apis, web-platforms.',
    );
  });

  it('names a duplicate slug and the file that already uses it', () => {
    cpSync(join(workDir, 'content/stacks/astro.yaml'), join(workDir, 'content/stacks/astro-copy.yaml'));
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toContain(
      'content/stacks/astro-copy.yaml: field "slug" has value "astro": this slug is already used by content/stacks/astro.yaml; slugs must be unique in the stacks collection. Did you mean "astro-copy" (the file name)?',
    );
  });

  it('names a malformed slug with the pattern it must match', () => {
    edit('content/stacks/vite.yaml', (text) => text.replace(/^slug: vite$/m, 'slug: Vite_JS'));
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toContain('content/stacks/vite.yaml: field "slug" has value "Vite_JS": must be lowercase kebab-case');
    expect(stderr).toContain('Did you mean "vite"?');
  });

  it('names a YAML syntax error with its line and column', () => {
    edit('content/journeys/care-retainer.yaml', (text) => text.replace(/^audience: (.*)$/m, 'audience: [$1'));
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toMatch(/content\/journeys\/care-retainer\.yaml: field "\(line \d+, column \d+\)" has value ".*": YAML syntax error: /);
  });

  it('names an unknown quality gate, with the six gate names', () => {
    edit('content/operations/auditable-api.yaml', (text) => text.replace(/- "?test"?$/m, '- unit-tests'));
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toContain(
      'content/operations/auditable-api.yaml: field "gates[1]" has value "unit-tests": this is not one of the allowed values. Use one of the values below. Allowed values: site:export, format:check, lint, test, build, matrix:check.',
    );
  });

  it('names gates out of the canonical order', () => {
    edit('content/operations/seo-and-distribution.yaml', (text) =>
      text.replace(/- "?site:export"?\n(\s*)- "?build"?/m, '- build\n$1- site:export'),
    );
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toContain(
      'content/operations/seo-and-distribution.yaml: field "gates" has value ["build","site:export"]: gates must follow the canonical order without repeats (site:export, format:check, lint, test, build, matrix:check); "site:export" comes after "build". Write them in this order: site:export, build.',
    );
  });

  it('names a missing translation', () => {
    edit('content/categories/public-apis.yaml', (text) => text.replace(/^(summary:\n(?:\s+.*\n)*?)\s+pt-BR: .*\n/m, '$1'));
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toContain(
      'content/categories/public-apis.yaml: field "summary.pt-BR" has value (missing): the Portuguese (pt-BR) translation is missing. Add a "pt-BR:" line under "summary" with the Portuguese text.',
    );
  });

  it('reports a missing translation in a stack once, not again in every file that points to the stack', () => {
    edit('content/stacks/nginx.yaml', (text) => text.replace(/^(summary:\n\s+en-US: .*\n)\s+pt-BR: .*\n/m, '$1'));
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toBe(
      'site:export: Content validation failed with 1 problem:\n' +
        '  - content/stacks/nginx.yaml: field "summary.pt-BR" has value (missing): the Portuguese (pt-BR) translation is missing. Add a "pt-BR:" line under "summary" with the Portuguese text.\n',
    );
  });

  it('never drops a stray file silently', () => {
    writeFileSync(join(workDir, 'content/projects/notes.md'), '# notes\n');
    const { status, stderr } = siteExport();
    expect(status).toBe(1);
    expect(stderr).toContain(
      'content/projects/notes.md: field "(file)" has value "notes.md": entries are YAML files. Give it a YAML extension if it is an entry, or move it out of content/. Allowed values: .yaml, .yml.',
    );
  });
});
