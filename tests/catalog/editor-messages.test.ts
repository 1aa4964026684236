/**
 * The editor messages of the mistakes tests/catalog/validate.test.ts does not make: each value kind
 * a wrong type can have, nested fields and translations, formats, list and range bounds, leftover
 * to-dos and a misspelt field next to a broken one. One shipped entry is changed in memory (no copy
 * of the content folder) and the whole message is pinned, typed out here.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/catalog/content-error.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import { checkCollections } from '../../src/catalog/validate.ts';
import type { CollectionName } from '../../src/schemas/collections.ts';

const shipped = readContentFolder('content');

/** Every message after `change` edits (a copy of) the entry `slug` of `name`. */
function messages(name: CollectionName, slug: string, change: (data: Record<string, unknown>) => void): string[] {
  const file = `content/${name}/${slug}.yaml`;
  const entries = shipped[name].map((entry) => {
    if (entry.file !== file) return entry;
    const data = structuredClone(entry.data) as Record<string, unknown>;
    change(data);
    return { ...entry, data };
  });
  expect(
    entries.some((entry) => entry.file === file),
    `${file} is shipped`,
  ).toBe(true);
  return checkCollections({ ...shipped, [name]: entries }).issues.map(formatIssue);
}

const REDIS = 'content/stacks/redis.yaml';
const PROFILE = 'content/profile/oficina-norte.yaml';
const STACK_KINDS = 'language, framework, runtime, library, database, tooling, platform, standard';
type Data = Record<string, unknown>;
const first = (data: Data, field: string): Data => (data[field] as Data[])[0]!;

describe('a value of the wrong kind says what it got', () => {
  const FOUNDED = 'Write a whole number from 1990 to 2100 instead';
  it.each([
    ['null', null, `has value null: expected a number, got an empty value. ${FOUNDED}.`],
    ['a list', [2019], `has value [2019]: expected a number, got a list. ${FOUNDED}.`],
    ['a map', { year: 2019 }, `has value {"year":2019}: expected a number, got a map of fields. ${FOUNDED}.`],
    ['true/false', true, `has value true: expected a number, got true/false. ${FOUNDED}.`],
    ['number-like text', ' 2019 ', `has value " 2019 ": expected a number, got text. ${FOUNDED}, without quotes.`],
    ['blank text', '  ', `has value "  ": expected a number, got text. ${FOUNDED}.`],
    ['other text', 'soon', `has value "soon": expected a number, got text. ${FOUNDED}.`],
  ])('%s', (_label, value, message) => {
    expect(messages('profile', 'oficina-norte', (data) => (data['founded'] = value))).toEqual([`${PROFILE}: field "founded" ${message}`]);
  });

  it('a number where text belongs', () => {
    expect(messages('stacks', 'redis', (data) => (data['name'] = 42))).toEqual([
      `${REDIS}: field "name" has value 42: expected text, got a number. Write text instead.`,
    ]);
  });
});

describe('missing fields and translations name their parent', () => {
  it('a required top-level field', () => {
    expect(messages('stacks', 'redis', (data) => delete data['url'])).toEqual([
      `${REDIS}: field "url" has value (missing): this required field is missing. Add "url:" with a site path starting with "/", an https:// address or a mailto: address.`,
    ]);
  });

  it('a missing choice lists the choices', () => {
    expect(messages('stacks', 'redis', (data) => delete data['kind'])).toEqual([
      `${REDIS}: field "kind" has value (missing): this is not one of the allowed values. Use one of the allowed values. Allowed values: ${STACK_KINDS}.`,
    ]);
  });

  it('a required field inside a list item', () => {
    expect(messages('stacks', 'redis', (data) => delete first(data, 'commands')['purpose'])).toEqual([
      `${REDIS}: field "commands[0].purpose" has value (missing): this required field is missing. Add "purpose:" under "commands[0]" with the text in every locale, one indented line each (en-US:, pt-BR:).`,
    ]);
  });

  it('the default text; a missing translation is no mistake', () => {
    expect(messages('stacks', 'redis', (data) => delete (data['summary'] as Data)['en-US'])).toEqual([
      `${REDIS}: field "summary.en-US" has value (missing): the English (en-US) text is missing. Add a "en-US:" line under "summary" with the English text.`,
    ]);
    expect(messages('stacks', 'redis', (data) => delete (first(data, 'commands')['purpose'] as Data)['pt-BR'])).toEqual([]);
  });

  it('an unknown locale with no near match', () => {
    expect(messages('stacks', 'redis', (data) => ((data['summary'] as Data)['fr'] = 'Cache'))).toEqual([
      `${REDIS}: field "summary.fr" has value "Cache": this is not one of the locales. Remove it, or rename it to one of the allowed locales. Allowed values: en-US, pt-BR.`,
    ]);
  });
});

