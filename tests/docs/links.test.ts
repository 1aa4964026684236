/** Every relative link and anchor in the repository's Markdown resolves: a file that exists, a heading it has. */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdown, readRepositoryDocs, type MarkdownDoc } from '../../scripts/lib/markdown-docs.ts';

const root = process.cwd();
const docs = readRepositoryDocs(root);
const byFile = new Map(docs.map((doc) => [doc.file, doc]));

/** A link with a scheme (https:, mailto:) or protocol-relative leaves the repository: not checked here. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** What is wrong with one link of a file, or undefined when it resolves. */
function brokenLink(doc: MarkdownDoc, href: string, docsByFile: Map<string, MarkdownDoc>): string | undefined {
  if (EXTERNAL.test(href)) return undefined;
  const [rawPath = '', rawAnchor] = href.split('#', 2);
  const path = decodeURIComponent(rawPath);
  const target = path === '' ? doc.file : normalize(path.startsWith('/') ? path.slice(1) : join(dirname(doc.file), path));
  if (target.startsWith('..')) return `${href} leaves the repository`;
  if (!existsSync(join(root, target)) && !docsByFile.has(target)) return `${href}: no file ${target}`;
  if (rawAnchor === undefined || rawAnchor === '') return undefined;
  const targetDoc = docsByFile.get(target);
  if (!targetDoc) return statSync(join(root, target)).isDirectory() ? `${href}: an anchor on a folder` : undefined;
  const anchor = decodeURIComponent(rawAnchor).toLowerCase();
  return targetDoc.anchors.has(anchor) ? undefined : `${href}: ${target} has no heading #${anchor}`;
}

describe('relative links', () => {
  it('finds the Markdown files and their links', () => {
    expect(byFile.has('README.md')).toBe(true);
    expect(docs.reduce((sum, doc) => sum + doc.links.length, 0)).toBeGreaterThan(10);
  });

  it.each(docs.map((doc) => [doc.file, doc] as const))('every relative link of %s resolves', (_file, doc) => {
    const broken = doc.links.flatMap(({ href, line }) => {
      const problem = brokenLink(doc, href, byFile);
      return problem ? [`${doc.file}:${line}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('reports a missing file, a missing anchor and a link out of the repository', () => {
    const doc = readMarkdown(
      'docs/x.md',
      '# Here\n\n[a](../README.md#nowhere) [b](missing.md) [c](#here) [d](../../up.md) [e](https://x.org/#y)',
    );
    const files = new Map([...byFile, [doc.file, doc]]);
    expect(doc.links.map(({ href }) => brokenLink(doc, href, files))).toEqual([
      '../README.md#nowhere: README.md has no heading #nowhere',
      'missing.md: no file docs/missing.md',
      undefined,
      '../../up.md leaves the repository',
      undefined,
    ]);
  });
});
