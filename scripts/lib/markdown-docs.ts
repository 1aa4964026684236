/**
 * The repository's Markdown files read with markdown-it: prose word counts (tables and code left
 * out), headings as GitHub anchors, relative links, and the shell blocks marked runnable. One
 * parser for the docs' checks, so a word, a link and a block mean the same thing in each.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt, { type Token } from 'markdown-it';

/** The info string that marks a fenced block as a command the runnable-blocks test runs. */
export const RUNNABLE_INFO = 'sh runnable';

/** Prose word budgets: README.md and every other page (tables, fenced and indented code excluded). */
export const WORD_BUDGET = { readme: 1200, page: 2000 } as const;

const parser = new MarkdownIt({ html: true });

export interface MarkdownLink {
  href: string;
  /** 1-based line of the block the link sits in. */
  line: number;
}

export interface RunnableBlock {
  code: string;
  line: number;
}

export interface MarkdownDoc {
  /** Path from the repository root, with `/`. */
  file: string;
  /** Words of prose: headings, paragraphs and list items, inline code included. */
  words: number;
  /** GitHub's anchors for the file's headings, duplicates numbered as GitHub does. */
  anchors: Set<string>;
  links: MarkdownLink[];
  runnable: RunnableBlock[];
}

/** Every Markdown file git knows or would add (tracked, or untracked and not ignored), sorted. */
export function listMarkdownFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\n').filter(Boolean))].sort();
}

/** The text a reader sees in an inline token (what GitHub slugs a heading from). */
function inlineText(token: Token | undefined): string {
  return (token?.children ?? [])
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      return '';
    })
    .join('');
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Reads one Markdown source into what the docs' checks need. */
export function readMarkdown(file: string, source: string): MarkdownDoc {
  const tokens = parser.parse(source, {});
  const slugger = new GithubSlugger();
  const doc: MarkdownDoc = { file, words: 0, anchors: new Set(), links: [], runnable: [] };
  let tableDepth = 0;
  tokens.forEach((token, index) => {
    if (token.type === 'table_open') tableDepth++;
    if (token.type === 'table_close') tableDepth--;
    const line = (token.map?.[0] ?? 0) + 1;
    if (token.type === 'fence' && token.info.trim() === RUNNABLE_INFO) doc.runnable.push({ code: token.content, line });
    if (token.type === 'heading_open') doc.anchors.add(slugger.slug(inlineText(tokens[index + 1])));
    if (token.type !== 'inline') return;
    if (tableDepth === 0) doc.words += countWords(inlineText(token));
    for (const child of token.children ?? []) {
      const href = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      if (href !== null) doc.links.push({ href: String(href), line });
    }
  });
  return doc;
}

/** Every Markdown file of the repository, read. */
export function readRepositoryDocs(root: string): MarkdownDoc[] {
  return listMarkdownFiles(root).map((file) => readMarkdown(file, readFileSync(join(root, file), 'utf8')));
}

/** The prose budget of one file: the README's, or a page's. */
export function wordBudget(file: string): number {
  return file === 'README.md' ? WORD_BUDGET.readme : WORD_BUDGET.page;
}
