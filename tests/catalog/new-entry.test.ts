/**
 * A new entry (src/catalog/new-entry.ts, what `npm run new` writes): it holds every required field
 * in every locale, validation reports each to-do (and nothing else) until it is filled, and once
 * filled with real values it passes. The script itself is tested in tests/scripts/new-entry.test.ts.
 */
import yaml from 'js-yaml';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/catalog/content-error.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import { newEntryText } from '../../src/catalog/new-entry.ts';
import { TODO_MARKER } from '../../src/catalog/editor-messages.ts';
import type { RawCollections } from '../../src/catalog/raw-content.ts';
import { checkCollections } from '../../src/catalog/validate.ts';
import { COLLECTION_NAMES, type CollectionName } from '../../src/schemas/collections.ts';

const shipped = readContentFolder('content');

/** The shipped content plus one new entry. */
function withEntry(name: CollectionName, file: string, data: unknown): RawCollections {
  return { ...shipped, [name]: [...shipped[name], { file, data }] };
}

/** Every path in `data` whose value is a to-do, as [path, value] pairs. */
function todos(data: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (data === TODO_MARKER) return [path];
  if (data && typeof data === 'object')
    return Object.entries(data).flatMap(([key, value]) => todos(value, [...path, Array.isArray(data) ? Number(key) : key]));
  return [];
}

/** Reads a value at a path. */
function at(data: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<PropertyKey, unknown> | undefined)?.[key], data);
}

/** Writes a value at a path, in place. */
function put(data: unknown, path: readonly PropertyKey[], value: unknown): void {
  const parent = at(data, path.slice(0, -1)) as Record<PropertyKey, unknown>;
  parent[path.at(-1)!] = value;
}

// The profile collection holds exactly one entry, so a second one is an error of its own.
const COLLECTIONS = COLLECTION_NAMES.filter((name) => name !== 'profile');

describe('a new entry', () => {
  for (const name of COLLECTIONS) {
    it(`${name}: reports one to-do per placeholder, then passes once filled from an existing entry`, () => {
      const file = `content/${name}/brand-new.yaml`;
      const data = yaml.load(newEntryText(name, 'brand-new')) as Record<string, unknown>;
      const placeholders = todos(data);
      expect(placeholders.length).toBeGreaterThan(0);

      const { issues } = checkCollections(withEntry(name, file, data));
      expect(issues.map((issue) => issue.file)).toEqual(placeholders.map(() => file));
      expect(issues.map((issue) => issue.problem)).toEqual(placeholders.map(() => 'this field is still a to-do'));
      for (const issue of issues) expect(formatIssue(issue)).toMatch(/: this field is still a to-do\. Replace the to-do with .{6,}\.$/);

      // Fill every to-do with the value an existing entry has at the same place.
      const model = shipped[name][0]!.data;
      for (const path of placeholders) put(data, path, at(model, path));
      expect(checkCollections(withEntry(name, file, data)).issues).toEqual([]);
    });
  }

  it('writes text in every locale and says what to write, such as a slug from the right folder', () => {
    const data = yaml.load(newEntryText('projects', 'brand-new')) as Record<string, unknown>;
    expect(data['summary']).toEqual({ 'en-US': TODO_MARKER, 'pt-BR': TODO_MARKER });
    const messages = checkCollections(withEntry('projects', 'content/projects/brand-new.yaml', data)).issues.map(formatIssue);
    expect(messages).toContain(
      'content/projects/brand-new.yaml: field "stacks[0]" has value "TODO": this field is still a to-do. Replace the to-do with the slug of a stack (a file name in content/stacks/).',
    );
    expect(messages).toContain(
      'content/projects/brand-new.yaml: field "started" has value "TODO": this field is still a to-do. Replace the to-do with a whole number from 2000 to 2100.',
    );
    expect(messages).toContain(
      'content/projects/brand-new.yaml: field "summary.pt-BR" has value "TODO": this field is still a to-do. Replace the to-do with the Portuguese text.',
    );
  });

  it('is already formatted the way prettier wants it', async () => {
    const options = await prettier.resolveConfig('content/stacks/new.yaml');
    for (const name of COLLECTIONS) {
      expect(await prettier.check(newEntryText(name, 'brand-new'), { ...options, filepath: `content/${name}/brand-new.yaml` }), name).toBe(
        true,
      );
    }
  });
});

describe('the text of a new entry', () => {
  it('lists the optional fields in its header and holds only the required ones, in schema order', () => {
    expect(newEntryText('trust', 'brand-new')).toBe(
      [
        '# A new trust signal. Replace every TODO, then run `npm run site:export` to check it.',
        '# Optional fields you may add: url.',
        'slug: brand-new',
        'kind: TODO',
        'title:',
        '  en-US: TODO',
        '  pt-BR: TODO',
        'summary:',
        '  en-US: TODO',
        '  pt-BR: TODO',
        'details: []',
        '',
      ].join('\n'),
    );
  });

  it('has no optional-fields line when every field is required', () => {
    expect(newEntryText('stacks', 'brand-new')).toMatch(
      /^# A new stack\. Replace every TODO, then run `npm run site:export` to check it\.\nslug: brand-new\nname: TODO\n/,
    );
  });

  it('gives a list its minimum number of items, each shaped like its item schema', () => {
    const data = yaml.load(newEntryText('journeys', 'brand-new')) as Record<string, unknown>;
    const text = { 'en-US': TODO_MARKER, 'pt-BR': TODO_MARKER };
    expect(data['steps']).toEqual([
      { title: text, description: text },
      { title: text, description: text },
    ]);
    expect(data['links']).toEqual([{ label: text, url: TODO_MARKER }]);
  });

  it('quotes a slug that would otherwise read as a number, with double quotes', () => {
    expect(newEntryText('stacks', '2024')).toContain('\nslug: "2024"\n');
  });
});