describe('formats', () => {
  it('an email address', () => {
    expect(messages('profile', 'oficina-norte', (data) => (data['email'] = 'hello-at-oficina'))).toEqual([
      `${PROFILE}: field "email" has value "hello-at-oficina": this is not an email address. Write an address such as "name@example.org".`,
    ]);
  });

  it('an http:// address suggests https://, another address says what is allowed', () => {
    const LINK = 'must be a site path starting with "/", an https:// address or a mailto: address';
    expect(messages('stacks', 'redis', (data) => (data['url'] = 'http://redis.io'))).toEqual([
      `${REDIS}: field "url" has value "http://redis.io": ${LINK}. Did you mean "https://redis.io"?`,
    ]);
    expect(messages('stacks', 'redis', (data) => (data['url'] = 'ftp://redis.io'))).toEqual([
      `${REDIS}: field "url" has value "ftp://redis.io": ${LINK}. Write a site path starting with "/", an https:// address or a mailto: address.`,
    ]);
  });
});

describe('bounds', () => {
  it('a list below its minimum, one item and two', () => {
    expect(messages('operations', 'auditable-api', (data) => (data['routes'] = []))).toEqual([
      'content/operations/auditable-api.yaml: field "routes" has value []: this list needs at least 1 item. Write a list with at least 1 item, one "- " line per item, each a site path starting with "/".',
    ]);
    expect(messages('journeys', 'care-retainer', (data) => (data['steps'] = [(data['steps'] as unknown[])[0]]))).toEqual([
      expect.stringMatching(
        /^content\/journeys\/care-retainer\.yaml: field "steps" has value \[\{"title":.*\.\.\.: this list needs at least 2 items\. Write a list with at least 2 items, one "- " line per item, each a map with the fields title, description\.$/,
      ),
    ]);
  });

  it('a number above its range', () => {
    expect(messages('cases', 'museum-collection-catalog', (data) => (data['year'] = 2101))).toEqual([
      'content/cases/museum-collection-catalog.yaml: field "year" has value 2101: this is above the allowed range. Write a whole number from 2000 to 2100.',
    ]);
  });

  it('a relation slug that is too long is one relation message, not also a length message', () => {
    const long = 'a'.repeat(65);
    expect(messages('projects', 'docs-hub', (data) => ((data['stacks'] as string[])[0] = long))).toEqual([
      `content/projects/docs-hub.yaml: field "stacks[0]" has value "${long}": no stack has this slug. Use the slug of an existing stack. All 21 allowed values: see the file names in content/stacks/.`,
    ]);
  });
});

describe('to-dos left by `npm run new`', () => {
  it('name what to write: a relation, a translation (also nested), plain text; only values that start with the marker', () => {
    expect(
      messages('stacks', 'redis', (data) => {
        data['name'] = '  TODO';
        (data['capabilities'] as string[])[0] = 'TODO';
        (data['summary'] as Data)['pt-BR'] = 'TODO: traduzir';
        (first(data, 'commands')['purpose'] as Data)['en-US'] = 'TODO';
        first(data, 'commands')['command'] = 'redis-cli TODO';
      }),
    ).toEqual([
      `${REDIS}: field "name" has value "  TODO": this field is still a to-do. Replace the to-do with the name, as plain text.`,
      `${REDIS}: field "summary.pt-BR" has value "TODO: traduzir": this field is still a to-do. Replace the to-do with the Portuguese text.`,
      `${REDIS}: field "capabilities[0]" has value "TODO": this field is still a to-do. Replace the to-do with the slug of a capability (a file name in content/capabilities/).`,
      `${REDIS}: field "commands[0].purpose.en-US" has value "TODO": this field is still a to-do. Replace the to-do with the English text.`,
    ]);
  });
});

describe('a misspelt field', () => {
  it('next to the field it stands for: both messages, the broken field included', () => {
    expect(
      messages('stacks', 'redis', (data) => {
        data['nam'] = 'Redis';
        data['name'] = 42;
      }),
    ).toEqual([
      `${REDIS}: field "nam" has value "Redis": this field is not part of the schema. Did you mean "name"? Allowed values: slug, name, kind, summary, url, capabilities, commands.`,
      `${REDIS}: field "name" has value 42: expected text, got a number. Write text instead.`,
    ]);
  });
});

describe('a file that holds no map', () => {
  it.each([
    ['null', null],
    ['a list', ['slug: redis']],
    ['text', 'slug redis'],
  ])('%s: one message for the whole file, none from the relation checks', (_label, value) => {
    const entries = shipped.stacks.map((entry) => (entry.file === REDIS ? { ...entry, data: value } : entry));
    expect(checkCollections({ ...shipped, stacks: entries }).issues.map((issue) => [issue.file, issue.field, issue.problem])).toEqual([
      [REDIS, '(file)', 'the file is empty or is not a map of fields'],
    ]);
  });
});
