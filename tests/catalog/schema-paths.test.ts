/**
 * Reading a JSON Schema at a field path and saying in words what a field expects: the words every
 * editor message and new-entry hint is made of. Hand-written schemas and expected phrases, so no
 * expected value comes from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { describeExpected, fieldNames, isLocalizedText, nodeAt, resolveRef, SHORT_LIST } from '../../src/catalog/schema-paths.ts';
import type { JsonSchema } from '../../src/schemas/json-schema.ts';

const TEXT: JsonSchema = {
  type: 'object',
  properties: { 'en-US': { type: 'string' }, 'pt-BR': { type: 'string' } },
  required: ['en-US', 'pt-BR'],
};

const ROOT: JsonSchema = {
  $ref: '#/definitions/Entry',
  definitions: {
    Text: TEXT,
    Entry: {
      type: 'object',
      properties: {
        slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
        title: { $ref: '#/definitions/Text' },
        steps: { type: 'array', minItems: 2, items: { type: 'object', properties: { title: { $ref: '#/definitions/Text' } } } },
        tags: { type: 'array', items: [{ type: 'string' }] },
      },
    },
  },
};

describe('resolveRef', () => {
  it('follows a local reference into definitions or $defs, and leaves other nodes alone', () => {
    expect(resolveRef(ROOT, { $ref: '#/definitions/Text' })).toBe(TEXT);
    expect(resolveRef({ $defs: { Text: TEXT } }, { $ref: '#/$defs/Text' })).toBe(TEXT);
    const plain = { type: 'string' } as JsonSchema;
    expect(resolveRef(ROOT, plain)).toBe(plain);
    expect(resolveRef(ROOT, undefined)).toBeUndefined();
  });

  it('gives undefined for a reference to nothing, or a root without definitions', () => {
    expect(resolveRef(ROOT, { $ref: '#/definitions/Missing' })).toBeUndefined();
    expect(resolveRef({ type: 'object' }, { $ref: '#/definitions/Text' })).toBeUndefined();
  });
});

describe('nodeAt', () => {
  it('walks fields, list items and references', () => {
    expect(nodeAt(ROOT, [])?.properties?.['slug']).toEqual({ type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });
    expect(nodeAt(ROOT, ['title'])).toBe(TEXT);
    expect(nodeAt(ROOT, ['steps', 1, 'title'])).toBe(TEXT);
    expect(nodeAt(ROOT, ['steps', 0])?.type).toBe('object');
  });

  it('gives undefined past the schema: unknown fields, indexes into non-lists or tuple lists, keys under a list', () => {
    expect(nodeAt(ROOT, ['nope'])).toBeUndefined();
    expect(nodeAt(ROOT, ['nope', 'deeper'])).toBeUndefined();
    expect(nodeAt(ROOT, ['slug', 0])).toBeUndefined();
    expect(nodeAt(ROOT, ['tags', 0])).toBeUndefined();
    expect(nodeAt(ROOT, ['steps', 'title'])).toBeUndefined();
  });
});

describe('fieldNames and isLocalizedText', () => {
  it('lists the fields in schema order, none for a node without properties', () => {
    expect(fieldNames(nodeAt(ROOT, []))).toEqual(['slug', 'title', 'steps', 'tags']);
    expect(fieldNames({ type: 'string' })).toEqual([]);
    expect(fieldNames(undefined)).toEqual([]);
  });

  it('is localized text only with exactly the locales as fields', () => {
    expect(isLocalizedText(TEXT)).toBe(true);
    expect(isLocalizedText({ properties: { 'pt-BR': {}, 'en-US': {} } })).toBe(true);
    expect(isLocalizedText({ properties: { 'en-US': {} } })).toBe(false);
    expect(isLocalizedText({ properties: { 'en-US': {}, fr: {} } })).toBe(false);
    expect(isLocalizedText({ properties: { 'en-US': {}, 'pt-BR': {}, fr: {} } })).toBe(false);
    expect(isLocalizedText(undefined)).toBe(false);
  });
});

describe('describeExpected', () => {
  const LETTERS = Array.from({ length: SHORT_LIST + 1 }, (_, index) => String.fromCharCode(97 + index));
  const CASES: [string, JsonSchema | undefined, string][] = [
    ['nothing', undefined, 'a value'],
    ['a reference to nothing', { $ref: '#/definitions/Missing' }, 'a value'],
    ['a node without a type', {}, 'a value'],
    ['a null', { type: 'null' }, 'a value'],
    [
      'localized text, through a reference',
      { $ref: '#/definitions/Text' },
      'the text in every locale, one indented line each (en-US:, pt-BR:)',
    ],
    ['a short enum', { enum: ['a', 'b', 1] }, 'one of a, b, 1'],
    ['an enum of exactly the short list', { enum: LETTERS.slice(0, SHORT_LIST) }, `one of ${LETTERS.slice(0, SHORT_LIST).join(', ')}`],
    ['an enum one longer than the short list', { enum: LETTERS }, `one of the ${SHORT_LIST + 1} allowed values`],
    ['a bounded integer', { type: 'integer', minimum: 2000, maximum: 2100 }, 'a whole number from 2000 to 2100'],
    ['an integer with a minimum', { type: 'integer', minimum: 1 }, 'a whole number of at least 1'],
    ['an integer with a maximum', { type: 'integer', maximum: 9 }, 'a whole number of at most 9'],
    ['an unbounded integer', { type: 'integer' }, 'a whole number'],
    ['a bounded number', { type: 'number', minimum: 0, maximum: 1 }, 'a number from 0 to 1'],
    ['a number', { type: 'number' }, 'a number'],
    ['a boolean', { type: 'boolean' }, 'true or false'],
    [
      'a list of one or more',
      { type: 'array', minItems: 1, items: { type: 'boolean' } },
      'a list with at least 1 item, one "- " line per item, each true or false',
    ],
    [
      'a list of two or more',
      { type: 'array', minItems: 2, items: { type: 'integer' } },
      'a list with at least 2 items, one "- " line per item, each a whole number',
    ],
    ['a list of anything', { type: 'array' }, 'a list, one "- " line per item, each a value'],
    ['a tuple list', { type: 'array', items: [{ type: 'string' }] } as JsonSchema, 'a list, one "- " line per item, each a value'],
    [
      'a map with required fields',
      { type: 'object', properties: { a: {}, b: {}, c: {} }, required: ['c', 'a'] },
      'a map with the fields c, a',
    ],
    ['a map without required fields', { type: 'object', properties: { a: {}, b: {} } }, 'a map with the fields a, b'],
    ['an email', { type: 'string', format: 'email' }, 'an email address'],
    ['a slug', { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }, 'a lowercase kebab-case slug such as "static-exports"'],
    ['a site path', { type: 'string', pattern: '^\\/[^\\s]*$' }, 'a site path starting with "/"'],
    ['another pattern', { type: 'string', pattern: '^x+$' }, 'text matching ^x+$'],
    ['text', { type: 'string' }, 'text'],
  ];

  it.each(CASES.map(([label, node, words]) => ({ label, node, words })))('$label: $words', ({ node, words }) => {
    expect(describeExpected(ROOT, node)).toBe(words);
  });
});
