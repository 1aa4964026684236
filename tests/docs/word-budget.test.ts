/** README.md and every docs page stay short enough to read: prose words only (tables and code left out). */
import { describe, expect, it } from 'vitest';
import { readMarkdown, readRepositoryDocs, wordBudget } from '../../scripts/lib/markdown-docs.ts';

const docs = readRepositoryDocs(process.cwd());

describe('word budget', () => {
  it.each(docs.map((doc) => [doc.file, doc] as const))('%s stays within its budget', (_file, doc) => {
    expect(doc.words, `${doc.file}: ${doc.words} words of prose`).toBeLessThanOrEqual(wordBudget(doc.file));
  });

  it('counts prose words and leaves tables, fenced and indented code out', () => {
    const source = [
      '# Two words',
      '',
      'One `inline` **bold** [link](x.md) five.',
      '',
      '| a table | is |',
      '| --- | --- |',
      '| not | counted |',
      '',
      '```sh',
      'echo not counted either',
      '```',
      '',
      '    indented code, not counted',
      '',
      '- a list item',
      '<!-- bench-tables -->',
    ].join('\n');
    expect(readMarkdown('x.md', source).words).toBe(2 + 5 + 3);
  });

  it('gives the README its own budget', () => {
    expect(wordBudget('README.md')).toBe(1200);
    expect(wordBudget('docs/api.md')).toBe(2000);
  });
});
