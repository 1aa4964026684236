/**
 * `npm run new -- <collection> <slug>`: writes content/<collection>/<slug>.yaml with every
 * required field marked as a to-do. Validation reports each to-do until it is filled.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { COLLECTION_NAMES, type CollectionName } from '../src/schemas/collections.ts';
import { SLUG_PATTERN } from '../src/schemas/common.ts';
import { newEntryText } from '../src/catalog/new-entry.ts';
import { didYouMean, slugify } from '../src/catalog/suggest.ts';
import { TODO_MARKER } from '../src/catalog/editor-messages.ts';

const [collection, slug] = process.argv.slice(2);

/** Stops with a message that says what to type instead. */
function fail(message: string): never {
  console.error(`new: ${message}`);
  console.error(`new: usage: npm run new -- <collection> <slug>, with a collection among ${COLLECTION_NAMES.join(', ')}.`);
  process.exit(1);
}

if (!collection || !slug) fail('give a collection and a slug.');
if (!(COLLECTION_NAMES as readonly string[]).includes(collection)) {
  const suggestion = didYouMean(collection, COLLECTION_NAMES);
  fail(`"${collection}" is not a collection.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`);
}
if (!SLUG_PATTERN.test(slug)) fail(`"${slug}" is not a slug (lowercase kebab-case). Did you mean "${slugify(slug)}"?`);

const file = `content/${collection}/${slug}.yaml`;
if (existsSync(file)) fail(`${file} already exists; choose another slug or edit that file.`);
const text = newEntryText(collection as CollectionName, slug);
mkdirSync(`content/${collection}`, { recursive: true });
writeFileSync(file, text);
const todos = text.split('\n').filter((line) => !line.startsWith('#') && line.includes(TODO_MARKER)).length;
console.log(
  `new: wrote ${file} with ${todos} to-dos. Replace each ${TODO_MARKER}, then run \`npm run site:export\`: it lists what is left.`,
);
