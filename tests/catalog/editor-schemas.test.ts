/**
 * The editor schemas: committed files equal what site:export generates now, every content file
 * passes its schema in a JSON Schema validator (what yaml-language-server does in the editor),
 * and broken copies are rejected. Needs no build.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { buildEditorFiles, EDITOR_SETTINGS_FILE, editorSchema, editorSchemaFile } from '../../src/catalog/editor-schemas.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import { COLLECTION_NAMES, type CollectionName } from '../../src/schemas/collections.ts';

const raw = readContentFolder('content');
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const validators = new Map<CollectionName, ValidateFunction>(
  COLLECTION_NAMES.map((name) => [name, ajv.compile(JSON.parse(readFileSync(editorSchemaFile(name), 'utf8')) as object)]),
);

/** One shipped entry's data, parsed again so a test may break it freely. */
function entry(name: CollectionName, index = 0): Record<string, unknown> {
  return yaml.load(readFileSync(raw[name][index]!.file, 'utf8')) as Record<string, unknown>;
}

/** The validator's complaints, as "path message" lines. */
function errors(name: CollectionName, data: unknown): string[] {
  const validate = validators.get(name)!;
  return validate(data) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

describe('editor files', () => {
  it('are current: the committed files equal what site:export generates (run it and commit when this fails)', () => {
    for (const [path, text] of buildEditorFiles(raw)) expect(readFileSync(path, 'utf8'), path).toBe(text);
  });

  it('map every collection folder to its schema', () => {
    const settings = JSON.parse(readFileSync(EDITOR_SETTINGS_FILE, 'utf8')) as { 'yaml.schemas': Record<string, string[]> };
    const folders = readdirSync('content', { withFileTypes: true }).filter((item) => item.isDirectory());
    expect(folders.map((folder) => folder.name).sort()).toEqual([...COLLECTION_NAMES].sort());
    for (const folder of folders) {
      const mapped = Object.entries(settings['yaml.schemas']).filter(([, globs]) =>
        globs.some((glob) => glob.startsWith(`content/${folder.name}/`)),
      );
      expect(mapped.map(([schema]) => schema)).toEqual([`./${editorSchemaFile(folder.name as CollectionName)}`]);
    }
  });
});

describe('every content file against its JSON Schema', () => {
  for (const name of COLLECTION_NAMES) {
    it(`${name}: every file passes`, () => {
      for (const { file } of raw[name]) expect(errors(name, yaml.load(readFileSync(file, 'utf8'))), file).toEqual([]);
    });
  }
});

describe('the schemas catch mistakes while typing', () => {
  it('a removed required field', () => {
    const stack = entry('stacks');
    delete stack['summary'];
    expect(errors('stacks', stack)).toEqual([" must have required property 'summary'"]);
  });

  it('a missing English text, but not a missing translation', () => {
    const project = entry('projects');
    delete (project['summary'] as Record<string, string>)['pt-BR'];
    expect(errors('projects', project)).toEqual([]);
    delete (project['summary'] as Record<string, string>)['en-US'];
    expect(errors('projects', project)).toEqual(["/summary must have required property 'en-US'"]);
  });

  it('an unknown field', () => {
    expect(errors('stacks', { ...entry('stacks'), colour: 'red' })).toEqual([' must NOT have additional properties']);
  });

  it('a relation to a slug that does not exist, with the current slugs offered', () => {
    const project = entry('projects');
    project['stacks'] = ['typescrpit'];
    expect(errors('projects', project)).toEqual(['/stacks/0 must be equal to one of the allowed values']);
    const stacks = validators.get('projects')!.schema as { properties: { stacks: { items: { enum: string[] } } } };
    expect(stacks.properties.stacks.items.enum).toContain('typescript');
  });

  it('a wrong type', () => {
    expect(errors('cases', { ...entry('cases'), year: '2022' })).toEqual(['/year must be integer']);
  });
});

describe('a relation to an empty collection', () => {
  it('keeps the slug pattern instead of an enum that accepts nothing', () => {
    const slugs = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, ['some-slug']])) as Record<CollectionName, string[]>;
    const properties = (name: CollectionName, given: Record<CollectionName, string[]>) =>
      editorSchema(name, given).properties as Record<string, { enum?: string[]; pattern?: string; items?: { enum?: string[] } }>;
    expect(properties('cases', slugs)['project']?.enum).toEqual(['some-slug']);
    const project = properties('cases', { ...slugs, projects: [] })['project'];
    expect(project?.enum).toBeUndefined();
    expect(project?.pattern).toBe('^[a-z0-9]+(?:-[a-z0-9]+)*$');
    expect(properties('cases', { ...slugs, stacks: [] })['stacks']?.items?.enum).toBeUndefined();
  });
});
