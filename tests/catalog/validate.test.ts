/**
 * One mistake, one message: each kind of editor mistake is made once in a copy of the shipped
 * content, and validation must report exactly one problem that names the file, the field, the
 * value and the fix. Needs no build: it reads the copy with the same loader site:export uses.
 */
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatIssue, type ContentIssue } from '../../src/catalog/content-error.ts';
import { readContent } from '../../src/catalog/load-files.ts';
import { checkCollections } from '../../src/catalog/validate.ts';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'validate-'));
  cpSync('content', join(root, 'content'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Rewrites one file of the copy; fails loudly when the edit did not apply, so no test passes by accident. */
function edit(file: string, change: (text: string) => string): void {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  expect(after, `edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(path, after);
}

/** Every problem in the copy, as site:export sees them. */
function problems(): ContentIssue[] {
  const { raw, issues } = readContent(join(root, 'content'), root);
  return [...issues, ...checkCollections(raw).issues];
}

/** The mistakes, each made once; `expected` is the one message it must produce. */
const MISTAKES: Record<string, { make: () => void; expected: string }> = {
  'empty Portuguese': {
    make: () => edit('content/stacks/nginx.yaml', (text) => text.replace(/^(summary:\n\s+en-US: .*\n\s+pt-BR: ).*\n/m, '$1""\n')),
    expected:
      'content/stacks/nginx.yaml: field "summary.pt-BR" has value "": the Portuguese (pt-BR) translation is empty. Write the Portuguese text, or remove the line until it is ready (the site shows the English meanwhile).',
  },
  'wrong type': {
    make: () => edit('content/cases/museum-collection-catalog.yaml', (text) => text.replace(/^year: 2022$/m, 'year: "2022"')),
    expected:
      'content/cases/museum-collection-catalog.yaml: field "year" has value "2022": expected a number, got text. Write a whole number from 2000 to 2100 instead, without quotes.',
  },
  'unknown field': {
    make: () => edit('content/stacks/redis.yaml', (text) => `${text}colour: red\n`),
    expected:
      'content/stacks/redis.yaml: field "colour" has value "red": this field is not part of the schema. Remove it, or rename it to one of the allowed fields. Allowed values: slug, name, kind, summary, url, capabilities, commands.',
  },
  'bad slug': {
    make: () => edit('content/stacks/vite.yaml', (text) => text.replace(/^slug: vite$/m, 'slug: Vite_JS')),
    expected:
      'content/stacks/vite.yaml: field "slug" has value "Vite_JS": must be lowercase kebab-case, such as "static-exports" (letters a-z, digits, single hyphens). Did you mean "vite"?',
  },
  'unknown relation': {
    make: () => edit('content/projects/docs-hub.yaml', (text) => text.replace(/^ {2}- typescript$/m, '  - typescrpit')),
    expected:
      'content/projects/docs-hub.yaml: field "stacks[1]" has value "typescrpit": no stack has this slug. Did you mean "typescript"? All 21 allowed values: see the file names in content/stacks/.',
  },
  'duplicate slug': {
    make: () => cpSync(join(root, 'content/trust/privacy-policy.yaml'), join(root, 'content/trust/privacy-policy-2.yaml')),
    expected:
      'content/trust/privacy-policy-2.yaml: field "slug" has value "privacy-policy": this slug is already used by content/trust/privacy-policy.yaml; slugs must be unique in the trust collection. Did you mean "privacy-policy-2" (the file name)?',
  },
  'YAML syntax': {
    make: () => edit('content/journeys/care-retainer.yaml', (text) => text.replace(/^audience: (.*)$/m, 'audience: [$1')),
    expected:
      'content/journeys/care-retainer.yaml: field "(line 8, column 11)" has value "audience: [product-teams": YAML syntax error: missed comma between flow collection entries. Close the "[" or "{" opened on this line, or write the list with one "- " line per item.',
  },
  'gates out of order': {
    make: () =>
      edit('content/operations/seo-and-distribution.yaml', (text) =>
        text.replace(/- site:export\n(\s*)- build/m, '- build\n$1- site:export'),
      ),
    expected:
      'content/operations/seo-and-distribution.yaml: field "gates" has value ["build","site:export"]: gates must follow the canonical order without repeats (site:export, format:check, lint, test, build, matrix:check); "site:export" comes after "build". Write them in this order: site:export, build.',
  },
  'unknown gate': {
    make: () => edit('content/operations/auditable-api.yaml', (text) => text.replace(/- "?test"?$/m, '- unit-tests')),
    expected:
      'content/operations/auditable-api.yaml: field "gates[1]" has value "unit-tests": this is not one of the allowed values. Use one of the allowed values. Allowed values: site:export, format:check, lint, test, build, matrix:check.',
  },
  'misspelt gate': {
    make: () => edit('content/operations/accessible-by-default.yaml', (text) => text.replace(/- "?lint"?$/m, '- lnit')),
    expected:
      'content/operations/accessible-by-default.yaml: field "gates[1]" has value "lnit": this is not one of the allowed values. Did you mean "lint"? Allowed values: site:export, format:check, lint, test, build, matrix:check.',
  },
  'empty file': {
    make: () => writeFileSync(join(root, 'content/stacks/sqlite.yaml'), ''),
    expected:
      'content/stacks/sqlite.yaml: field "(file)" has value (missing): the file is empty or is not a map of fields. Write the entry\'s fields, one "name: value" line each; `npm run new -- stacks <slug>` writes a starting point.',
  },
  'empty text': {
    make: () => edit('content/stacks/docker.yaml', (text) => text.replace(/^name: Docker$/m, 'name: ""')),
    expected: 'content/stacks/docker.yaml: field "name" has value "": this text is empty. Write text.',
  },
  'empty translation': {
    make: () => edit('content/stacks/eslint.yaml', (text) => text.replace(/^ {2}en-US: .*$/m, '  en-US: ""')),
    expected:
      'content/stacks/eslint.yaml: field "summary.en-US" has value "": the English (en-US) text is missing. Write the English text.',
  },
  'number below its range': {
    make: () => edit('content/cases/clinic-network-online-booking.yaml', (text) => text.replace(/^year: \d+$/m, 'year: 1999')),
    expected:
      'content/cases/clinic-network-online-booking.yaml: field "year" has value 1999: this is below the allowed range. Write a whole number from 2000 to 2100.',
  },
  'text too long': {
    make: () => edit('content/links/contact-email.yaml', (text) => text.replace(/^slug: contact-email$/m, `slug: ${'c'.repeat(65)}`)),
    expected: `content/links/contact-email.yaml: field "slug" has value "${'c'.repeat(65)}": this is longer than 64 characters. Shorten it to 64 characters or fewer.`,
  },
  'file name is not the slug': {
    make: () => renameSync(join(root, 'content/trust/track-record.yaml'), join(root, 'content/trust/our-record.yaml')),
    expected:
      'content/trust/our-record.yaml: field "slug" has value "track-record": the file name must be the slug. Rename the file to track-record.yaml, or change the slug to "our-record".',
  },
  'entry refers to itself': {
    make: () => edit('content/projects/ledger-sync.yaml', (text) => text.replace(/^related:\n/m, 'related:\n  - ledger-sync\n')),
    expected:
      'content/projects/ledger-sync.yaml: field "related[0]" has value "ledger-sync": a project cannot refer to itself. Remove "ledger-sync" from "related".',
  },
  'stray file': {
    make: () => writeFileSync(join(root, 'content/projects/notes.md'), '# notes\n'),
    expected:
      'content/projects/notes.md: field "(file)" has value "notes.md": entries are YAML files. Give it a YAML extension if it is an entry, or move it out of content/. Allowed values: .yaml, .yml.',
  },
};

describe('the shipped content', () => {
  it('has no problem', () => {
    expect(problems()).toEqual([]);
  });
});

describe('one mistake gives one message naming the file, the field, the value and the fix', () => {
  for (const [kind, { make, expected }] of Object.entries(MISTAKES)) {
    it(kind, () => {
      make();
      expect(problems().map(formatIssue)).toEqual([expected]);
    });
  }

  it('all the mistakes at once give one message each, none about the entries they touch', () => {
    for (const { make } of Object.values(MISTAKES)) make();
    expect(problems().map(formatIssue).sort()).toEqual(
      Object.values(MISTAKES)
        .map(({ expected }) => expected)
        .sort(),
    );
  });
});

describe('did you mean', () => {
  it('a misspelt field is one message with the field it stands for, not also "missing"', () => {
    edit('content/stacks/redis.yaml', (text) => text.replace(/^summary:/m, 'sumary:'));
    const found = problems();
    expect(found).toHaveLength(1);
    expect(formatIssue(found[0]!)).toMatch(
      /^content\/stacks\/redis\.yaml: field "sumary" has value \{.*: this field is not part of the schema\. Did you mean "summary"\?/,
    );
  });

  it('a misspelt locale key suggests the locale', () => {
    edit('content/stacks/redis.yaml', (text) => text.replace(/^(summary:\n\s+en-US: .*\n\s+)pt-BR:/m, '$1pt-br:'));
    const found = problems();
    expect(found.map((issue) => [issue.field, issue.problem, issue.fix])).toEqual([
      ['summary.pt-br', 'this is not one of the locales', 'Did you mean "pt-BR"?'],
    ]);
  });

  it('a misspelt enum value suggests the allowed one and lists the short list', () => {
    edit('content/stacks/redis.yaml', (text) => text.replace(/^kind: .*$/m, 'kind: databse'));
    expect(problems().map(formatIssue)).toEqual([
      'content/stacks/redis.yaml: field "kind" has value "databse": this is not one of the allowed values. Did you mean "database"? Allowed values: language, framework, runtime, library, database, tooling, platform, standard.',
    ]);
  });

  it('a relation in the wrong case is one message with the slug, not a pattern error', () => {
    edit('content/projects/docs-hub.yaml', (text) => text.replace(/^ {2}- typescript$/m, '  - TypeScript'));
    expect(problems().map((issue) => [issue.field, issue.problem, issue.fix])).toEqual([
      ['stacks[1]', 'no stack has this slug', 'Did you mean "typescript"?'],
    ]);
  });

  it('a short list of slugs is printed in full, a long one says where to see them', () => {
    edit('content/projects/docs-hub.yaml', (text) => text.replace(/^category: .*$/m, 'category: web-platformz'));
    expect(problems().map(formatIssue)).toEqual([
      'content/projects/docs-hub.yaml: field "category" has value "web-platformz": no category has this slug. Did you mean "web-platforms"? Allowed values: content-systems, data-products, developer-tooling, digital-commerce, operations-reliability, public-apis, web-platforms.',
    ]);
  });

  it('no suggestion when nothing is close', () => {
    edit('content/projects/docs-hub.yaml', (text) => text.replace(/^category: .*$/m, 'category: gardening'));
    expect(problems().map((issue) => issue.fix)).toEqual(['Use the slug of an existing category.']);
  });
});

describe('an unknown folder', () => {
  it('suggests the collection it stands for', () => {
    cpSync(join(root, 'content/stacks'), join(root, 'content/stack'), { recursive: true });
    rmSync(join(root, 'content/stacks'), { recursive: true });
    // The stacks are gone, so the relations to them are reported too; the folder comes first.
    expect(formatIssue(problems()[0]!)).toBe(
      'content/stack: field "(folder)" has value "stack": this folder is not a collection. Did you mean "stacks"? Allowed values: profile, profiles, links, cases, categories, capabilities, stacks, projects, operations, journeys, trust.',
    );
  });
});
