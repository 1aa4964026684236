/**
 * Reading a content folder, on small folders written here: stray files and folders, YAML syntax
 * errors with the line an editor must look at and the fix, the order files are read in, and the
 * whole-collection rules (exactly one studio profile). Every expected message is typed out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentValidationError, formatIssue, type ContentIssue } from '../../src/catalog/content-error.ts';
import { readContent, readContentFolder } from '../../src/catalog/load-files.ts';
import { checkCollections, validateCollections } from '../../src/catalog/validate.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'read-content-'));
  mkdirSync(join(root, 'content'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `content/<path>` in the scratch folder. */
function write(path: string, text: string): void {
  const full = join(root, 'content', path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const read = () => readContent(join(root, 'content'), root);
/** The one syntax error of `content/stacks/x.yaml` holding `text`. */
function syntaxError(text: string): string {
  write('stacks/x.yaml', text);
  const error = read().raw.stacks[0]?.syntaxError;
  expect(error, 'a syntax error').toBeDefined();
  return formatIssue(error!);
}

describe('what does not belong', () => {
  it('a file beside the collection folders, but not a note for editors', () => {
    write('stray.yaml', 'slug: x\n');
    write('README.md', '# notes\n');
    expect(read().issues.map(formatIssue)).toEqual([
      'content/stray.yaml: field "(file)" has value "stray.yaml": files belong in a collection folder. Move it into the folder of its collection. Allowed values: content/profile/, content/profiles/, content/links/, content/cases/, content/categories/, content/capabilities/, content/stacks/, content/projects/, content/operations/, content/journeys/, content/trust/.',
    ]);
  });

  it('a folder that is not a collection, nor close to one', () => {
    write('gardening/x.yaml', 'slug: x\n');
    expect(read().issues.map(formatIssue)).toEqual([
      'content/gardening: field "(folder)" has value "gardening": this folder is not a collection. Rename it to one of the collections, or move it out of content/. Allowed values: profile, profiles, links, cases, categories, capabilities, stacks, projects, operations, journeys, trust.',
    ]);
  });
});

describe('files are read in name order, folders included', () => {
  it('sorts the entries of a collection and the problems across folders', () => {
    for (const name of ['m', 'b', 'z', 'a', 'sub/c', 'k']) write(`stacks/${name}.yaml`, `slug: ${name.replace('sub/', '')}\n`);
    write('zzz-notes.txt', '');
    write('aaa-notes.txt', '');
    const { raw, issues } = read();
    expect(raw.stacks.map((entry) => entry.file)).toEqual([
      'content/stacks/a.yaml',
      'content/stacks/b.yaml',
      'content/stacks/k.yaml',
      'content/stacks/m.yaml',
      'content/stacks/sub/c.yaml',
      'content/stacks/z.yaml',
    ]);
    expect(issues.map((issue) => issue.file)).toEqual(['content/aaa-notes.txt', 'content/zzz-notes.txt']);
  });
});

describe('a YAML syntax error points at the line to fix', () => {
  it('an unclosed bracket on the first line, noticed at the end of the file', () => {
    expect(syntaxError('stacks: [a, b\n')).toBe(
      'content/stacks/x.yaml: field "(line 1, column 9)" has value "stacks: [a, b": YAML syntax error: unexpected end of the stream within a flow collection. Close the "[" or "{" opened on this line, or write the list with one "- " line per item.',
    );
  });

  it('the nearest unclosed bracket above the error, not a later one', () => {
    expect(syntaxError('a: [x, y\nb: 1\nc: [z\n')).toMatch(
      /^content\/stacks\/x\.yaml: field "\(line 1, column 4\)" has value "a: \[x, y": YAML syntax error: /,
    );
  });

  it('bad indentation, at the column js-yaml names, the line shown trimmed', () => {
    expect(syntaxError('slug: a\n  name: b\n')).toBe(
      'content/stacks/x.yaml: field "(line 2, column 7)" has value "name: b": YAML syntax error: bad indentation of a mapping entry. Line this field up with the fields around it, using spaces (not tabs), and put a space after each colon.',
    );
  });

  it('an unquoted colon in a value: quote the value, written out', () => {
    expect(syntaxError('slug: a\nname: Tide Tracker: the app\n')).toBe(
      'content/stacks/x.yaml: field "(line 2, column 19)" has value "name: Tide Tracker: the app": YAML syntax error: bad indentation of a mapping entry. Put the value in quotes: name: "Tide Tracker: the app" (a colon followed by a space inside an unquoted value starts a new field).',
    );
    expect(syntaxError('summary:\n  en-US: Tide: the "app"\n')).toContain('Put the value in quotes: en-US: "Tide: the \\"app\\""');
    expect(syntaxError('gates:\n  - en-US: a: b\n')).toContain('Put the value in quotes: - en-US: "a: b"');
    // An already quoted value followed by a colon is not this mistake.
    expect(syntaxError('name: "a": b\n')).toContain('Line this field up');
  });

  it('a tab in the indentation', () => {
    expect(syntaxError('a:\n\t- b\n')).toBe(
      'content/stacks/x.yaml: field "(line 2, column 1)" has value "- b": YAML syntax error: tab characters must not be used in indentation. Indent with spaces, not tabs.',
    );
  });

  it('anything else gets the general advice', () => {
    expect(syntaxError('- a\nb: c\n')).toBe(
      'content/stacks/x.yaml: field "(line 2, column 1)" has value "b: c": YAML syntax error: end of the stream or a document separator is expected. Check the indentation, the colon after each field name, and that quotes and brackets are closed.',
    );
  });
});

describe('readContentFolder', () => {
  it('returns a clean folder, and throws a lone syntax error or a lone stray file', () => {
    write('stacks/x.yaml', 'slug: x\n');
    expect(readContentFolder(join(root, 'content'), root).stacks).toEqual([{ file: 'content/stacks/x.yaml', data: { slug: 'x' } }]);
    write('stacks/y.yaml', 'a:\n\t- b\n');
    expect(() => readContentFolder(join(root, 'content'), root)).toThrow(
      /with 1 problem:\n {2}- content\/stacks\/y\.yaml: field "\(line 2, column 1\)"/,
    );
    rmSync(join(root, 'content/stacks/y.yaml'));
    write('stray.txt', '');
    expect(() => readContentFolder(join(root, 'content'), root)).toThrow(/with 1 problem:\n {2}- content\/stray\.txt: field "\(file\)"/);
  });

  it('throws every misplaced file and syntax error at once', () => {
    write('stray.yaml', '');
    write('stacks/x.yaml', 'a:\n\t- b\n');
    let thrown: unknown;
    try {
      readContentFolder(join(root, 'content'), root);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ContentValidationError);
    expect((thrown as ContentValidationError).issues.map((issue) => [issue.file, issue.field])).toEqual([
      ['content/stray.yaml', '(file)'],
      ['content/stacks/x.yaml', '(line 2, column 1)'],
    ]);
  });
});

describe('the profile collection holds exactly one entry', () => {
  const shipped = readContentFolder('content');
  const collectionIssues = (issues: readonly ContentIssue[]) => issues.filter((issue) => issue.field === '(collection)').map(formatIssue);

  it('none', () => {
    expect(collectionIssues(checkCollections({ ...shipped, profile: [] }).issues)).toEqual([
      'content/profile/: field "(collection)" has value 0: the profile collection must hold exactly one entry, the studio. Add the studio as content/profile/<slug>.yaml (`npm run new -- profile <slug>` writes one).',
    ]);
  });

  it('two', () => {
    const [studio] = shipped.profile;
    const second = { file: 'content/profile/second-studio.yaml', data: { ...(studio!.data as object), slug: 'second-studio' } };
    expect(collectionIssues(checkCollections({ ...shipped, profile: [studio!, second] }).issues)).toEqual([
      'content/profile/: field "(collection)" has value 2: the profile collection must hold exactly one entry, the studio. Keep one file and move the others out of content/profile/.',
    ]);
  });

  it('validateCollections reports earlier problems even when the files are valid', () => {
    const earlier: ContentIssue = {
      file: 'content/x.txt',
      field: '(file)',
      value: 'x.txt',
      problem: 'entries are YAML files',
      fix: 'Rename it.',
    };
    expect(() => validateCollections(shipped, [earlier])).toThrow(ContentValidationError);
    expect(() => validateCollections(shipped, [earlier])).toThrow(/with 1 problem:\n {2}- content\/x\.txt: field "\(file\)"/);
    expect(validateCollections(shipped).profile).toHaveLength(1);
  });
});
