/**
 * Reverse relations of the detail views (cases of a project, cases and projects of a category,
 * what refers to a stack or an operation), checked against the YAML files read directly with
 * js-yaml, not through the catalog: every reverse list holds exactly the entries whose files name
 * the subject, in file order, and the shipped content gives each kind at least one non-empty list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCatalog, type Catalog } from '../../src/catalog/catalog.ts';
import { loadCollections } from '../../src/catalog/load-content.ts';
import type { Ref } from '../../src/schemas/views.ts';

// Built in each test, not once per file, so mutation testing sees the catalog's views being made.
let catalog: Catalog;
beforeEach(() => {
  catalog = createCatalog(loadCollections());
});

/** Every file of a collection folder, parsed, in catalog (file name) order. */
function files(collection: string): Record<string, unknown>[] {
  const folder = join('content', collection);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => yaml.load(readFileSync(join(folder, name), 'utf8')) as Record<string, unknown>);
}

/** Slugs of the files of `collection` whose `field` is, or lists, `slug`. */
function naming(collection: string, field: string, slug: string): string[] {
  return files(collection)
    .filter((data) => {
      const value = data[field];
      return Array.isArray(value) ? value.includes(slug) : value === slug;
    })
    .map((data) => String(data['slug']));
}

const slugs = (refs: readonly Ref[] | undefined): string[] => (refs ?? []).map((ref) => ref.slug);

/** [subject collection, view, reverse member, referring collection, referring field] */
const REVERSE: [string, (slug: string) => Record<string, unknown> | undefined, string, string, string][] = [
  ['projects', (slug) => catalog.projectDetail(slug), 'cases', 'cases', 'project'],
  ['projects', (slug) => catalog.projectDetail(slug), 'referenced_by', 'projects', 'related'],
  ['categories', (slug) => catalog.categoryDetail(slug), 'cases', 'cases', 'category'],
  ['categories', (slug) => catalog.categoryDetail(slug), 'projects', 'projects', 'category'],
  ['stacks', (slug) => catalog.stackDetail(slug), 'projects', 'projects', 'stacks'],
  ['stacks', (slug) => catalog.stackDetail(slug), 'cases', 'cases', 'stacks'],
  ['stacks', (slug) => catalog.stackDetail(slug), 'operations', 'operations', 'stacks'],
  ['operations', (slug) => catalog.operationDetail(slug), 'categories', 'categories', 'operations'],
];

describe.each(REVERSE.map(([subject, view, member, from, field]) => ({ subject, view, member, from, field })))(
  '$subject $member (from $from, field $field)',
  ({ subject, view, member, from, field }) => {
    it('lists exactly the entries that name the subject, in catalog order, as resolved references', () => {
      let nonEmpty = 0;
      for (const { slug } of files(subject) as { slug: string }[]) {
        const refs = view(slug)?.[member] as Ref[] | undefined;
        expect(slugs(refs), `${subject}/${slug}.${member}`).toEqual(naming(from, field, slug));
        for (const ref of refs ?? []) expect(ref.url, `${subject}/${slug}.${member}`).toMatch(new RegExp(`/${ref.slug}/$`));
        if ((refs ?? []).length > 0) nonEmpty += 1;
      }
      expect(nonEmpty, `some ${subject} have ${member}`).toBeGreaterThan(0);
    });
  },
);

it('names an unknown slug as no view', () => {
  expect(catalog.projectDetail('no-such-project')).toBeUndefined();
  expect(catalog.categoryDetail('no-such-category')).toBeUndefined();
  expect(catalog.stackDetail('no-such-stack')).toBeUndefined();
  expect(catalog.operationDetail('no-such-operation')).toBeUndefined();
  expect(catalog.caseDetail('no-such-case')).toBeUndefined();
});
